#pragma once
// Internal: the access log (README.md, "Logs"): a line per HTTP request answered and per
// WebSocket closed, at info (errors: a 5xx at error). What a request asked is named by its
// route's pattern, never by the path or query a client sent, so no token reaches the log.
#include <chrono>
#include <cstdint>
#include <string_view>

namespace loyang::server::logs {

/// An HTTP request answered: `route` as the route table names it ("/api/games/{id}", "static",
/// "unmatched"), `status`, `took` from its last byte read to its answer made, `client` (its
/// address, the proxy's X-Forwarded-For believed as configured) and `account` (0: none).
void http_request(std::string_view method, std::string_view route, unsigned status, std::chrono::microseconds took,
                  std::string_view client, std::int64_t account);

/// What the access log says of a WebSocket when it ends.
struct websocket_summary {
  std::string_view client;
  std::int64_t account = 0;  // 0: a guest, or no hello
  /// The close code: the one sent (1001 going away, 1008 policy, 4001 token revoked) or, when
  /// the client closed, the one it sent; 1006 when the connection ended without a close.
  int code = 1006;
  std::uint64_t messages_in = 0;
  std::uint64_t messages_out = 0;
  std::chrono::milliseconds lasted{0};
};

/// A WebSocket opened (after its upgrade) and one closed.
void websocket_opened(std::string_view client);
void websocket_closed(const websocket_summary& s);

}  // namespace loyang::server::logs
