// Ratings, profiles, the leaderboard, entry limits and the daily challenge through the API,
// with the figures checked by hand and against a recomputation from the stored games.
#include <catch2/catch.hpp>

#include <ctime>
#include <sstream>

#include "game_client.hpp"
#include "ratings/recompute.hpp"

using namespace loyang::test;
using verb = beast::http::verb;
using status = beast::http::status;

TEST_CASE("rated games change ratings by pairwise Elo; the profile, history and leaderboard show it, also after a restart",
          "[server][ratings]") {
  auto data = std::make_shared<temp_dir>();
  json board_before;
  {
    running_server s({}, data);
    const auto ann = sign_up(s.port(), "ra-ann");
    const auto bob = sign_up(s.port(), "ra-bob");
    CHECK(code_of(api_post(s.port(), "/api/games", ann, {{"players", 2}, {"bots", 1}, {"rated", true}})) == "bad_request");
    CHECK(code_of(api_post(s.port(), "/api/games", ann, {{"players", 1}, {"rated", true}})) == "bad_request");
    CHECK(code_of(api_post(s.port(), "/api/games", ann, {{"players", 1}, {"min_rating", 1400}})) == "bad_request");
    CHECK(code_of(api_post(s.port(), "/api/games", ann, {{"players", 2}, {"rated", "yes"}})) == "bad_request");
    CHECK(code_of(api_post(s.port(), "/api/games", ann, {{"players", 2}, {"min_finished", 1.5}})) == "bad_request");

    quick_game(s.port(), ann, bob, bob);  // unrated: no rating
    CHECK(api_get(s.port(), "/api/leaderboard").body["players"].empty());
    const auto rated = quick_game(s.port(), ann, bob, bob, {{"rated", true}});

    // Both at 1500, expected 0.5 each, K 40 while provisional: 1500 + 40 * (1 - 0.5) = 1520.
    const auto board = api_get(s.port(), "/api/leaderboard");
    REQUIRE(board.status == status::ok);
    CHECK(board.body["players"] == json::parse(R"([{"rank":1,"name":"ra-ann","bot_account":false,"rating":1520,"games":1},
                                                   {"rank":2,"name":"ra-bob","bot_account":false,"rating":1480,"games":1}])"));
    CHECK(board.body["total"] == 2);
    CHECK(api_get(s.port(), "/api/leaderboard?limit=1").body["next_offset"] == 1);
    CHECK(api_get(s.port(), "/api/leaderboard?offset=1&limit=1").body["players"][0]["name"] == "ra-bob");
    CHECK(api_get(s.port(), "/api/leaderboard?offset=0&limit=1").body["players"][0]["name"] == "ra-ann");
    CHECK(code_of(api_get(s.port(), "/api/leaderboard?offset=-1")) == "bad_query");
    CHECK(code_of(api_get(s.port(), "/api/leaderboard?limit=0")) == "bad_query");
    CHECK(code_of(api_get(s.port(), "/api/leaderboard?limit=-1")) == "bad_query");

    const auto profile = api_get(s.port(), "/api/players/RA-ANN", bob);
    REQUIRE(profile.status == status::ok);
    CHECK(profile.body["name"] == "ra-ann");
    CHECK(profile.body["rating"] == json{{"value", 1520}, {"games", 1}, {"provisional", true}});
    CHECK(profile.body["games"] == 2);
    CHECK(profile.body["wins"] == 2);
    CHECK(profile.body["finish_share"] == 1.0);
    // Seen when she last used her login, to the hour (she just did).
    REQUIRE(profile.body["last_seen"].is_number_integer());
    const std::int64_t seen = profile.body["last_seen"];
    const auto now = std::int64_t(std::time(nullptr));
    CHECK(seen % 3600 == 0);
    CHECK(seen <= now);
    CHECK(seen > now - 3600);
    CHECK(profile.body["friend"] == false);
    REQUIRE(profile.body["recent"].size() == 2);
    // Newest first; two games finished within one second are ordered by id (ratings/stats.cpp:
    // every node reaches the same order whichever finish it hears first), so the rated game
    // is found by its id rather than its place.
    const auto& recent = profile.body["recent"];
    const auto& rated_line = recent[0]["game"] == rated ? recent[0] : recent[1];
    CHECK(recent[0]["finished_at"] >= recent[1]["finished_at"]);
    CHECK(rated_line["game"] == rated);
    CHECK(rated_line["rated"] == true);
    CHECK(rated_line["record"] == "/api/games/" + std::to_string(rated) + "/record");
    REQUIRE(profile.body["by_kind"].size() == 1);
    CHECK(profile.body["by_kind"][0]["players"] == 2);
    const auto loser = api_get(s.port(), "/api/players/ra-bob");  // a guest may look
    CHECK(loser.body["resigned"] == 2);
    CHECK(loser.body["finish_share"] == 0.0);
    CHECK(loser.body["average_rank"] == 2.0);
    CHECK_FALSE(loser.body.contains("friend"));
    const auto history = api_get(s.port(), "/api/players/ra-ann/ratings");
    CHECK(history.body["history"] == json::array({{{"game", rated}, {"at", history.body["history"][0]["at"]},
                                                   {"before", 1500}, {"after", 1520}}}));
    CHECK(code_of(api_get(s.port(), "/api/players/nobody-here")) == "no_such_player");
    board_before = board.body;
  }
  // Recomputed from the stored results at start: the same figures.
  {
    running_server s({}, data);
    CHECK(api_get(s.port(), "/api/leaderboard").body == board_before);
  }
  // And by the command, from scratch, every result checked by replaying it.
  std::ostringstream out, err;
  CHECK(loyang::ratings::ratings_command({"--json"}, data->path() / "data", out, err) == 0);
  INFO(err.str());
  const auto report = json::parse(out.str());
  CHECK(report["mismatches"].empty());
  REQUIRE(report["leaderboard"].size() == 2);
  CHECK(report["leaderboard"][0]["name"] == "ra-ann");
  CHECK(report["leaderboard"][0]["rating"] == 1520);
}

TEST_CASE("entry limits: a rating below the game's minimum, or a poor finishing record, keeps a player out",
          "[server][ratings]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto ann = sign_up(s.port(), "el-ann");
  const auto bob = sign_up(s.port(), "el-bob");
  const auto cid = sign_up(s.port(), "el-cid");
  quick_game(s.port(), ann, bob, bob, {{"rated", true}});  // ann 1520, bob 1480
  const auto high = api_post(s.port(), "/api/games", cid, {{"players", 3}, {"min_rating", 1500}});
  REQUIRE(high.status == status::created);
  CHECK(high.body["min_rating"] == 1500);
  const auto refused = api_post(s.port(), game_path(high.body["id"], "join"), bob);
  CHECK(refused.status == status::forbidden);
  CHECK(code_of(refused) == "rating_too_low");
  CHECK(api_post(s.port(), game_path(high.body["id"], "join"), ann).status == status::ok);

  // Bob has resigned 1 game: too few to judge. After 3 resigned, a 90% game keeps him out.
  const auto careful = api_post(s.port(), "/api/games", cid, {{"players", 2}, {"min_finished", 0.9}});
  const auto careful2 = api_post(s.port(), "/api/games", cid, {{"players", 2}, {"min_finished", 0.9}});
  CHECK(api_post(s.port(), game_path(careful.body["id"], "join"), bob).status == status::ok);
  quick_game(s.port(), ann, bob, bob);
  quick_game(s.port(), ann, bob, bob);
  const auto out = api_post(s.port(), game_path(careful2.body["id"], "join"), bob);
  CHECK(code_of(out) == "finishing_record_too_low");
  CHECK(api_post(s.port(), game_path(careful2.body["id"], "join"), ann).status == status::ok);
}

TEST_CASE("the daily challenge: one deal for everybody, once a day, its board after playing, the seed kept back",
          "[server][ratings][daily]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto ann = sign_up(s.port(), "dy-ann");
  const auto bob = sign_up(s.port(), "dy-bob");
  const auto before = api_get(s.port(), "/api/daily", ann);
  REQUIRE(before.status == status::ok);
  CHECK(before.body["played"].is_null());
  CHECK(before.body["streak"] == 0);
  const std::string today = before.body["date"];

  const auto mine = api_post(s.port(), "/api/daily", ann);
  REQUIRE(mine.status == status::created);
  CHECK(mine.body["status"] == "active");
  CHECK(mine.body["daily"] == today);
  CHECK(mine.body["watch"] == "players");
  CHECK(mine.body["options"]["players"] == 1);
  const auto again = api_post(s.port(), "/api/daily", ann);
  CHECK(code_of(again) == "daily_played");
  CHECK(again.body["game"] == mine.body["id"]);
  const auto his = api_post(s.port(), "/api/daily", bob);
  REQUIRE(his.status == status::created);

  // The same deal: both games start from the same state.
  auto a = connect(s.port(), ann, mine.body["id"], false);
  auto b = connect(s.port(), bob, his.body["id"], false);
  CHECK(a.doc["game"] == b.doc["game"]);
  CHECK(a.doc["legal"] == b.doc["legal"]);
  // An ordinary solo game is dealt otherwise (a random seed).
  const auto other = api_post(s.port(), "/api/games", ann, {{"players", 1}});
  auto c = connect(s.port(), ann, other.body["id"], false);
  CHECK(c.doc["game"] != a.doc["game"]);

  // Nobody else watches a daily game; the board waits for one's own game.
  ws_client peek(s.port());
  peek.hello(bob);
  peek.send({{"type", "subscribe"}, {"game", mine.body["id"]}, {"as", "spectator"}});
  CHECK(peek.next_of("error")["error"]["code"] == "not_allowed");
  CHECK(code_of(api_get(s.port(), "/api/daily/leaderboard", ann)) == "play_first");
  CHECK(code_of(api_get(s.port(), "/api/daily/leaderboard?date=2026-13-01", ann)) == "bad_query");
  CHECK(code_of(api_get(s.port(), "/api/daily/leaderboard?date=2999-01-01", ann)) == "bad_query");

  play_solo(a, mine.body["id"], 5);
  const auto played = api_get(s.port(), "/api/daily", ann);
  CHECK(played.body["played"]["status"] == "finished");
  CHECK(played.body["streak"] == 1);
  CHECK(played.body["played"]["rank"] == 1);
  const auto board = api_get(s.port(), "/api/daily/leaderboard", ann);
  REQUIRE(board.status == status::ok);
  REQUIRE(board.body["players"].size() == 1);
  CHECK(board.body["players"][0]["name"] == "dy-ann");
  CHECK(board.body["players"][0]["level"] == played.body["played"]["level"]);
  CHECK(board.body["you"] == 1);
  CHECK(code_of(api_get(s.port(), "/api/daily/leaderboard", bob)) == "play_first");
  CHECK(api_get(s.port(), "/api/players/dy-ann").body["daily"]["streak"] == 1);
  // Its record is the player's, without the day's seed.
  const auto record = api_get(s.port(), game_path(mine.body["id"], "record"), ann);
  REQUIRE(record.status == status::ok);
  CHECK(record.body["seed"].is_null());
  CHECK(api_get(s.port(), game_path(other.body["id"])).status == status::unauthorized);
}
