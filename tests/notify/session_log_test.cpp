// One session's log as an operator reads it (README.md, "Logs"; issue 38): accounts made, logged
// in, refused and throttled (once, not once per refusal), logged out, tokens revoked; games made,
// started, resigned, timed out, taken over by a bot and finished; an operator's action; a
// notification given up; a line per HTTP request (its route's pattern and status) and per
// WebSocket (its close code); every line one JSON object with a UTC time. And nowhere in it a
// password, a token or the link of a verification mail.
#include <catch2/catch.hpp>
#include <spdlog/sinks/ostream_sink.h>

#include <map>
#include <mutex>
#include <regex>
#include <sstream>

#include "clock_helpers.hpp"
#include "logs/format.hpp"
#include "moderation/operator_command.hpp"
#include "notify_settings.hpp"

using namespace loyang::test;
using nlohmann::json;
namespace logs = loyang::server::logs;

namespace {

// The default logger's lines, as JSON, also into `out` while this lives (made before the
// servers, gone after them: the logger's sinks are not to change while it logs).
struct captured_log {
  std::ostringstream out;
  std::shared_ptr<spdlog::sinks::ostream_sink_mt> sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(out);
  spdlog::level::level_enum level_before = spdlog::default_logger()->level();

  captured_log() {
    spdlog::default_logger()->sinks().push_back(sink);
    logs::use_format(*spdlog::default_logger(), logs::log_format::json);
    spdlog::default_logger()->set_level(spdlog::level::info);
  }
  ~captured_log() {
    spdlog::default_logger()->sinks().pop_back();
    logs::use_format(*spdlog::default_logger(), logs::log_format::text);
    spdlog::default_logger()->set_level(level_before);
  }

  std::string text() {
    sink->flush();
    return out.str();
  }
};

// The log's lines with `component` and `message`.
std::vector<json> lines_of(const std::vector<json>& all, const std::string& component, const std::string& message) {
  std::vector<json> out;
  for (const auto& l : all) {
    if (l.value("component", "") == component && l.value("message", "") == message) out.push_back(l);
  }
  return out;
}

std::function<void(loyang::server::config&)> settings(const hand_clock& clock, const notify_sink& sink) {
  return [base = notify_settings(clock, sink)](loyang::server::config& c) {
    base(c);
    c.notify_max_attempts = 1;  // a notification that fails is given up at once
  };
}

std::string login(std::uint16_t port, const std::string& name, const std::string& password) {
  const auto a = call_api(port, http::verb::post, "/api/sessions", json{{"name", name}, {"password", password}});
  return a.status == http::status::created ? a.body["token"].get<std::string>() : "";
}

}  // namespace

TEST_CASE("a session's log: each event an operator looks for, and no password, token or mail link",
          "[notify][logs]") {
  captured_log log;
  notify_sink sink;
  hand_clock clock;
  const std::string password = "correct horse";
  std::vector<std::string> tokens;
  std::shared_ptr<temp_dir> data;
  {
    running_server first(settings(clock, sink));
    data = first.data();
    sign_up(first.port(), "boss", password);
  }
  REQUIRE(loyang::server::set_operator(data->path() / "data", "boss", true) == "");
  running_server s(settings(clock, sink), data);
  const auto port = s.port();
  const auto boss = login(port, "boss", password);
  REQUIRE_FALSE(boss.empty());
  const auto ann = sign_up(port, "ann", password);
  const auto bob = sign_up(port, "bob", password);
  tokens = {boss, ann, bob};

  // A wrong password, then a flood of them from one address: refused, then throttled.
  CHECK(api_post(port, "/api/sessions", "", {{"name", "ann"}, {"password", "not it"}}).status ==
        http::status::unauthorized);
  int throttled = 0;
  for (int i = 0; i < 60 && throttled < 5; ++i) {
    const auto a = api_post(port, "/api/sessions", "", {{"name", "cat"}, {"password", "guess " + std::to_string(i)}});
    if (a.status == http::status::too_many_requests) ++throttled;
  }
  REQUIRE(throttled == 5);

  // Ann's address confirmed through her mail's link; Bob's webhook refused (a private address).
  REQUIRE(call_api(port, http::verb::put, "/api/account/notifications", json{{"email", "ann@loyang.test"}}, ann).status ==
          http::status::ok);
  follow_verification(port, sink, ann, "ann@loyang.test");
  const auto mail = mails_to(sink, "ann@loyang.test").front();
  const auto link_at = mail.find("verify?token=");
  REQUIRE(link_at != std::string::npos);
  const auto link_token = mail.substr(link_at + 13, 64);
  REQUIRE(call_api(port, http::verb::put, "/api/account/notifications",
                   json{{"webhook", {{"url", "http://192.168.255.254/hook"}, {"format", "json"}}}}, bob)
              .status == http::status::ok);

  // A duel Bob resigns; a game against a bot where Ann runs out of time and the bot takes over.
  const auto duel = quick_game(port, ann, bob, bob);
  const auto timed = api_post(port, "/api/games", ann,
                              {{"players", 2}, {"bots", 1}, {"bot_level", "random"}, {"takeover_level", "random"},
                               {"time_control", {{"type", "per_move"}, {"seconds", 60}}}});
  REQUIRE(timed.status == http::status::created);
  const std::int64_t bot_game = timed.body["id"];
  summary_when(port, bot_game, ann, [](const json& g) { return acting(g, 0); });
  clock.move_to(hand_t0 + 3600);
  summary_when(port, bot_game, ann, [](const json& g) { return g["status"] == "finished"; });

  // An operator cancels an open game.
  const auto open = api_post(port, "/api/games", ann, {{"players", 3}});
  REQUIRE(open.status == http::status::created);
  REQUIRE(api_post(port, game_path(open.body["id"], "cancel"), boss, {{"reason", "a test"}}).status == http::status::ok);

  // A WebSocket that says goodbye, and one whose token is revoked by its logout.
  {
    ws_client quick(port);
    quick.hello(bob);
    quick.close();
  }
  ws_client live(port);
  live.hello(ann);
  REQUIRE(call_api(port, http::verb::delete_, "/api/sessions", std::nullopt, ann).status == http::status::ok);
  eventually([&] {
    live.try_next(std::chrono::milliseconds(100));
    return live.closed();
  }, "the revoked connection closed");
  CHECK(live.close_code() == 4001);
  eventually([&] { return metric(port, "loyang_notifications_failed_total") >= 1; }, "the webhook given up");
  REQUIRE(s.stop_within(std::chrono::seconds(30)));

  const auto text = log.text();
  std::vector<json> all;
  {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      auto j = json::parse(line, nullptr, false);
      INFO(line);
      REQUIRE(j.is_object());
      CHECK(std::regex_match(j.value("time", ""), std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)")));
      all.push_back(std::move(j));
    }
  }
  INFO(text);

  // Accounts.
  CHECK(lines_of(all, "accounts", "sign-up").size() == 3);
  CHECK(lines_of(all, "accounts", "login").size() >= 4);
  CHECK_FALSE(lines_of(all, "accounts", "login failed").empty());
  const auto floods = lines_of(all, "accounts", "attempts throttled");
  REQUIRE(floods.size() == 1);  // five refusals, one line
  CHECK(floods[0]["name"] == "cat");
  CHECK(lines_of(all, "accounts", "logout").size() == 1);
  const auto revoked = lines_of(all, "accounts", "token revoked");
  REQUIRE(revoked.size() == 1);
  CHECK(revoked[0]["why"] == "logout");
  CHECK(revoked[0]["connections"] == 1);

  // Games.
  CHECK(lines_of(all, "games", "created").size() == 3);
  CHECK(lines_of(all, "games", "started").size() == 2);
  CHECK(lines_of(all, "games", "resigned").size() == 1);
  const auto late = lines_of(all, "games", "timed out");
  REQUIRE(late.size() == 1);
  CHECK(late[0]["game"] == bot_game);
  CHECK(lines_of(all, "games", "bot takes over").size() == 1);
  const auto ended = lines_of(all, "games", "finished");
  REQUIRE(ended.size() == 2);
  CHECK(ended[0]["game"] == duel);

  // The operator's action; the notification given up.
  const auto acted = lines_of(all, "moderation", "operator action");
  REQUIRE(acted.size() == 1);
  CHECK(acted[0]["action"] == "cancel_game");
  CHECK(acted[0]["game"] == open.body["id"]);
  CHECK_FALSE(lines_of(all, "notifications", "given up").empty());

  // The access log: routes by their pattern, with status and account; WebSockets' close codes.
  std::map<std::string, int> routes;
  for (const auto& l : lines_of(all, "http", "request")) routes[l.value("route", "") + " " + std::to_string(l.value("status", 0))]++;
  CHECK(routes["/api/accounts 201"] == 3);
  CHECK(routes["/api/sessions 401"] >= 1);
  CHECK(routes["/api/sessions 429"] == 5);
  CHECK(routes["/api/notify/verify 200"] == 1);
  CHECK(routes["/api/games/{id}/resign 200"] == 1);
  CHECK(routes["/api/games/{id}/cancel 200"] == 1);
  const auto cancels = [&] {
    for (const auto& l : lines_of(all, "http", "request"))
      if (l["route"] == "/api/games/{id}/cancel") return l;
    return json();
  }();
  CHECK(cancels["method"] == "POST");
  CHECK(cancels.contains("us"));
  CHECK(cancels["client"] == "127.0.0.1");
  CHECK_FALSE(cancels["account"].is_null());
  CHECK(lines_of(all, "websocket", "opened").size() == 2);
  std::multiset<int> codes;
  for (const auto& l : lines_of(all, "websocket", "closed")) codes.insert(l.value("code", 0));
  CHECK(codes == std::multiset<int>{1000, 4001});

  // No secret anywhere.
  CHECK(text.find(password) == std::string::npos);
  CHECK(text.find("not it") == std::string::npos);
  for (const auto& t : tokens) CHECK(text.find(t) == std::string::npos);
  CHECK(text.find(link_token) == std::string::npos);
  CHECK(text.find("token=") == std::string::npos);
}
