// Vacations (server/src/clocks/service.cpp): a player's declared absence stops his turn
// clocks in every running game (and in games that start meanwhile), within a yearly allowance;
// his opponents see until when; the clocks run again when it ends, by itself (also across a
// restart) or when he comes back early.
#include <catch2/catch.hpp>

#include "clock_helpers.hpp"

using namespace loyang::test;
using nlohmann::json;

namespace {

constexpr std::int64_t day = 24 * 3600;

api_answer vacation(std::uint16_t port, http::verb method, const std::string& token,
                    const std::optional<json>& body = std::nullopt) {
  return call_api(port, method, "/api/account/vacation", body, token);
}

}  // namespace

TEST_CASE("a vacation stops the player's clocks, within his yearly allowance, and they run again "
          "when it ends, also across a restart",
          "[clocks][server]") {
  hand_clock clock;
  auto data = std::make_shared<temp_dir>();
  table t;
  std::int64_t left_before = 0;
  {
    running_server s(clock.settings(), data);
    t = start_game(s.port(), "away", 2, 0, json{{"time_control", {{"type", "per_move"}, {"seconds", day}}}});
    viewer v = connect(s.port(), t.tokens[0], t.game, false);
    std::mt19937 random(8);
    REQUIRE_FALSE(play_while_acting(v, t.game, random));
    REQUIRE(acting(summary(s.port(), t.game, t.tokens[0]), 1));

    const auto initial = vacation(s.port(), http::verb::get, t.tokens[1]);
    REQUIRE(initial.status == http::status::ok);
    CHECK(initial.body == json{{"away", nullptr}, {"days_per_year", 24}, {"used", 0}, {"left", 24}});
    CHECK(code_of(vacation(s.port(), http::verb::post, t.tokens[1], json{{"days", 25}})) == "no_vacation_left");
    CHECK(code_of(vacation(s.port(), http::verb::post, t.tokens[1], json{{"days", 0}})) == "bad_request");
    CHECK(code_of(vacation(s.port(), http::verb::delete_, t.tokens[1])) == "not_away");

    clock.move_to(hand_t0 + 3600);  // an hour of his day gone
    const auto away = vacation(s.port(), http::verb::post, t.tokens[1], json{{"days", 3}});
    REQUIRE(away.status == http::status::ok);
    CHECK(away.body["away"] == json{{"from", hand_t0 + 3600}, {"until", hand_t0 + 3600 + 3 * day}});
    CHECK(away.body["left"] == 21);
    CHECK(code_of(vacation(s.port(), http::verb::post, t.tokens[1], json{{"days", 1}})) == "already_away");
    const auto paused = summary_when(s.port(), t.game, t.tokens[0],
                                     [](const json& j) { return j["clock"]["seats"][1]["paused"] == true; });
    CHECK(paused["seats"][1]["away_until"] == hand_t0 + 3600 + 3 * day);
    CHECK(paused["clock"]["seats"][1]["running"] == false);
    left_before = paused["clock"]["seats"][1]["left"];
    // Two days later he has not lost his seat: his clock stands.
    clock.move_to(hand_t0 + 2 * day);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    const auto still = summary(s.port(), t.game, t.tokens[0]);
    CHECK(still["seats"][1]["bot"] == false);
    CHECK(still["clock"]["seats"][1]["left"] == left_before);
  }
  // The vacation ends while the server is down: back up, his clock runs again from its end.
  clock.move_to(hand_t0 + 3600 + 3 * day + 100);
  running_server s(clock.settings(), data);
  const auto back = summary_when(s.port(), t.game, t.tokens[0],
                                 [](const json& j) { return j["clock"]["seats"][1]["running"] == true; });
  CHECK(back["clock"]["seats"][1]["paused"] == false);
  CHECK(back["seats"][1]["away_until"].is_null());
  CHECK(back["clock"]["seats"][1]["deadline"].get<std::int64_t>() == hand_t0 + 3600 + 3 * day + 100 + left_before);

  // Coming back early: a second vacation ended at once counts one day.
  REQUIRE(vacation(s.port(), http::verb::post, t.tokens[1], json{{"days", 5}}).status == http::status::ok);
  summary_when(s.port(), t.game, t.tokens[0], [](const json& j) { return j["clock"]["seats"][1]["paused"] == true; });
  const auto early = vacation(s.port(), http::verb::delete_, t.tokens[1]);
  REQUIRE(early.status == http::status::ok);
  CHECK(early.body["away"].is_null());
  CHECK(early.body["used"] == 4);
  summary_when(s.port(), t.game, t.tokens[0], [](const json& j) { return j["clock"]["seats"][1]["running"] == true; });

  // A game that starts while a player is away starts with his clock standing.
  REQUIRE(vacation(s.port(), http::verb::post, t.tokens[0], json{{"days", 1}}).status == http::status::ok);
  const auto fresh = call_api(s.port(), http::verb::post, "/api/games",
                              json{{"players", 2}, {"time_control", {{"type", "per_move"}, {"seconds", day}}}},
                              t.tokens[0]);
  REQUIRE(fresh.status == http::status::created);
  const auto joined = call_api(s.port(), http::verb::post, game_path(fresh.body["id"], "join"), json::object(), t.tokens[1]);
  REQUIRE(joined.status == http::status::ok);
  CHECK(joined.body["clock"]["seats"][0]["paused"] == true);
  CHECK(joined.body["seats"][0]["away_until"] == hand_t0 + 3600 + 3 * day + 100 + day);
}
