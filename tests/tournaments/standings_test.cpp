// Standings and crosstables computed by hand: points with forfeits, Buchholz and
// Sonneborn-Berger over 3-player tables, head-to-head in a round robin, shared ranks; bad
// input refused.
#include <catch2/catch.hpp>

#include <algorithm>
#include <stdexcept>

#include "helpers.hpp"
#include "tournaments/crosstable.hpp"
#include "tournaments/standings.hpp"

namespace {

using namespace loyang::test::tournaments;
using loyang::server::tournaments::bye_record;
using loyang::server::tournaments::entrant;
using loyang::server::tournaments::standing_row;
using loyang::server::tournaments::standings;
using loyang::server::tournaments::tournament_format;

std::vector<player_id> order_of(const std::vector<standing_row>& rows) {
  std::vector<player_id> out;
  for (const auto& r : rows) out.push_back(r.id);
  return out;
}

/// A 6-player Swiss at tables of 3, two rounds, with a shared first place and a forfeit.
std::vector<game_outcome> three_player_games() {
  return {
      {1, {{1, 1}, {2, 2}, {3, 3}}},
      {1, {{4, 1}, {5, 1}, {6, 3}}},        // 4 and 5 share first: 3/4 each
      {2, {{1, 1, true}, {4, 2}, {5, 3}}},  // 1 led but timed out: 4 wins, 5 second
      {2, {{2, 3}, {3, 2}, {6, 1}}},
  };
}

}  // namespace

TEST_CASE("standings of a Swiss at tables of 3: averaged Buchholz, Sonneborn-Berger, a forfeit, shared ranks",
          "[tournament][standings]") {
  const std::vector<entrant> players{{1, 1500, false}, {2, 1500, false}, {3, 1500, false},
                                     {4, 1500, false}, {5, 1500, false}, {6, 1600, true}};
  const auto rows = standings(tournament_format::swiss, players, three_player_games(), {});
  // Points: 1: 1 + 0 (forfeit), 2: 1/2 + 0, 3: 0 + 1/2, 4: 3/4 + 1, 5: 3/4 + 1/2, 6: 0 + 1.
  // Buchholz, per game the mean of the other two's final points:
  //   1: (1/2 + 1/2) / 2 + (7/4 + 5/4) / 2 = 2       2: (1 + 1/2) / 2 + (1/2 + 1) / 2 = 3/2
  //   3: 3/4 + 3/4 = 3/2                             4: (5/4 + 1) / 2 + (1 + 5/4) / 2 = 9/4
  //   5: (7/4 + 1) / 2 + (1 + 7/4) / 2 = 11/4        6: (7/4 + 5/4) / 2 + (1/2 + 1/2) / 2 = 2
  // Sonneborn-Berger, per game his points times that mean:
  //   1: 1 * 1/2 = 1/2      2: 1/2 * 3/4 = 3/8      3: 1/2 * 3/4 = 3/8
  //   4: 3/4 * 9/8 + 1 * 9/8 = 63/32                5: 3/4 * 11/8 + 1/2 * 11/8 = 55/32
  //   6: 1 * 1/2 = 1/2
  // 1 and 6 are equal on every result (wins: one each): the rating puts 6 first, and both
  // show rank 3. 2 and 3 likewise: the id decides, both show rank 5.
  CHECK(order_of(rows) == std::vector<player_id>{4, 5, 6, 1, 2, 3});
  const std::vector<fraction> points{frac(7, 4), frac(5, 4), 1, 1, frac(1, 2), frac(1, 2)};
  const std::vector<fraction> buchholz{frac(9, 4), frac(11, 4), 2, 2, frac(3, 2), frac(3, 2)};
  const std::vector<fraction> sb{frac(63, 32), frac(55, 32), frac(1, 2), frac(1, 2), frac(3, 8), frac(3, 8)};
  const std::vector<int> wins{1, 0, 1, 1, 0, 0};
  const std::vector<int> shared{1, 2, 3, 3, 5, 5};
  for (std::size_t i = 0; i < rows.size(); ++i) {
    INFO("row " << i + 1);
    CHECK(rows[i].rank == static_cast<int>(i) + 1);
    CHECK(rows[i].points == points[i]);
    CHECK(rows[i].buchholz == buchholz[i]);
    CHECK(rows[i].sonneborn_berger == sb[i]);
    CHECK(rows[i].wins == wins[i]);
    CHECK(rows[i].shared_rank == shared[i]);
    CHECK(rows[i].games_played == 2);
  }
  // 6 withdrew: he keeps his games and his place, flagged.
  CHECK(rows[2].withdrawn);
  CHECK(rows[2].rating == 1600);
  CHECK(rows[3].points_shown == Approx(1.0));
}

TEST_CASE("round robin standings: head-to-head separates players equal on points and Sonneborn-Berger",
          "[tournament][standings]") {
  // 1-2: 1 wins, 1-3: draw, 1-4: 1 wins, 2-3: 3 wins, 2-4: draw, 3-4: 4 wins.
  // Points: 1: 5/2, 3: 3/2, 4: 3/2, 2: 1/2. Sonneborn-Berger: 3: 1 (5/2 / 2) + 2 (1/2) = 7/4;
  // 4: 2 (1/2 / 2) + 3 (3/2) = 7/4. Equal, and one win each: 4 beat 3, so 4 is ahead.
  const std::vector<game_outcome> games{duel(1, 1, 2, result::first_wins), duel(1, 3, 4, result::second_wins),
                                        duel(2, 1, 3, result::draw),       duel(2, 2, 4, result::draw),
                                        duel(3, 1, 4, result::first_wins), duel(3, 2, 3, result::second_wins)};
  const std::vector<entrant> players{{1, 1500, false}, {2, 1500, false}, {3, 1500, false}, {4, 1500, false}};
  const auto rows = standings(tournament_format::round_robin, players, games, {});
  CHECK(order_of(rows) == std::vector<player_id>{1, 4, 3, 2});
  CHECK(rows[1].sonneborn_berger == frac(7, 4));
  CHECK(rows[2].sonneborn_berger == frac(7, 4));
  CHECK(rows[1].head_to_head == 1);
  CHECK(rows[2].head_to_head == 0);
  CHECK(rows[0].head_to_head == 0);  // nobody equal with him
  CHECK(rows[1].shared_rank == 2);
  CHECK(rows[2].shared_rank == 3);  // separated by a result, not by rating or id
  CHECK(rows[0].buchholz == 0);      // no Buchholz in a round robin
  // The same games as a Swiss: Buchholz comes first, no head-to-head.
  const auto swiss = standings(tournament_format::swiss, players, games, {});
  CHECK(swiss[1].head_to_head == 0);
}

TEST_CASE("standings: a cycle of wins leaves three players equal on everything; the rating decides, the rank is shared",
          "[tournament][standings]") {
  // 1 beats 2, 2 beats 3, 3 beats 1, and all three beat 4.
  const std::vector<game_outcome> games{duel(1, 1, 2, result::first_wins), duel(1, 3, 4, result::first_wins),
                                        duel(2, 2, 3, result::first_wins), duel(2, 4, 1, result::second_wins),
                                        duel(3, 3, 1, result::first_wins), duel(3, 2, 4, result::first_wins)};
  const std::vector<entrant> players{{1, 1500, false}, {2, 1700, false}, {3, 1600, false}, {4, 1800, false}};
  const auto rows = standings(tournament_format::round_robin, players, games, {});
  CHECK(order_of(rows) == std::vector<player_id>{2, 3, 1, 4});
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(rows[i].points == 2);
    CHECK(rows[i].sonneborn_berger == 2);
    CHECK(rows[i].head_to_head == 1);
    CHECK(rows[i].shared_rank == 1);
  }
  CHECK(rows[3].shared_rank == 4);
}

TEST_CASE("standings count byes as a won point without opponents", "[tournament][standings]") {
  const std::vector<entrant> players{{1, 1500, false}, {2, 1500, false}, {3, 1500, false}};
  const std::vector<game_outcome> games{duel(1, 1, 2, result::first_wins), duel(2, 3, 1, result::first_wins)};
  const std::vector<bye_record> byes{{1, 3}, {2, 2}};
  const auto rows = standings(tournament_format::swiss, players, games, byes);
  // 3: bye + win = 2 (Buchholz: 1's final 1), 1: win + loss = 1, 2: loss + bye = 1.
  CHECK(order_of(rows) == std::vector<player_id>{3, 1, 2});
  CHECK(rows[0].points == 2);
  CHECK(rows[0].wins == 1);  // the bye is a point, not a win
  CHECK(rows[0].byes == 1);
  CHECK(rows[0].games_played == 2);
  CHECK(rows[0].buchholz == 1);
  CHECK(rows[1].buchholz == 3);  // 2's 1 and 3's 2
  CHECK(rows[2].buchholz == 1);
}

TEST_CASE("standings ignore the order of players and games", "[tournament][standings]") {
  std::vector<entrant> players{{1, 1500, false}, {2, 1500, false}, {3, 1500, false},
                               {4, 1500, false}, {5, 1500, false}, {6, 1600, true}};
  auto games = three_player_games();
  const auto rows = standings(tournament_format::swiss, players, games, {});
  std::reverse(players.begin(), players.end());
  std::reverse(games.begin(), games.end());
  CHECK(standings(tournament_format::swiss, players, games, {}) == rows);
}

TEST_CASE("crosstable: the row player's points against each column player, by round", "[tournament][standings]") {
  using loyang::server::tournaments::cross_table;
  using loyang::server::tournaments::meeting;
  auto games = three_player_games();
  games.push_back(duel(3, 4, 5, result::draw));
  const auto t = cross_table({4, 5, 6, 1, 2, 3}, games);
  REQUIRE(t.cells.size() == 6);
  // 4 (row 0) against 5 (column 1): round 1 (3/4, shared first), round 2 (1), round 3 (1/2).
  CHECK(t.cells[0][1] == std::vector<meeting>{{1, frac(3, 4)}, {2, 1}, {3, frac(1, 2)}});
  CHECK(t.cells[1][0] == std::vector<meeting>{{1, frac(3, 4)}, {2, frac(1, 2)}, {3, frac(1, 2)}});
  // 1 (row 3) against 4 (column 0): round 2, forfeited.
  CHECK(t.cells[3][0] == std::vector<meeting>{{2, 0}});
  CHECK(t.cells[0][3] == std::vector<meeting>{{2, 1}});
  CHECK(t.cells[3][5] == std::vector<meeting>{{1, 1}});  // 1 against 3: round 1, won
  CHECK(t.cells[0][4].empty());                           // 4 never met 2
  for (std::size_t i = 0; i < 6; ++i) CHECK(t.cells[i][i].empty());
  CHECK_THROWS_AS(cross_table({4, 5, 6, 1, 2}, games), std::invalid_argument);
  CHECK_THROWS_AS(cross_table({4, 5, 6, 1, 2, 3, 3}, games), std::invalid_argument);
}

TEST_CASE("standings refuse bad input", "[tournament][standings]") {
  const std::vector<entrant> players{{1, 1500, false}, {2, 1500, false}};
  const auto swiss = tournament_format::swiss;
  CHECK_THROWS_AS(standings(swiss, {{1, 1500, false}, {1, 1400, false}}, {}, {}), std::invalid_argument);
  CHECK_THROWS_AS(standings(swiss, players, {duel(1, 1, 3, result::draw)}, {}), std::invalid_argument);
  CHECK_THROWS_AS(standings(swiss, players, {}, {{1, 7}}), std::invalid_argument);
  CHECK_THROWS_AS(standings(swiss, players, {}, {{0, 1}}), std::invalid_argument);
  CHECK_THROWS_AS(standings(swiss, players, {{1, {{1, 1}, {1, 2}}}}, {}), std::invalid_argument);
  CHECK_THROWS_AS(standings(swiss, players, {{1, {{1, 1}, {2, 3}}}}, {}), std::invalid_argument);
  try {
    standings(swiss, players, {duel(1, 1, 3, result::draw)}, {});
  } catch (const std::invalid_argument& e) {
    CHECK(std::string(e.what()).find("player 3") != std::string::npos);
  }
  CHECK(standings(swiss, {}, {}, {}).empty());
}
