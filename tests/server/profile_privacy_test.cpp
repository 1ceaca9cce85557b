// Private games in public places (issue 34, section 5): a public profile's recent games, its
// best solo result and a rating history show a private game only to those who may see it.
#include <catch2/catch.hpp>

#include "game_client.hpp"

using namespace loyang::test;
using status = beast::http::status;

namespace {

bool lists_game(const json& lines, std::int64_t game) {
  for (const auto& l : lines)
    if (l["game"] == game) return true;
  return false;
}

}  // namespace

TEST_CASE("a private game is in no profile, best solo or rating history of those who may not see it",
          "[server][privacy][ratings]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto port = s.port();
  const auto ann = sign_up(port, "pp-ann"), bob = sign_up(port, "pp-bob"), eve = sign_up(port, "pp-eve");
  const auto hidden = quick_game(port, ann, bob, bob, {{"rated", true}, {"invite", {"pp-bob"}}});
  const auto open = quick_game(port, ann, bob, bob, {{"rated", true}});

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
  play_solo(v, game, 3);
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
