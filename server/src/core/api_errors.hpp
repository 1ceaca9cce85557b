#pragma once
// Internal: the error answers the community endpoints share (docs/protocol.md, "HTTP error codes").
#include <cstdint>
#include <string>
#include <string_view>

#include "api_reply.hpp"
#include "loyang/protocol/error_envelope.hpp"

namespace loyang::server {

inline api_reply api_error(http::status status, std::string_view code, std::string_view message) {
  return {status, protocol::error_envelope(code, message)};
}

inline api_reply no_such_game_reply() {
  return api_error(http::status::not_found, "no_such_game", "there is no such game");
}

inline api_reply no_such_player_reply() {
  return api_error(http::status::not_found, "no_such_player", "there is no such player");
}

/// 403 bot_account: `what` is for people, not for bot accounts (docs/protocol.md, "Bot accounts").
inline api_reply bot_account_reply(std::string_view what) {
  return api_error(http::status::forbidden, "bot_account", std::string(what) + " is for people, not for bot accounts");
}

inline api_reply storage_reply(std::string_view code, std::string_view what) {
  return api_error(http::status::service_unavailable, code, std::string(what) + " could not be stored");
}

/// 429 with Retry-After: `retry_after` seconds (at least 1). `code`: a stable error code of
/// docs/protocol.md ("too_many_requests" unless the limit has its own).
inline api_reply too_many(std::int64_t retry_after, std::string_view code = "too_many_requests",
                          std::string_view message = "too many requests; try again later") {
  auto r = api_error(http::status::too_many_requests, code, message);
  r.retry_after = retry_after < 1 ? 1 : retry_after;
  return r;
}

}  // namespace loyang::server
