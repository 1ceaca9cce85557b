// The server's log lines (server/src/logs/format.hpp) as an operator's tools read them: JSON
// lines that parse, one object each, with the UTC time, level, component, message and the
// event's fields; text lines that start with the UTC time and its zone. Whatever a message
// holds (quotes, newlines, control characters) cannot break a JSON line.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <spdlog/sinks/ostream_sink.h>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "logs/format.hpp"

using namespace loyang::server;

namespace {

// The default logger writes to `out` while this lives.
struct captured {
  std::ostringstream out;
  std::shared_ptr<spdlog::logger> before = spdlog::default_logger();

  explicit captured(logs::log_format f) {
    auto l = std::make_shared<spdlog::logger>("test", std::make_shared<spdlog::sinks::ostream_sink_st>(out));
    logs::use_format(*l, f);
    l->set_level(spdlog::level::trace);
    spdlog::set_default_logger(l);
  }
  ~captured() { spdlog::set_default_logger(before); }

  std::vector<std::string> lines() const {
    std::vector<std::string> all;
    std::istringstream in(out.str());
    for (std::string line; std::getline(in, line);) all.push_back(line);
    return all;
  }
};

}  // namespace

TEST_CASE("JSON log lines parse, one per message, with time, level, component, message and fields",
          "[server][logs]") {
  captured c(logs::log_format::json);
  spdlog::info("lobby: {} games, {} rated", 12, 3);
  spdlog::warn("game {}: seat {} ran out of time", 41, 2);
  spdlog::error("stopped");
  logs::event(spdlog::level::info, "accounts", "login failed", {{"account", std::int64_t(7)}, {"client", "10.0.0.9"}});
  spdlog::info("http: a \"quoted\" path\nand a second line\x01");
  // A field named like one of the line's own members does not replace it.
  logs::event(spdlog::level::info, "moderation", "operator action", {{"message", std::int64_t(9)}, {"level", "x"}});
  const auto lines = c.lines();
  REQUIRE(lines.size() == 6);
  std::vector<nlohmann::json> parsed;
  for (const auto& l : lines) {
    INFO(l);
    parsed.push_back(nlohmann::json::parse(l));
    CHECK(std::regex_match(parsed.back()["time"].get<std::string>(),
                           std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)")));
  }
  CHECK(parsed[0]["level"] == "info");
  CHECK(parsed[0]["component"] == "lobby");
  CHECK(parsed[0]["message"] == "12 games, 3 rated");
  CHECK(parsed[1]["level"] == "warning");
  CHECK(parsed[1]["component"] == "game");
  CHECK(parsed[1]["game"] == 41);
  CHECK(parsed[1]["message"] == "seat 2 ran out of time");
  CHECK_FALSE(parsed[2].contains("component"));
  CHECK(parsed[2]["message"] == "stopped");
  CHECK(parsed[3]["component"] == "accounts");
  CHECK(parsed[3]["message"] == "login failed");
  CHECK(parsed[3]["account"] == 7);
  CHECK(parsed[3]["client"] == "10.0.0.9");
  CHECK(parsed[4]["message"] == "a \"quoted\" path\nand a second line\x01");
  CHECK(parsed[5]["message"] == "operator action");
  CHECK(parsed[5]["level"] == "info");
  CHECK(parsed[5]["message_field"] == 9);
  CHECK(parsed[5]["level_field"] == "x");
}

TEST_CASE("text log lines start with the UTC time and its zone, and name an event's fields", "[server][logs]") {
  captured c(logs::log_format::text);
  spdlog::info("lobby: ready");
  logs::event(spdlog::level::warn, "accounts", "login throttled", {{"client", "10.0.0.9"}, {"account", std::int64_t(7)}});
  const auto lines = c.lines();
  REQUIRE(lines.size() == 2);
  CHECK(std::regex_match(lines[0], std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z info lobby: ready)")));
  CHECK(std::regex_match(lines[1], std::regex(R"(.*Z warning accounts: login throttled client=10\.0\.0\.9 account=7)")));
}

TEST_CASE("a log format is text or json", "[server][logs]") {
  CHECK(logs::format_named("json") == logs::log_format::json);
  CHECK(logs::format_named("text") == logs::log_format::text);
  CHECK_FALSE(logs::format_named("JSON"));
  CHECK_FALSE(logs::format_named(""));
}
