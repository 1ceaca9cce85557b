// Turn clocks (server/src/clocks): the time controls a creator may choose, and each seat's
// clock running only while that seat must act, with time moved by hand.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "clocks/deadline_queue.hpp"
#include "clocks/game_clock.hpp"
#include "game_client.hpp"

using namespace loyang::server::clocks;
using loyang::test::call_api;
using loyang::test::game_path;
using nlohmann::json;

namespace {

time_control parsed(const json& j) {
  auto r = parse_time_control(j);
  if (const auto* e = std::get_if<std::string>(&r)) FAIL(*e);
  return std::get<time_control>(r);
}

std::string refusal(const json& j) {
  auto r = parse_time_control(j);
  const auto* e = std::get_if<std::string>(&r);
  return e ? *e : "";
}

constexpr std::int64_t day = 24 * 3600;
constexpr std::int64_t t0 = 1795000000;

}  // namespace

TEST_CASE("time controls: none, per move, or a bank; anything else is refused with a reason", "[clocks]") {
  CHECK(parsed({{"type", "none"}}).what == time_control::kind::none);
  const auto move = parsed({{"type", "per_move"}, {"seconds", day}});
  CHECK(move.what == time_control::kind::per_move);
  CHECK(move.per_move == day);
  const auto bank = parsed({{"type", "bank"}, {"initial", 3 * day}, {"increment", day}, {"cap", 5 * day}});
  CHECK(bank.initial == 3 * day);
  CHECK(bank.increment == day);
  CHECK(bank.cap == 5 * day);
  for (const auto& tc : {move, bank, time_control{}}) CHECK(parsed(to_json(tc)) == tc);

  CHECK(refusal(json::array()) != "");
  CHECK(refusal({{"type", "hourglass"}}).find("hourglass") != std::string::npos);
  CHECK(refusal({{"type", "per_move"}}).find("\"seconds\" is missing") != std::string::npos);
  CHECK(refusal({{"type", "per_move"}, {"seconds", 59}}).find("from 60") != std::string::npos);
  CHECK(refusal({{"type", "per_move"}, {"seconds", 1.5}}).find("whole number") != std::string::npos);
  CHECK(refusal({{"type", "per_move"}, {"seconds", max_seconds + 1}}) != "");
  CHECK(refusal({{"type", "per_move"}, {"seconds", day}, {"grace", 5}}).find("\"grace\"") != std::string::npos);
  CHECK(refusal({{"type", "none"}, {"seconds", day}}) != "");
  CHECK(refusal({{"type", "bank"}, {"initial", 3 * day}, {"increment", 0}, {"cap", day}}).find("\"cap\"") !=
        std::string::npos);
  CHECK(refusal({{"type", "bank"}, {"initial", 3 * day}, {"increment", -1}, {"cap", 3 * day}}) != "");
}

TEST_CASE("per move: a seat's clock runs only while it must act, and each decision starts afresh",
          "[clocks]") {
  game_clock c(parsed({{"type", "per_move"}, {"seconds", day}}), 2);
  CHECK_FALSE(c.deadline(0));
  c.set_acting({0}, t0);
  CHECK(c.deadline(0) == t0 + day);
  CHECK_FALSE(c.deadline(1));  // seat 1 waits: its clock stands
  CHECK(c.left(0, t0 + 3600) == day - 3600);
  CHECK(c.left(1, t0 + 3600) == day);
  // Seat 0 goes on with its turn over several commands: the same decision, the same deadline.
  c.set_acting({0}, t0 + 7200);
  CHECK(c.deadline(0) == t0 + day);
  // Its turn ends; seat 1's decision starts with the full time.
  c.set_acting({1}, t0 + 10000);
  CHECK_FALSE(c.deadline(0));
  CHECK(c.deadline(1) == t0 + 10000 + day);
  c.set_acting({0}, t0 + 20000);
  CHECK(c.deadline(0) == t0 + 20000 + day);  // not what was left of the first
  CHECK(c.left(0, t0 + 20000 + 2 * day) == 0);
  CHECK(c.next_deadline() == std::pair<std::int64_t, loyang::engine::player_id>{t0 + 20000 + day, 0});
}

TEST_CASE("bank: time used is charged, the increment is added after each decision, up to the cap",
          "[clocks]") {
  game_clock c(parsed({{"type", "bank"}, {"initial", 2 * day}, {"increment", day}, {"cap", 3 * day}}), 2);
  c.set_acting({0}, t0);
  CHECK(c.deadline(0) == t0 + 2 * day);
  c.set_acting({1}, t0 + day / 2);           // seat 0 used half a day: 1.5 days + 1 day back
  CHECK(c.left(0, t0 + day) == 2 * day + day / 2);
  c.set_acting({0}, t0 + day);               // seat 1 answered in half a day: 1.5 days + 1 day
  CHECK(c.left(1, t0 + day) == 2 * day + day / 2);
  CHECK(c.deadline(0) == t0 + day + 2 * day + day / 2);
  c.set_acting({1}, t0 + day + 10);          // quick: 2.5 days - 10 s + 1 day, capped at 3
  CHECK(c.left(0, t0 + 5 * day) == 3 * day);
}

TEST_CASE("simultaneous decisions: every seat that must act runs its own clock", "[clocks]") {
  game_clock c(parsed({{"type", "per_move"}, {"seconds", day}}), 3);
  c.set_acting({0, 1, 2}, t0);  // home planting: everyone at once
  c.set_acting({0, 2}, t0 + 100);  // seat 1 planted
  CHECK_FALSE(c.deadline(1));
  CHECK(c.deadline(0) == t0 + day);
  CHECK(c.deadline(2) == t0 + day);
  c.set_acting({2}, t0 + 200);
  CHECK(c.next_deadline() == std::pair<std::int64_t, loyang::engine::player_id>{t0 + day, 2});
  c.set_acting({}, t0 + 300);
  CHECK_FALSE(c.next_deadline());
}

TEST_CASE("a vacation stops a seat's clock and keeps what it had left", "[clocks]") {
  game_clock c(parsed({{"type", "bank"}, {"initial", 2 * day}, {"increment", 0}, {"cap", 2 * day}}), 2);
  c.set_acting({0}, t0);
  c.pause(0, t0 + day);
  CHECK(c.paused(0));
  CHECK_FALSE(c.deadline(0));
  CHECK(c.left(0, t0 + 10 * day) == day);
  c.set_acting({0}, t0 + 2 * day);  // still its decision while away: nothing runs
  CHECK_FALSE(c.deadline(0));
  c.resume(0, t0 + 5 * day);
  CHECK(c.deadline(0) == t0 + 6 * day);
  // Away while the other seat acts: its clock starts only when it is back.
  c.set_acting({1}, t0 + 5 * day);
  c.pause(0, t0 + 5 * day);
  c.set_acting({0}, t0 + 6 * day);
  CHECK_FALSE(c.deadline(0));
  c.resume(0, t0 + 7 * day);
  CHECK(c.deadline(0) == t0 + 7 * day + day);
}

TEST_CASE("no clock: nothing runs; a clock survives being stored; a damaged one is refused", "[clocks]") {
  game_clock none;
  none.set_acting({0}, t0);
  CHECK_FALSE(none.deadline(0));
  CHECK_FALSE(none.left(0, t0));
  CHECK(none.view_json(t0).is_null());

  game_clock c(parsed({{"type", "per_move"}, {"seconds", day}}), 2);
  c.set_acting({1}, t0);
  c.pause(0, t0 + 5);
  const auto again = game_clock::from_stored(json::parse(c.stored().dump()));
  CHECK(again == c);
  CHECK(again.deadline(1) == t0 + day);
  const auto view = c.view_json(t0 + 3600);
  CHECK(view["control"] == to_json(c.control()));
  CHECK(view["seats"][1]["left"] == day - 3600);
  CHECK(view["seats"][1]["deadline"] == t0 + day);
  CHECK(view["seats"][0]["running"] == false);
  CHECK(view["seats"][0]["paused"] == true);

  json broken = c.stored();
  broken["seats"][0]["since"] = t0;  // a clock running for a seat that does not act
  CHECK_THROWS_AS(game_clock::from_stored(broken), std::invalid_argument);
  CHECK_THROWS_AS(game_clock::from_stored(json::object()), std::invalid_argument);
  broken = c.stored();
  broken["control"] = {{"type", "sundial"}};
  CHECK_THROWS_AS(game_clock::from_stored(broken), std::invalid_argument);
}

TEST_CASE("the deadline queue: one deadline per game, the earliest first; due games taken once",
          "[clocks]") {
  deadline_queue q;
  CHECK_FALSE(q.earliest());
  CHECK(q.take_due(t0).empty());
  q.arm(1, t0 + 300);
  q.arm(2, t0 + 100);
  q.arm(3, t0 + 200);
  q.arm(4, t0 + 100);
  CHECK(q.size() == 4);
  CHECK(q.earliest() == t0 + 100);
  q.arm(1, t0 + 50);        // re-armed: replaced, not added
  q.arm(3, std::nullopt);   // its clocks stopped
  CHECK(q.size() == 3);
  CHECK_FALSE(q.deadline_of(3));
  CHECK(q.deadline_of(1) == t0 + 50);
  CHECK(q.take_due(t0 + 49).empty());
  CHECK(q.take_due(t0 + 100) == std::vector<std::int64_t>{1, 2, 4});
  CHECK(q.take_due(t0 + 100).empty());  // each fires once
  CHECK_FALSE(q.earliest());
  CHECK(q.size() == 0);
  // The queue follows a game's clock: the earliest deadline of its seats.
  game_clock c(parsed({{"type", "per_move"}, {"seconds", day}}), 2);
  c.set_acting({0, 1}, t0);
  c.set_acting({1}, t0 + 10);
  c.set_acting({1, 0}, t0 + 20);
  const auto next = c.next_deadline();
  REQUIRE(next);
  q.arm(7, next->first);
  CHECK(q.earliest() == t0 + day);  // seat 1's, from t0; seat 0's runs from t0 + 20
}

TEST_CASE("a game created with a time control shows each seat's clock, which moves with the game "
          "and survives a restart", "[clocks][server]") {
  using namespace loyang::test;
  auto data = std::make_shared<temp_dir>();
  std::int64_t game = 0;
  std::vector<std::string> tokens;
  json before;
  {
    running_server s({}, data);
    // Refused with the reason, before anything is created.
    tokens.push_back(sign_up(s.port(), "clock0"));
    tokens.push_back(sign_up(s.port(), "clock1"));
    const auto bad = call_api(s.port(), http::verb::post, "/api/games",
                              json{{"players", 2}, {"time_control", {{"type", "per_move"}, {"seconds", 5}}}},
                              tokens[0]);
    CHECK(bad.status == http::status::bad_request);
    CHECK(code_of(bad) == "bad_request");
    CHECK(bad.body["error"]["message"].get<std::string>().find("\"seconds\"") != std::string::npos);

    const auto created = call_api(s.port(), http::verb::post, "/api/games",
                                  json{{"players", 2}, {"time_control", {{"type", "per_move"}, {"seconds", day}}}},
                                  tokens[0]);
    REQUIRE(created.status == http::status::created);
    game = created.body["id"];
    CHECK(created.body["clock"]["control"] == json{{"type", "per_move"}, {"seconds", day}, {"on_timeout", "bot"}});
    CHECK(created.body["clock"]["seats"][0]["running"] == false);  // not started yet
    REQUIRE(call_api(s.port(), http::verb::post, game_path(game, "join"), json::object(), tokens[1]).status ==
            http::status::ok);
    const auto started = call_api(s.port(), http::verb::get, game_path(game), std::nullopt, tokens[0]);
    REQUIRE(started.status == http::status::ok);
    // Home planting: both seats decide at once, so both clocks run.
    for (const auto& seat : started.body["to_act"]) {
      const auto& c = started.body["clock"]["seats"][seat.get<std::size_t>()];
      CHECK(c["running"] == true);
      CHECK(c["deadline"].get<std::int64_t>() > started.body["waiting_since"].get<std::int64_t>());
      CHECK(c["left"].get<std::int64_t>() <= day);
    }
    // A seat that has acted stops its clock.
    viewer v = connect(s.port(), tokens[0], game, false);
    json cmd;
    for (const auto& c : v.doc["legal"])
      if (c["type"] != "undo") cmd = c;
    REQUIRE(accepted(v.command(game, cmd, "c1")));
    before = call_api(s.port(), http::verb::get, game_path(game), std::nullopt, tokens[0]).body;
    for (std::size_t seat = 0; seat < 2; ++seat) {
      const bool acting = std::find(before["to_act"].begin(), before["to_act"].end(), json(seat)) !=
                          before["to_act"].end();
      CHECK(before["clock"]["seats"][seat]["running"] == acting);
    }
  }
  running_server s({}, data);
  const auto after = call_api(s.port(), http::verb::get, game_path(game), std::nullopt, tokens[0]);
  REQUIRE(after.status == http::status::ok);
  CHECK(after.body["clock"]["control"] == before["clock"]["control"]);
  for (std::size_t seat = 0; seat < 2; ++seat) {
    CHECK(after.body["clock"]["seats"][seat]["deadline"] == before["clock"]["seats"][seat]["deadline"]);
    CHECK(after.body["clock"]["seats"][seat]["running"] == before["clock"]["seats"][seat]["running"]);
  }
}
