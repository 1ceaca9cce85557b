// Private games in public places (issue 34, section 5): a public profile's recent games, its
// best solo result and a rating history show a private game only to those who may see it.
#include <catch2/catch.hpp>

#include <random>

#include "game_client.hpp"

using namespace loyang::test;
using status = beast::http::status;

namespace {

bool lists_game(const json& lines, std::int64_t game) {
  for (const auto& l : lines)
    if (l["game"] == game) return true;
  return false;
}

/// A finished 2-player game made by `a` with `extra`, which `b` joins and resigns at once.
std::int64_t quick_game(std::uint16_t port, const std::string& a, const std::string& b, json extra) {
  extra["players"] = 2;
  const auto made = api_post(port, "/api/games", a, extra);
  INFO(made.body.dump());
  REQUIRE(made.status == status::created);
  const std::int64_t id = made.body["id"];
  REQUIRE(api_post(port, game_path(id, "join"), b).status == status::ok);
  REQUIRE(api_post(port, game_path(id, "resign"), b).status == status::ok);
  return id;
}

}  // namespace

TEST_CASE("a private game is in no profile, best solo or rating history of those who may not see it",
          "[server][privacy][ratings]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto port = s.port();
  const auto ann = sign_up(port, "pp-ann"), bob = sign_up(port, "pp-bob"), eve = sign_up(port, "pp-eve");
  const auto hidden = quick_game(port, ann, bob, {{"rated", true}, {"invite", {"pp-bob"}}});
  const auto open = quick_game(port, ann, bob, {{"rated", true}});

  // Strangers and guests: the public game only, in the profile and in the rating history.
  for (const std::string& token : {eve, std::string()}) {
    INFO((token.empty() ? "a guest" : "eve"));
    const auto profile = api_get(port, "/api/players/pp-ann", token);
    REQUIRE(profile.status == status::ok);
    CHECK(lists_game(profile.body["recent"], open));
    CHECK_FALSE(lists_game(profile.body["recent"], hidden));
    CHECK(profile.body["games"] == 2);  // the figures still count it, without naming it
    const auto ratings = api_get(port, "/api/players/pp-ann/ratings", token);
    REQUIRE(ratings.status == status::ok);
    CHECK(lists_game(ratings.body["history"], open));
    CHECK_FALSE(lists_game(ratings.body["history"], hidden));
    CHECK(ratings.body["history"].size() == 1);
    CHECK(ratings.body.dump().find(std::to_string(hidden)) == std::string::npos);
    CHECK(profile.body.dump().find(std::to_string(hidden)) == std::string::npos);
  }
  // Those who may see it: both games, everywhere.
  for (const auto& token : {ann, bob}) {
    CHECK(lists_game(api_get(port, "/api/players/pp-ann", token).body["recent"], hidden));
    CHECK(api_get(port, "/api/players/pp-ann/ratings", token).body["history"].size() == 2);
  }

  // A private solo game as the best solo result: its level shows, not which game it was.
  const auto solo = api_post(port, "/api/games", ann, {{"players", 1}, {"invite", {"pp-bob"}}});
  REQUIRE(solo.status == status::created);
  const std::int64_t game = solo.body["id"];
  auto v = connect(port, ann, game, false);
  std::mt19937 random(3);
  for (int i = 0; v.doc["game"]["phase"] != "finished"; ++i) {
    REQUIRE(i < 20000);
    std::vector<json> legal;
    for (const auto& c : v.doc["legal"])
      if (c["type"] != "undo") legal.push_back(c);
    REQUIRE(!legal.empty());
    REQUIRE(accepted(v.command(game, legal[random() % legal.size()], "s" + std::to_string(i))));
  }
  const auto mine = api_get(port, "/api/players/pp-ann", ann).body["best_solo"];
  REQUIRE(mine.is_object());
  CHECK(mine["game"] == game);
  for (const std::string& token : {eve, std::string()}) {
    const auto best = api_get(port, "/api/players/pp-ann", token).body["best_solo"];
    REQUIRE(best.is_object());
    CHECK(best["level"] == mine["level"]);
    CHECK(best["game"].is_null());
    CHECK(best["finished_at"].is_null());
  }
}
