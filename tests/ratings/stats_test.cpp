// A profile's figures: by player count and ruleset, wins and average rank, how games ended,
// recent games, best solo level.
#include <catch2/catch.hpp>

#include <algorithm>

#include "game_records.hpp"
#include "ratings/stats.hpp"

namespace {

using namespace loyang::test;
using loyang::engine::ruleset;
using loyang::ratings::kind_stats;
using loyang::ratings::solo_best;
using loyang::ratings::stats_table;

/// Account 1's games: wins, a resignation, a timeout, two rulesets, 2 and 3 players, solo.
std::vector<game_record> career() {
  std::vector<game_record> out;
  out.push_back(finished(1, 100, {{1, 1}, {2, 2}}));                                        // won
  out.push_back(finished(2, 200, {{3, 1}, {1, 3, departure::resigned}, {2, 2}}));           // resigned, last
  out.push_back(finished(3, 300, {{2, 1}, {1, 2, departure::timed_out}}, nullptr, ruleset::original));
  out.push_back(finished(4, 400, {{1, 2}, {0, 1}}, nullptr));                               // lost to a bot
  out.push_back(finished(5, 500, {{1, 1}, {2, 1}, {3, 3}}));                                // shared first
  out.push_back(solo(6, 600, 1, 14, 3));
  out.push_back(solo(7, 700, 1, 17, 2));
  out.push_back(solo(8, 800, 1, 17, 5));
  out.push_back(solo(9, 900, 1, 17, 5));                     // the same as game 8, later
  out.push_back(solo(10, 1000, 1, 19, 9, nullptr, departure::resigned));  // the bot's level
  auto cancelled = finished(11, 1100, {{1, 1}, {2, 2}});
  cancelled.status = game_status::cancelled;
  out.push_back(cancelled);
  return out;
}

}  // namespace

TEST_CASE("stats: a player with wins, a resignation and a timeout, by ruleset and player count",
          "[stats]") {
  stats_table t;
  int counted = 0;
  for (const auto& g : career()) counted += t.add(g) ? 1 : 0;
  CHECK(counted == 10);  // not the cancelled game
  const auto* p = t.find(1);
  REQUIRE(p);
  CHECK(p->games == 10);
  // Multiplayer games 1..5: ranks 1, 3, 2, 2, 1.
  CHECK(p->multiplayer_games == 5);
  CHECK(p->wins == 2);
  REQUIRE(p->average_rank());
  CHECK(*p->average_rank() == Approx(9.0 / 5.0));
  CHECK(p->finished == 7);
  CHECK(p->resigned == 2);
  CHECK(p->timed_out == 1);
  REQUIRE(p->finish_share());
  CHECK(*p->finish_share() == Approx(0.7));

  const std::vector<kind_stats> kinds = {
      {1, "yucata", 5, 4, 5, 5},    // solo: 5 games, 4 played to the end
      {2, "original", 1, 0, 0, 2},  // timed out, second
      {2, "yucata", 2, 2, 1, 3},    // won; second behind a bot
      {3, "yucata", 2, 1, 1, 4},    // resigned (third); shared first
  };
  CHECK(p->kinds == kinds);
  CHECK(p->kinds[3].average_rank() == Approx(2.0));

  // The best level he reached himself: 17 with 5 Cash, first in game 8 (not the bot's 19).
  REQUIRE(p->best_solo);
  CHECK(*p->best_solo == solo_best{8, 17, 5, 800});

  // Account 2: games 1, 2, 3, 5; never left, no solo game.
  const auto* q = t.find(2);
  REQUIRE(q);
  CHECK(q->games == 4);
  CHECK(q->wins == 2);
  CHECK(*q->finish_share() == Approx(1.0));
  CHECK_FALSE(q->best_solo);
  // Nobody's figures for the bot.
  CHECK(t.find(0) == nullptr);
}

TEST_CASE("stats: the last 10 games by finish, newest first; a game counts once", "[stats]") {
  stats_table t;
  auto games = career();
  games.push_back(finished(12, 1200, {{2, 1}, {1, 2}}));
  // The order of adding does not matter.
  std::reverse(games.begin(), games.end());
  for (const auto& g : games) t.add(g);
  CHECK_FALSE(t.add(games.front()));
  const auto* p = t.find(1);
  REQUIRE(p);
  CHECK(p->games == 11);
  REQUIRE(p->recent.size() == 10);
  std::vector<std::int64_t> ids;
  for (const auto& r : p->recent) ids.push_back(r.game);
  CHECK(ids == std::vector<std::int64_t>{12, 10, 9, 8, 7, 6, 5, 4, 3, 2});
  CHECK(p->recent[0].players == 2);
  CHECK(p->recent[0].rank == 2);
  CHECK(p->recent[0].rated);
  CHECK(p->recent[0].finished_at == 1200);
  CHECK(p->recent[8].game == 3);
  CHECK(p->recent[8].ruleset == "original");
  CHECK_FALSE(p->recent[8].rated);
  CHECK(p->recent[9].players == 3);
}

TEST_CASE("stats: no game, no share; a result without scores gives no best solo", "[stats]") {
  stats_table t;
  CHECK(t.find(1) == nullptr);
  loyang::ratings::player_stats none;
  CHECK_FALSE(none.finish_share());
  CHECK_FALSE(none.average_rank());

  auto old = solo(1, 100, 1, 18, 4);
  old.result["ranking"][0].erase("position");  // stored before results kept the scores
  CHECK(t.add(old));
  CHECK(t.find(1)->games == 1);
  CHECK_FALSE(t.find(1)->best_solo);
  CHECK_FALSE(t.find(1)->average_rank());  // solo only
}
