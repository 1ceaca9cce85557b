#pragma once
// Internal: what the server needs of every open connection (HTTP now, WebSocket later) so
// that a shutdown can reach them all.

namespace loyang::server {

/// A live connection the server can ask to finish.
class connection {
 public:
  virtual ~connection() = default;
  /// Asks the connection to finish: whatever request it is handling completes and is
  /// answered, then it closes. Idle connections close at once. Thread-safe.
  virtual void close() = 0;
};

}  // namespace loyang::server
