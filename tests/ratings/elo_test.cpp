// Pairwise Elo over stored results: the numbers by hand, provisional K, which games count,
// the order of application, the leaderboard.
#include <catch2/catch.hpp>

#include "game_records.hpp"
#include "ratings/elo.hpp"
#include "ratings/summary.hpp"

namespace {

using namespace loyang::test;
using loyang::ratings::elo_table;
using loyang::ratings::leaderboard_entry;
using loyang::ratings::rating_change;

double rating_of(const elo_table& t, std::int64_t account) {
  const auto* p = t.find(account);
  REQUIRE(p);
  return p->rating;
}

}  // namespace

TEST_CASE("Elo: a 2-player game, then a 4-player game with a tie, checked by hand", "[elo]") {
  elo_table t;
  // Game 1: accounts 1 and 2, both new (K = 40, provisional). E = 1 / (1 + 10^0) = 0.5.
  // Account 1 wins: 1500 + 40 * (1 - 0.5) = 1520; account 2: 1500 + 40 * (0 - 0.5) = 1480.
  REQUIRE(t.add(finished(1, 100, {{1, 1}, {2, 2}})));
  CHECK(rating_of(t, 1) == Approx(1520.0));
  CHECK(rating_of(t, 2) == Approx(1480.0));

  // Game 2: seat 0 account 2 (1480), seat 1 account 1 (1520), seat 2 account 3 (1500, new),
  // seat 3 account 4 (1500, new). Ranks: account 3 first, accounts 1 and 2 share second,
  // account 4 last. Everyone has fewer than 10 games: K = 40, so K / (n - 1) = 40 / 3.
  //   E(1520 vs 1480) = 1 / (1 + 10^(-40/400)) = 1 / 1.794328 = 0.557312
  //   E(1520 vs 1500) = 1 / (1 + 10^(-20/400)) = 1 / 1.891251 = 0.528751
  //   E(1480 vs 1520) = 0.442688, E(1480 vs 1500) = 0.471249, E(1500 vs 1500) = 0.5
  // Account 1: (0.5 - 0.557312) + (0 - 0.528751) + (1 - 0.528751) = -0.114813
  //   -> 1520 + 40/3 * -0.114813 = 1518.4692
  // Account 2: (0.5 - 0.442688) + (0 - 0.471249) + (1 - 0.471249) = +0.114813
  //   -> 1480 + 40/3 * 0.114813 = 1481.5308
  // Account 3: (1 - 0.471249) + (1 - 0.528751) + (1 - 0.5) = 1.5 -> 1500 + 20 = 1520
  // Account 4: (0 - 0.471249) + (0 - 0.528751) + (0 - 0.5) = -1.5 -> 1500 - 20 = 1480
  REQUIRE(t.add(finished(2, 200, {{2, 2}, {1, 2}, {3, 1}, {4, 4}})));
  CHECK(rating_of(t, 1) == Approx(1518.4692).margin(1e-4));
  CHECK(rating_of(t, 2) == Approx(1481.5308).margin(1e-4));
  CHECK(rating_of(t, 3) == Approx(1520.0));
  CHECK(rating_of(t, 4) == Approx(1480.0));

  // Each rated game is in the player's history, with the rating before and after.
  const auto& h = t.find(1)->history;
  REQUIRE(h.size() == 2);
  CHECK(h[0] == rating_change{1, 100, 1500.0, 1520.0});
  CHECK(h[1].game == 2);
  CHECK(h[1].at == 200);
  CHECK(h[1].before == 1520.0);
  CHECK(h[1].after == rating_of(t, 1));
  CHECK(t.find(1)->games == 2);
  CHECK(t.find(3)->games == 1);

  // Game 3: the 1480 beats the 1520 (accounts 2 and 1 again, still provisional):
  // E(1481.53 vs 1518.47) = 1 / (1 + 10^(36.94/400)) = 0.447041: 1481.5308 + 40 * 0.552959 = 1503.649.
  REQUIRE(t.add(finished(3, 300, {{1, 2}, {2, 1}})));
  CHECK(rating_of(t, 2) == Approx(1481.5308 + 40 * (1 - 1 / (1 + std::pow(10.0, (1518.4692 - 1481.5308) / 400))))
                               .margin(1e-3));
  CHECK(rating_of(t, 2) == Approx(1503.65).margin(0.01));
}

TEST_CASE("Elo: K is 40 for a player's first 10 rated games, 32 from the 11th", "[elo]") {
  elo_table t;
  // Account 1 beats a new opponent each time. A new opponent always has K = 40, so account
  // 1's gain is his loss while account 1 is provisional, and 32/40 of it afterwards.
  for (int i = 0; i < 11; ++i) {
    const std::int64_t opponent = 100 + i;
    REQUIRE(t.add(finished(i + 1, 1000 + i, {{1, 1}, {opponent, 2}})));
    const auto& mine = t.find(1)->history.back();
    const auto& theirs = t.find(opponent)->history.back();
    const double gain = mine.after - mine.before;
    const double loss = theirs.before - theirs.after;
    INFO("game " << i + 1);
    if (i < 10) {
      CHECK(gain == Approx(loss));
    } else {
      CHECK(gain == Approx(loss * 32.0 / 40.0));
    }
  }
  CHECK(t.find(1)->games == 11);
}

TEST_CASE("Elo: unrated, bot, solo, cancelled and unfinished games are ignored", "[elo]") {
  elo_table t;
  CHECK_FALSE(t.add(finished(1, 100, {{1, 1}, {2, 2}}, nullptr)));              // no extra
  CHECK_FALSE(t.add(finished(2, 100, {{1, 1}, {2, 2}}, {{"rated", false}})));   // unrated
  CHECK_FALSE(t.add(finished(3, 100, {{1, 1}, {2, 2}}, {{"rated", "yes"}})));   // not JSON true
  CHECK_FALSE(t.add(finished(4, 100, {{1, 1}, {0, 2}})));                       // a bot from the start
  CHECK_FALSE(t.add(finished(5, 100, {{1, 1}})));                               // solo
  CHECK_FALSE(t.add(finished(6, 100, {{1, 1}, {1, 2}})));                       // one account twice
  auto cancelled = finished(7, 100, {{1, 1}, {2, 2}});
  cancelled.status = game_status::cancelled;
  CHECK_FALSE(t.add(cancelled));
  auto active = finished(8, 100, {{1, 1}, {2, 2}});
  active.status = game_status::active;
  CHECK_FALSE(t.add(active));
  auto unreadable = finished(9, 100, {{1, 1}, {2, 2}});
  unreadable.result["ranking"].erase(1);  // seat 1 missing
  CHECK_FALSE(t.add(unreadable));
  CHECK(t.players().empty());
  CHECK(t.leaderboard().empty());

  // A seat a bot took over when its person resigned still counts, at the result's rank.
  CHECK(t.add(finished(10, 100, {{1, 1}, {2, 2, departure::resigned}})));
  CHECK(t.find(2)->rating == Approx(1480.0));
  // The same game again changes nothing.
  CHECK_FALSE(t.add(finished(10, 100, {{1, 1}, {2, 2, departure::resigned}})));
  CHECK(t.find(2)->games == 1);
}

TEST_CASE("Elo: games apply in finishing order (updated_at, then id), whatever order they come in",
          "[elo]") {
  // Three games among accounts 1, 2, 3. Game 7 finished first (at 100), then game 3 and game
  // 5 in the same second (200): finishing order 7, 3, 5.
  const auto g3 = finished(3, 200, {{1, 2}, {3, 1}});
  const auto g5 = finished(5, 200, {{1, 1}, {2, 2}});
  const auto g7 = finished(7, 100, {{2, 1}, {3, 2}});
  const auto in_order = loyang::ratings::compute({g3, g5, g7});
  const auto shuffled = loyang::ratings::compute({g5, g7, g3});
  CHECK(in_order.elo == shuffled.elo);
  const auto& history = in_order.elo.find(1)->history;
  REQUIRE(history.size() == 2);
  CHECK(history[0].game == 3);
  CHECK(history[1].game == 5);

  // Added one by one in another order, the table puts each game in its place.
  elo_table late;
  late.add(g5);
  late.add(g3);
  late.add(g7);
  CHECK(late == in_order.elo);

  // The order matters: the same games finishing in another order give other ratings.
  auto g7_last = g7;
  g7_last.updated_at = 300;
  const auto other = loyang::ratings::compute({g3, g5, g7_last});
  CHECK(other.elo.find(1)->rating != Approx(in_order.elo.find(1)->rating).epsilon(1e-9));
  CHECK(other.elo.find(1)->history[0].game == 3);
  CHECK(other.elo.find(2)->history.back().game == 7);
}

TEST_CASE("Elo: the leaderboard by rating, then more games, then the lower account id", "[elo]") {
  elo_table t;
  // Accounts 5 and 6 draw twice (1500 each, 2 games); 7 and 8 draw once (1500, 1 game);
  // 9 beats 10 (1520 / 1480); 3 and 4 draw once (1500, 1 game).
  t.add(finished(1, 100, {{5, 1}, {6, 1}}));
  t.add(finished(2, 110, {{5, 1}, {6, 1}}));
  t.add(finished(3, 120, {{8, 1}, {7, 1}}));
  t.add(finished(4, 130, {{9, 1}, {10, 2}}));
  t.add(finished(5, 140, {{4, 1}, {3, 1}}));
  const std::vector<leaderboard_entry> expected = {
      {1, 9, 1520, 1}, {2, 5, 1500, 2}, {3, 6, 1500, 2}, {4, 3, 1500, 1},
      {5, 4, 1500, 1}, {6, 7, 1500, 1}, {7, 8, 1500, 1}, {8, 10, 1480, 1}};
  CHECK(t.leaderboard() == expected);
  CHECK(loyang::ratings::shown_rating(1518.4692) == 1518);
  CHECK(loyang::ratings::shown_rating(1481.5308) == 1482);
}
