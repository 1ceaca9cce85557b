#pragma once
// Internal: per-connection limits of the WebSocket protocol, with their defaults.
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace loyang::server {

struct ws_limits {
  /// Largest message a client may send, in bytes.
  std::size_t max_message = 64 * 1024;
  /// Token bucket: messages per second, and the burst allowed.
  double messages_per_second = 20;
  double burst = 60;
  /// Messages refused for speed in a row after which the connection is closed as abusive.
  int max_strikes = 50;
  /// Messages waiting to be sent; a client that lets more pile up is disconnected.
  std::size_t max_queue = 1024;
  /// Origins allowed to open a WebSocket (browsers send Origin); empty: any.
  std::vector<std::string> allowed_origins;
};

}  // namespace loyang::server
