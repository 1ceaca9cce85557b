#include "access.hpp"

#include "format.hpp"

namespace loyang::server::logs {

void http_request(std::string_view method, std::string_view route, unsigned status, std::chrono::microseconds took,
                  std::string_view client, std::int64_t account) {
  const auto level = status >= 500 ? spdlog::level::err : spdlog::level::info;
  if (account != 0) {
    event(level, "http", "request",
          {{"method", method}, {"route", route}, {"status", std::int64_t(status)}, {"us", std::int64_t(took.count())},
           {"client", client}, {"account", account}});
  } else {
    event(level, "http", "request",
          {{"method", method}, {"route", route}, {"status", std::int64_t(status)}, {"us", std::int64_t(took.count())},
           {"client", client}});
  }
}

void websocket_opened(std::string_view client) { event(spdlog::level::info, "websocket", "opened", {{"client", client}}); }

void websocket_closed(const websocket_summary& s) {
  const std::int64_t in = std::int64_t(s.messages_in), out = std::int64_t(s.messages_out);
  const std::int64_t ms = s.lasted.count();
  if (s.account != 0) {
    event(spdlog::level::info, "websocket", "closed",
          {{"client", s.client}, {"account", s.account}, {"code", s.code}, {"in", in}, {"out", out}, {"ms", ms}});
  } else {
    event(spdlog::level::info, "websocket", "closed",
          {{"client", s.client}, {"code", s.code}, {"in", in}, {"out", out}, {"ms", ms}});
  }
}

}  // namespace loyang::server::logs
