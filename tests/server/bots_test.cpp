// Bot seats at levels (issue 24): chosen per seat when a game is created, shown everywhere a
// seat is, taking over seats whose player timed out or resigned, and thinking on the bot
// threads (decisions counted there), never on the I/O threads.
#include <random>

#include "clock_helpers.hpp"
#include "games/bot_levels.hpp"
#include "loyang/server/config.hpp"

namespace {
using namespace loyang::test;

void memory_only(loyang::server::config& c) { c.memory_only = true; }

// Plays `v`'s seat with random legal commands, waiting for the bots between its turns, to the end.
void play_to_end(viewer& v, std::int64_t game, std::mt19937& random) {
  bool ended = false;
  for (int turns = 0; turns < 3000 && !ended; ++turns) {
    ended = play_while_acting(v, game, random);
    if (!ended) {
      const json m = v.ws->next(std::chrono::seconds(20));
      v.take(m, v.ws->received.back());
    }
  }
  REQUIRE(ended);
}


}  // namespace

TEST_CASE("an easy bot by default: marked in the summary, the view and the record, and played to the end",
          "[server][bots]") {
  running_server s(memory_only);
  const auto t = start_game(s.port(), "ezra", 1, 1);
  const auto sum = summary(s.port(), t.game, t.tokens[0]);
  CHECK(sum["seats"][0]["bot"] == false);
  CHECK(sum["seats"][0]["bot_level"].is_null());
  CHECK(sum["seats"][1]["bot"] == true);
  CHECK(sum["seats"][1]["bot_level"] == "easy");
  viewer me = connect(s.port(), t.tokens[0], t.game, false);
  CHECK(me.doc["table"]["seats"][1]["bot_level"] == "easy");
  CHECK(me.doc["table"]["seats"][0]["bot_level"].is_null());
  std::mt19937 random(5);
  play_to_end(me, t.game, random);
  bool bot_moved = false;
  for (const auto& e : me.log) bot_moved |= e["player"] != me.seat;
  CHECK(bot_moved);
  // Every bot command was chosen on the bot threads, and nothing is left queued.
  CHECK(metric(s.port(), "loyang_bot_decisions_total") > 0);
  eventually([&] { return metric(s.port(), "loyang_bot_queue") == 0; }, "the bot queue empties");
  const auto done = summary(s.port(), t.game, t.tokens[0]);
  CHECK(done["status"] == "finished");
  CHECK(done["seats"][1]["bot_level"] == "easy");
  const auto record = call_api(s.port(), http::verb::get, game_path(t.game, "record"), std::nullopt, t.tokens[0]);
  REQUIRE(record.status == http::status::ok);
  CHECK(record.body["players"][1]["bot"] == "easy");
  CHECK(record.body["players"][0]["bot"].is_null());
}

TEST_CASE("bot levels per seat, for all bots, and what is refused", "[server][bots]") {
  running_server s(memory_only);
  const auto ann = sign_up(s.port(), "lvlann");
  // A list: one level per bot seat, in seat order (the bots take the last seats).
  const auto listed = api_post(s.port(), "/api/games", ann, {{"players", 3}, {"bots", {"random", "easy"}}});
  REQUIRE(listed.status == http::status::created);
  CHECK(listed.body["status"] == "active");
  CHECK(listed.body["seats"][1]["bot_level"] == "random");
  CHECK(listed.body["seats"][2]["bot_level"] == "easy");
  // The searching levels: strong, and the expert above it.
  const auto searching = api_post(s.port(), "/api/games", ann, {{"players", 3}, {"bots", {"strong", "expert"}}});
  REQUIRE(searching.status == http::status::created);
  CHECK(searching.body["seats"][1]["bot_level"] == "strong");
  CHECK(searching.body["seats"][2]["bot_level"] == "expert");
  // A count and one level for them all.
  const auto all = api_post(s.port(), "/api/games", ann, {{"players", 4}, {"bots", 3}, {"bot_level", "random"}});
  REQUIRE(all.status == http::status::created);
  for (int i = 1; i < 4; ++i) CHECK(all.body["seats"][i]["bot_level"] == "random");
  // The lobby's lists say so too.
  const auto mine = call_api(s.port(), http::verb::get, "/api/my/games", std::nullopt, ann);
  REQUIRE(mine.status == http::status::ok);
  bool seen = false;
  for (const auto& g : mine.body["games"]) {
    if (g["id"] == all.body["id"]) seen = g["seats"][3]["bot_level"] == "random";
  }
  CHECK(seen);
  // Refused, each with a reason.
  for (const auto& body : {json{{"players", 2}, {"bots", 1}, {"bot_level", "hard"}},
                           json{{"players", 2}, {"bots", 1}, {"bot_level", 1}},
                           json{{"players", 3}, {"bots", {"easy", "nope"}}},
                           json{{"players", 3}, {"bots", {"easy"}}, {"bot_level", "easy"}},
                           json{{"players", 2}, {"bots", {"easy", "easy"}}},
                           json{{"players", 4}, {"bots", {"easy", "easy", "easy", "easy"}}},
                           json{{"players", 2}, {"bots", "easy"}},
                           json{{"players", 2}, {"takeover_level", "best"}}}) {
    INFO(body.dump());
    const auto refused = api_post(s.port(), "/api/games", ann, body);
    CHECK(refused.status == http::status::bad_request);
    CHECK(code_of(refused) == "bad_request");
    CHECK(refused.body["error"]["message"].get<std::string>().size() > 10);
  }
  const auto why = api_post(s.port(), "/api/games", ann, {{"players", 2}, {"bots", 1}, {"bot_level", "hard"}});
  CHECK(why.body["error"]["message"].get<std::string>().find("\"easy\"") != std::string::npos);
  CHECK(why.body["error"]["message"].get<std::string>().find("\"expert\"") != std::string::npos);
}

TEST_CASE("a resigned seat is taken over by a bot of the stated level, easy by default", "[server][bots]") {
  running_server s(memory_only);
  SECTION("stated") {
    const auto t = start_game(s.port(), "tkr", 2, 1, json{{"takeover_level", "random"}});
    const auto r = call_api(s.port(), http::verb::post, game_path(t.game, "resign"), std::nullopt, t.tokens[1]);
    REQUIRE(r.status == http::status::ok);
    CHECK(r.body["seats"][1]["gone"] == "resigned");
    CHECK(r.body["seats"][1]["bot"] == true);
    CHECK(r.body["seats"][1]["bot_level"] == "random");
    CHECK(r.body["seats"][1]["player"] == "tkr1");
    CHECK(r.body["seats"][2]["bot_level"] == "easy");
    viewer v = connect(s.port(), t.tokens[0], t.game, false);
    CHECK(v.doc["table"]["seats"][1]["bot_level"] == "random");
  }
  SECTION("by default") {
    const auto t = start_game(s.port(), "tkd", 3);
    const auto r = call_api(s.port(), http::verb::post, game_path(t.game, "resign"), std::nullopt, t.tokens[2]);
    REQUIRE(r.status == http::status::ok);
    CHECK(r.body["seats"][2]["bot_level"] == "easy");
    CHECK(r.body["seats"][0]["bot_level"].is_null());
    // The bot plays the seat on: the other two play to the end.
    viewer a = connect(s.port(), t.tokens[0], t.game, false);
    viewer b = connect(s.port(), t.tokens[1], t.game, false);
    std::mt19937 random(8);
    bool ended = false;
    for (int turns = 0; turns < 5000 && !ended; ++turns) {
      ended = play_while_acting(a, t.game, random) || play_while_acting(b, t.game, random);
      if (ended) break;
      // Both see what the other did; then, if neither may act, the bot does: wait for it.
      const auto seen = std::max(a.version, b.version);
      a.catch_up(seen);
      b.catch_up(seen);
      const auto may_act = [](const viewer& v) {
        for (const auto& c : v.doc["legal"])
          if (c["type"] != "undo") return true;
        return false;
      };
      if (may_act(a) || may_act(b)) continue;
      const json m = a.ws->next(std::chrono::seconds(20));
      a.take(m, a.ws->received.back());
    }
    CHECK(ended);
  }
}

TEST_CASE("bots think on the bot threads, one decision per game at a time, a full queue only delays them",
          "[server][bots]") {
  // One bot thread and room for one queued decision: three games' bots must take turns.
  running_server s([](loyang::server::config& c) {
    c.memory_only = true;
    c.bot_threads = 1;
    c.bot_queue_limit = 1;
  });
  std::vector<table> games;
  std::vector<viewer> viewers;
  for (int i = 0; i < 3; ++i) {
    games.push_back(start_game(s.port(), "busy" + std::to_string(i) + "_", 1, 3));
    viewers.push_back(connect(s.port(), games.back().tokens[0], games.back().game, false));
  }
  std::mt19937 random(3);
  std::vector<bool> ended(games.size(), false);
  for (int round = 0; round < 20000 && std::count(ended.begin(), ended.end(), true) < 3; ++round) {
    for (std::size_t i = 0; i < games.size(); ++i) {
      if (ended[i]) continue;
      ended[i] = play_while_acting(viewers[i], games[i].game, random, true);
      if (ended[i]) continue;
      const json m = viewers[i].ws->next(std::chrono::seconds(20));  // a bot's move
      viewers[i].take(m, viewers[i].ws->received.back());
    }
  }
  CHECK(std::count(ended.begin(), ended.end(), true) == 3);
  CHECK(metric(s.port(), "loyang_bot_decisions_total") > 100);
  eventually([&] { return metric(s.port(), "loyang_bot_queue") == 0; }, "the bot queue empties");
  INFO(metrics_text(s.port()));
  CHECK(metric(s.port(), "loyang_bot_queue_full_total") >= 0);
}

TEST_CASE("--bot-threads", "[server][bots][config]") {
  const auto parse = [](std::vector<std::string> args) {
    return loyang::server::parse_config(args, [](std::string_view) { return std::optional<std::string>(); });
  };
  CHECK(parse({}).settings.bot_threads == 1);
  CHECK(parse({"--bot-threads", "4"}).settings.bot_threads == 4);
  CHECK(parse({"--bot-threads", "0"}).action == loyang::server::config_action::error);
  CHECK(parse({"--bot-threads", "65"}).action == loyang::server::config_action::error);
}

TEST_CASE("--analysis-playouts", "[server][bots][config]") {
  const auto parse = [](std::vector<std::string> args) {
    return loyang::server::parse_config(args, [](std::string_view) { return std::optional<std::string>(); });
  };
  CHECK(parse({}).settings.analysis_playouts == 240);
  CHECK(parse({"--analysis-playouts", "8"}).settings.analysis_playouts == 8);
  CHECK(parse({"--analysis-playouts", "0"}).action == loyang::server::config_action::error);
}

TEST_CASE("a timed-out seat is taken over by a bot of the stated level", "[server][bots][clocks]") {
  hand_clock clock;
  running_server s(clock.settings());
  const auto t = start_game(s.port(), "tmo", 2, 0,
                            json{{"time_control", {{"type", "per_move"}, {"seconds", 3600}}}, {"takeover_level", "random"}});
  viewer v = connect(s.port(), t.tokens[0], t.game, false);
  std::mt19937 random(4);
  REQUIRE_FALSE(play_while_acting(v, t.game, random));  // seat 0 plants; seat 1 never comes
  clock.move_to(hand_t0 + 3600 + 30);
  const auto replaced = summary_when(s.port(), t.game, t.tokens[0], [](const json& j) { return j["seats"][1]["bot"] == true; });
  CHECK(replaced["seats"][1]["gone"] == "timeout");
  CHECK(replaced["seats"][1]["bot_level"] == "random");
  CHECK(replaced["seats"][0]["bot_level"].is_null());
  // The bot moves for the seat (on the bot threads).
  eventually([&] { return metric(s.port(), "loyang_bot_decisions_total") > 0; }, "the bot moves");
}

TEST_CASE("bot levels in a game record: stored per seat, old games' bots random", "[bots]") {
  namespace bs = loyang::server::bot_seats;
  loyang::server::game_record old;  // from before levels: seat 1 a bot, nothing in extra
  old.seats.resize(3);
  old.seats[0].account_id = 1;
  old.seats[1].bot = true;
  old.seats[2].account_id = 2;
  CHECK(bs::level_of(old, 0) == std::nullopt);
  CHECK(bs::level_of(old, 1) == loyang::bots::level::random);
  CHECK(bs::level_json(old, 1) == "random");
  CHECK(bs::takeover_level(old) == loyang::bots::level::easy);
  bs::take_over(old, 2);  // a takeover in an old game: the default level
  CHECK(old.seats[2].bot);
  CHECK(bs::level_json(old, 2) == "easy");
  CHECK(bs::level_json(old, 1) == "random");
  CHECK(bs::starting_levels(old) == std::vector<loyang::bots::level>{loyang::bots::level::random});
}
