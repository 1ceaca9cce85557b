// When time runs out (server/src/clocks): reminders before a deadline, the policies a creator
// chooses (a bot takes over, the others vote, or a 2-player game ends), resigning, and the
// timer service that fires all of it, also across a restart. Time is moved by hand.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <atomic>
#include <random>
#include <thread>

#include "clocks/game_clock.hpp"
#include "clocks/timeouts.hpp"
#include "clock_helpers.hpp"
#include "games/result.hpp"

using namespace loyang::server::clocks;
using loyang::persistence::departure;
using loyang::persistence::game_record;
using loyang::persistence::game_status;
using nlohmann::json;

namespace {

constexpr std::int64_t day = 24 * 3600;
constexpr std::int64_t t0 = loyang::test::hand_t0;

time_control per_day(timeout_policy p = timeout_policy::bot) {
  time_control tc;
  tc.what = time_control::kind::per_move;
  tc.per_move = day;
  tc.on_timeout = p;
  return tc;
}

// An active game of `people` accounts (ids 1..) whose seats in `acting` must act since t0.
game_record running(std::size_t people, const time_control& tc, std::vector<loyang::engine::player_id> acting) {
  game_record g;
  g.id = 7;
  g.status = game_status::active;
  g.seats.resize(people);
  for (std::size_t i = 0; i < people; ++i) g.seats[i].account_id = std::int64_t(i) + 1;
  g.to_act = acting;
  game_clock c(tc, people);
  c.set_acting(acting, t0);
  g.clock = c.stored();
  return g;
}

game_clock clock_of(const game_record& g) { return game_clock::from_stored(g.clock); }

template <class T>
T must(std::variant<T, refusal> v) {
  if (auto* no = std::get_if<refusal>(&v)) FAIL(no->code << ": " << no->message);
  return std::get<T>(std::move(v));
}

std::string refused(const std::variant<game_record, refusal>& v) {
  const auto* no = std::get_if<refusal>(&v);
  return no ? no->code : "";
}

}  // namespace

TEST_CASE("reminders: halfway through a decision and an hour before its end, each once", "[clocks]") {
  game_clock c(per_day(), 2);
  c.set_acting({0}, t0);
  CHECK(c.next_wake() == t0 + day / 2);
  CHECK(c.take_due(t0 + day / 2 - 1).empty());
  auto due = c.take_due(t0 + day / 2);
  CHECK(due.reminders == std::vector<std::pair<loyang::engine::player_id, int>>{{0, 1}});
  CHECK(c.take_due(t0 + day / 2 + 5).empty());  // taken once
  CHECK(c.next_wake() == t0 + day - 3600);
  CHECK(c.take_due(t0 + day - 3600).reminders == std::vector<std::pair<loyang::engine::player_id, int>>{{0, 2}});
  CHECK(c.next_wake() == t0 + day);
  due = c.take_due(t0 + day);
  CHECK(due.timed_out == std::vector<loyang::engine::player_id>{0});
  CHECK(c.left(0, t0 + day) == 0);
  CHECK_FALSE(c.next_wake());  // stopped: the caller applies the policy

  SECTION("a server that was down sends only the later reminder") {
    game_clock d(per_day(), 2);
    d.set_acting({1}, t0);
    CHECK(d.take_due(t0 + day - 60).reminders == std::vector<std::pair<loyang::engine::player_id, int>>{{1, 2}});
  }
  SECTION("reminders sent survive being stored") {
    game_clock d(per_day(), 2);
    d.set_acting({1}, t0);
    (void)d.take_due(t0 + day / 2);
    auto again = game_clock::from_stored(d.stored());
    CHECK(again == d);
    CHECK(again.next_wake() == t0 + day - 3600);
  }
  SECTION("a short limit reminds a tenth of it before the end") {
    time_control minute;
    minute.what = time_control::kind::per_move;
    minute.per_move = 60;
    game_clock d(minute, 1);
    d.set_acting({0}, t0);
    CHECK(d.take_due(t0 + 54).reminders == std::vector<std::pair<loyang::engine::player_id, int>>{{0, 2}});
  }
}

TEST_CASE("out of time, by default: a bot plays the seat for the rest of the game", "[clocks]") {
  const auto g = running(2, per_day(), {1});
  CHECK(next_wake(g) == t0 + day / 2);
  const auto early = on_wake(g, t0 + 10);
  CHECK_FALSE(early.changed);
  const auto out = on_wake(g, t0 + day);
  REQUIRE(out.changed);
  CHECK(out.timed_out == std::vector<loyang::engine::player_id>{1});
  CHECK(out.next.seats[1].bot);
  CHECK(out.next.seats[1].account_id == 2);  // still his seat, played by the bot
  CHECK(out.next.seats[1].gone == departure::timed_out);
  CHECK(out.next.seats[1].gone_at == t0 + day);
  CHECK(out.next.status == game_status::active);
  CHECK(clock_of(out.next).retired(1));
  CHECK_FALSE(next_wake(out.next));  // nobody with a clock must act
  // The seat keeps the rank its bot earned; the result says it timed out.
  loyang::engine::state s;
  s.ranking.push_back({1, 0, 0, 0, 1});
  s.ranking.push_back({0, 0, 0, 0, 2});
  const auto result = loyang::server::games::final_result(out.next, s);
  CHECK(result["ended"] == "normally");
  CHECK(result["ranking"] == json::parse(R"([{"player":1,"rank":1,"position":0,"cash":0,"vegetables":0},
                                              {"player":0,"rank":2,"position":0,"cash":0,"vegetables":0}])"));
  CHECK(result["departures"] == json::parse(R"([{"seat":1,"gone":"timeout","at":)" + std::to_string(t0 + day) + "}]"));
}

TEST_CASE("simultaneous decisions: each seat out of time is handled, the others go on", "[clocks]") {
  auto g = running(3, per_day(), {0, 1, 2});
  // Seat 2 decided in time: its clock stopped.
  auto c = clock_of(g);
  c.set_acting({0, 1}, t0 + 100);
  g.clock = c.stored();
  g.to_act = {0, 1};
  const auto out = on_wake(g, t0 + day);
  CHECK(out.timed_out == std::vector<loyang::engine::player_id>{0, 1});
  CHECK(out.next.seats[0].bot);
  CHECK(out.next.seats[1].bot);
  CHECK_FALSE(out.next.seats[2].bot);
  CHECK(out.next.status == game_status::active);
}

TEST_CASE("out of time with \"end\" (2 players): the game ends and that seat is ranked last", "[clocks]") {
  const auto g = running(2, per_day(timeout_policy::end), {0, 1});
  auto c = clock_of(g);
  c.set_acting({0}, t0 + 50);  // seat 1 answered; seat 0 never does
  auto h = g;
  h.clock = c.stored();
  const auto out = on_wake(h, t0 + day);
  CHECK(out.next.status == game_status::finished);
  CHECK(out.next.result["ended"] == "timeout");
  CHECK(out.next.result["seat"] == 0);
  CHECK(out.next.result["ranking"] == json::parse(R"([{"player":1,"rank":1},{"player":0,"rank":2}])"));
  CHECK(out.next.seats[0].gone == departure::timed_out);
  CHECK_FALSE(out.next.seats[0].bot);  // nobody plays on
  CHECK_FALSE(next_wake(out.next));
}

TEST_CASE("out of time with \"vote\": the others decide whether to wait", "[clocks]") {
  const auto g = running(3, per_day(timeout_policy::vote), {2});
  const auto out = on_wake(g, t0 + day);
  CHECK(out.votes_opened == std::vector<loyang::engine::player_id>{2});
  CHECK_FALSE(out.next.seats[2].bot);
  REQUIRE(clock_of(out.next).vote());
  CHECK(clock_of(out.next).vote()->until == t0 + 2 * day);
  CHECK(next_wake(out.next) == t0 + 2 * day);
  CHECK(voters(out.next, 2) == std::vector<loyang::engine::player_id>{0, 1});
  CHECK(refused(cast_vote(out.next, 2, true, t0 + day + 5)) == "not_a_voter");
  CHECK(refused(cast_vote(g, 0, true, t0 + 5)) == "no_vote");

  SECTION("everyone says wait: one more decision's time") {
    auto one = must(cast_vote(out.next, 0, true, t0 + day + 10));
    CHECK(clock_of(one).vote());  // seat 1 has not voted yet
    auto both = must(cast_vote(one, 1, true, t0 + day + 20));
    CHECK_FALSE(clock_of(both).vote());
    CHECK_FALSE(both.seats[2].bot);
    CHECK(clock_of(both).deadline(2) == t0 + day + 20 + day);
  }
  SECTION("anyone says no: the bot takes the seat at once") {
    auto no = must(cast_vote(out.next, 1, false, t0 + day + 10));
    CHECK(no.seats[2].bot);
    CHECK(no.seats[2].gone == departure::timed_out);
    CHECK_FALSE(clock_of(no).vote());
  }
  SECTION("the window passes: those who voted decide; nobody voted, the bot plays") {
    auto one = must(cast_vote(out.next, 0, true, t0 + day + 10));
    auto waited = on_wake(one, t0 + 2 * day);
    CHECK_FALSE(waited.next.seats[2].bot);
    CHECK(clock_of(waited.next).deadline(2) == t0 + 2 * day + day);
    auto silent = on_wake(out.next, t0 + 2 * day);
    CHECK(silent.next.seats[2].bot);
  }
  SECTION("nobody left to vote: the bot plays") {
    auto alone = g;
    alone.seats[0].bot = true;
    alone.seats[0].account_id = 0;
    alone.seats[1].gone = departure::resigned;
    alone.seats[1].bot = true;
    CHECK(on_wake(alone, t0 + day).next.seats[2].bot);
  }
}

TEST_CASE("resigning: 2 players end the game; more hand the seat to a bot and rank it last", "[clocks]") {
  const auto two = must(resign(running(2, per_day(), {0}), 0, t0 + 5));
  CHECK(two.status == game_status::finished);
  CHECK(two.result["ended"] == "resigned");
  CHECK(two.result["ranking"] == json::parse(R"([{"player":1,"rank":1},{"player":0,"rank":2}])"));
  CHECK(refused(resign(two, 1, t0 + 6)) == "not_active");

  time_control none;
  game_record three = running(3, none, {0});
  three.clock = nullptr;
  const auto left = must(resign(three, 1, t0 + 5));
  CHECK(left.status == game_status::active);
  CHECK(left.seats[1].bot);
  CHECK(left.seats[1].gone == departure::resigned);
  CHECK(left.clock.is_null());
  CHECK(refused(resign(left, 1, t0 + 6)) == "not_playing");
  // The bot on seat 1 won, and seat 2 resigned later: both below seat 0, seat 2 above seat 1.
  const auto later = must(resign(left, 2, t0 + 9));
  loyang::engine::state s;
  s.ranking.push_back({1, 15, 20, 3, 1});
  s.ranking.push_back({0, 12, 7, 9, 2});
  s.ranking.push_back({2, 10, 4, 1, 3});
  const auto result = loyang::server::games::final_result(later, s);
  // Each entry keeps its seat's own scores, whatever rank the resignations gave it.
  CHECK(result["ranking"] ==
        json::parse(R"([{"player":0,"rank":1,"position":12,"cash":7,"vegetables":9},
                        {"player":2,"rank":2,"position":10,"cash":4,"vegetables":1},
                        {"player":1,"rank":3,"position":15,"cash":20,"vegetables":3}])"));
}

// ---- through the server, with the clock moved by hand --------------------------------------

namespace {
using namespace loyang::test;
}  // namespace

TEST_CASE("a 2-player game with a one-day limit left alone by one player: reminded, replaced by a "
          "bot when his time is out, across a restart, and the game ends saying so",
          "[clocks][server]") {
  hand_clock clock;
  auto data = std::make_shared<temp_dir>();
  table t;
  {
    running_server s(clock.settings(), data);
    t = start_game(s.port(), "gone", 2, 0, json{{"time_control", {{"type", "per_move"}, {"seconds", day}}}});
    auto first = summary(s.port(), t.game, t.tokens[0]);
    CHECK(first["clock"]["control"]["on_timeout"] == "bot");
    // Seat 0 plants its home field; seat 1 never comes.
    viewer v = connect(s.port(), t.tokens[0], t.game, false);
    for (const auto& seat : v.doc["to_act"]) CHECK(v.doc["table"]["clock"]["seats"][seat.get<std::size_t>()]["running"] == true);
    std::mt19937 random(21);
    REQUIRE_FALSE(play_while_acting(v, t.game, random));
    const auto waiting = summary(s.port(), t.game, t.tokens[0]);
    REQUIRE(acting(waiting, 1));
    REQUIRE_FALSE(acting(waiting, 0));
    const auto deadline = waiting["clock"]["seats"][1]["deadline"].get<std::int64_t>();
    CHECK(deadline == t0 + day);
    // Halfway: one reminder, and nothing else changes.
    clock.move_to(t0 + day / 2);
    summary_when(s.port(), t.game, t.tokens[0], [&](const json&) { return metric(s.port(), "loyang_reminders_total") == 1; });
    // Re-armed for the next reminder once the wake is stored.
    summary_when(s.port(), t.game, t.tokens[0], [&](const json&) { return metric(s.port(), "loyang_deadlines_armed") == 1; });
    CHECK(summary(s.port(), t.game, t.tokens[0])["seats"][1]["bot"] == false);
  }
  // The server is down when the deadline passes; it fires once the server is back.
  clock.move_to(t0 + day + 30);
  running_server s(clock.settings(), data);
  const auto replaced = summary_when(s.port(), t.game, t.tokens[0], [](const json& j) { return j["seats"][1]["bot"] == true; });
  CHECK(replaced["seats"][1]["gone"] == "timeout");
  CHECK(replaced["seats"][1]["player"] == "gone1");  // still his seat
  CHECK(replaced["clock"]["seats"][1]["retired"] == true);
  CHECK(metric(s.port(), "loyang_timeouts_total") == 1);
  // His own commands are refused now: the bot keeps the seat.
  viewer gone = connect(s.port(), t.tokens[1], t.game, false);
  CHECK(gone.doc["table"]["seats"][1]["gone"] == "timeout");
  // Seat 0 plays on against the bot to the end (the hand clock stands still: nobody else runs out).
  viewer v = connect(s.port(), t.tokens[0], t.game, false);
  std::mt19937 random(22);
  bool ended = false;
  for (int turns = 0; turns < 2000 && !ended; ++turns) {
    ended = play_while_acting(v, t.game, random);
    if (!ended) {
      const json m = v.ws->next(std::chrono::seconds(20));
      v.take(m, v.ws->received.back());
    }
  }
  REQUIRE(ended);
  const auto done = summary_when(s.port(), t.game, t.tokens[0], [](const json& j) { return j["status"] == "finished"; });
  CHECK(done["result"]["ended"] == "normally");
  CHECK(done["result"]["departures"] ==
        json::parse(R"([{"seat":1,"gone":"timeout","at":)" + std::to_string(t0 + day + 30) + "}]"));
  CHECK(done["result"]["ranking"].size() == 2);
  CHECK(done["clock"]["seats"][0]["running"] == false);
  const auto refused_cmd = gone.command(t.game, json{{"type", "pass"}}, "late");
  CHECK(refused_cmd["type"] == "result");
  CHECK(refused_cmd["error"]["code"] == "game_over");
}

TEST_CASE("\"end\" in a 2-player game: the seat out of time loses and viewers see it at once",
          "[clocks][server]") {
  hand_clock clock;
  running_server s(clock.settings());
  auto t = start_game(s.port(), "ends", 2, 0,
                      json{{"time_control", {{"type", "per_move"}, {"seconds", 3600}, {"on_timeout", "end"}}}});
  viewer v = connect(s.port(), t.tokens[0], t.game, false);
  std::mt19937 random(5);
  REQUIRE_FALSE(play_while_acting(v, t.game, random));
  clock.move_to(t0 + 3600);
  const auto done = summary_when(s.port(), t.game, t.tokens[0], [](const json& j) { return j["status"] == "finished"; });
  CHECK(done["result"]["ended"] == "timeout");
  CHECK(done["result"]["seat"] == 1);
  CHECK(done["result"]["ranking"][0] == json{{"player", 0}, {"rank", 1}});
  // The watcher got the table message with the result.
  json table_msg = v.ws->next_of("table");
  v.take(table_msg, v.ws->received.back());
  CHECK(v.doc["table"]["status"] == "finished");
  CHECK(v.doc["table"]["result"]["ended"] == "timeout");
  // "end" is for two players only.
  const auto four = call_api(s.port(), http::verb::post, "/api/games",
                             json{{"players", 3}, {"time_control", {{"type", "per_move"}, {"seconds", 3600}, {"on_timeout", "end"}}}},
                             t.tokens[0]);
  CHECK(four.status == http::status::bad_request);
  CHECK(four.body["error"]["message"].get<std::string>().find("2-player") != std::string::npos);
}

TEST_CASE("vote and resign through the API", "[clocks][server]") {
  hand_clock clock;
  running_server s(clock.settings());
  auto t = start_game(s.port(), "votes", 3, 0,
                      json{{"time_control", {{"type", "per_move"}, {"seconds", 3600}, {"on_timeout", "vote"}}}});
  // Seats 0 and 1 plant; seat 2 does not.
  std::mt19937 random(9);
  for (int seat = 0; seat < 2; ++seat) {
    viewer v = connect(s.port(), t.tokens[std::size_t(seat)], t.game, false);
    REQUIRE_FALSE(play_while_acting(v, t.game, random));
  }
  const auto vote = [&](int seat, json body) {
    return call_api(s.port(), http::verb::post, game_path(t.game, "vote"), body, t.tokens[std::size_t(seat)]);
  };
  CHECK(code_of(vote(0, json{{"wait", true}})) == "no_vote");
  clock.move_to(t0 + 3600);
  auto open = summary_when(s.port(), t.game, t.tokens[0], [](const json& j) { return !j["clock"]["vote"].is_null(); });
  CHECK(open["clock"]["vote"]["seat"] == 2);
  CHECK(open["clock"]["vote"]["until"] == t0 + 2 * 3600);
  CHECK(code_of(vote(2, json{{"wait", true}})) == "not_a_voter");
  CHECK(code_of(vote(0, json{{"wait", "yes"}})) == "bad_request");
  CHECK(vote(0, json{{"wait", true}}).status == http::status::ok);
  const auto waited = vote(1, json{{"wait", true}});
  REQUIRE(waited.status == http::status::ok);
  CHECK(waited.body["clock"]["vote"].is_null());
  CHECK(waited.body["clock"]["seats"][2]["deadline"] == t0 + 2 * 3600);
  // Out of time again: this time seat 1 will not wait.
  clock.move_to(t0 + 2 * 3600);
  summary_when(s.port(), t.game, t.tokens[0], [](const json& j) { return !j["clock"]["vote"].is_null(); });
  const auto no = vote(1, json{{"wait", false}});
  REQUIRE(no.status == http::status::ok);
  CHECK(no.body["seats"][2]["bot"] == true);
  CHECK(no.body["seats"][2]["gone"] == "timeout");

  // Seat 0 resigns: the bot plays it; it cannot resign twice.
  const auto resigned = call_api(s.port(), http::verb::post, game_path(t.game, "resign"), std::nullopt, t.tokens[0]);
  REQUIRE(resigned.status == http::status::ok);
  CHECK(resigned.body["seats"][0]["gone"] == "resigned");
  CHECK(resigned.body["status"] == "active");
  CHECK(code_of(call_api(s.port(), http::verb::post, game_path(t.game, "resign"), std::nullopt, t.tokens[0])) ==
        "not_playing");
  CHECK(metric(s.port(), "loyang_resignations_total") == 1);
  // Someone who does not sit there cannot resign it.
  const auto stranger = sign_up(s.port(), "stranger");
  CHECK(code_of(call_api(s.port(), http::verb::post, game_path(t.game, "resign"), std::nullopt, stranger)) ==
        "not_seated");

  // A 2-player game: resigning ends it.
  auto two = start_game(s.port(), "duel", 2);
  const auto ended = call_api(s.port(), http::verb::post, game_path(two.game, "resign"), std::nullopt, two.tokens[1]);
  REQUIRE(ended.status == http::status::ok);
  CHECK(ended.body["status"] == "finished");
  CHECK(ended.body["result"]["ended"] == "resigned");
  CHECK(ended.body["result"]["ranking"][1] == json{{"player", 1}, {"rank", 2}});
}
