#pragma once
// Internal: what the lobby and the accounts answer an HTTP API call with.
#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "beast.hpp"

namespace loyang::server {

/// An HTTP API answer: status, JSON body and any header fields it needs besides the common
/// ones (Allow on a 405, ...).
struct api_reply {
  http::status status = http::status::ok;
  nlohmann::json body;
  std::vector<std::pair<http::field, std::string>> headers = {};
  /// Seconds for a Retry-After header (429 and 503 answers); 0: none.
  std::int64_t retry_after = 0;
  /// When not empty: the body as JSON text already, sent instead of `body` (a large answer
  /// assembled from texts the server keeps, such as a game's history).
  std::string text = {};
};
using reply_fn = std::function<void(api_reply)>;

}  // namespace loyang::server
