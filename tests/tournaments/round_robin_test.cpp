// Round robin schedules as players would check them: everybody meets everybody, byes come in
// turn, the first seat is shared, the same players always get the same schedule; and a
// 5-player tournament's standings computed by hand.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "helpers.hpp"
#include "tournaments/round_robin.hpp"
#include "tournaments/standings.hpp"

namespace {

using namespace loyang::test::tournaments;
using loyang::server::tournaments::round_robin;
using loyang::server::tournaments::schedule;

std::vector<player_id> ids(int n, player_id first = 101) {
  std::vector<player_id> out;
  for (int i = 0; i < n; ++i) out.push_back(first + i);
  return out;
}

struct schedule_facts {
  std::map<std::pair<player_id, player_id>, int> meetings;
  std::map<player_id, std::vector<int>> bye_rounds;  // 0-based
  std::map<player_id, int> games;
  std::map<player_id, int> first_seats;
};

/// Checks what every schedule must satisfy (each player once a round, full tables) and
/// gathers what the tests compare.
schedule_facts facts(const schedule& s, const std::vector<player_id>& players, int k) {
  schedule_facts f;
  for (std::size_t r = 0; r < s.rounds.size(); ++r) {
    std::multiset<player_id> seen;
    for (const auto& t : s.rounds[r].tables) {
      REQUIRE(static_cast<int>(t.size()) == k);
      f.first_seats[t[0]] += 1;
      for (std::size_t a = 0; a < t.size(); ++a) {
        seen.insert(t[a]);
        f.games[t[a]] += 1;
        for (auto b = a + 1; b < t.size(); ++b) f.meetings[std::minmax(t[a], t[b])] += 1;
      }
    }
    REQUIRE(static_cast<int>(s.rounds[r].byes.size()) == static_cast<int>(players.size()) % k);
    for (const auto p : s.rounds[r].byes) {
      seen.insert(p);
      f.bye_rounds[p].push_back(static_cast<int>(r));
    }
    REQUIRE(seen == std::multiset<player_id>(players.begin(), players.end()));
  }
  return f;
}

bool every_pair_met(const schedule_facts& f, const std::vector<player_id>& players) {
  for (std::size_t a = 0; a < players.size(); ++a) {
    for (auto b = a + 1; b < players.size(); ++b) {
      if (!f.meetings.count(std::minmax(players[a], players[b]))) return false;
    }
  }
  return true;
}

/// Byes even (counts differ by at most one) and never in two rounds in a row.
void check_byes(const schedule_facts& f, const std::vector<player_id>& players) {
  int fewest = 1 << 20;
  int most = 0;
  for (const auto p : players) {
    const auto it = f.bye_rounds.find(p);
    const int count = it == f.bye_rounds.end() ? 0 : static_cast<int>(it->second.size());
    fewest = std::min(fewest, count);
    most = std::max(most, count);
    if (it == f.bye_rounds.end()) continue;
    for (std::size_t i = 1; i < it->second.size(); ++i) CHECK(it->second[i] - it->second[i - 1] >= 2);
  }
  CHECK(most - fewest <= 1);
}

}  // namespace

TEST_CASE("round robin of 5 at 2-player tables: 5 rounds, each pair once, one bye each, first seat twice each",
          "[tournament][round_robin]") {
  const auto players = ids(5);
  const auto s = round_robin(players, 2);
  REQUIRE(s.rounds.size() == 5);
  const auto f = facts(s, players, 2);
  CHECK(f.meetings.size() == 10);
  for (const auto& [pair, times] : f.meetings) CHECK(times == 1);
  for (const auto p : players) {
    CHECK(f.bye_rounds.at(p).size() == 1);
    CHECK(f.games.at(p) == 4);
    CHECK(f.first_seats.at(p) == 2);
  }
}

TEST_CASE("round robin at 2-player tables, 2 to 16 players: n - 1 rounds (even) or n (odd), each pair exactly once",
          "[tournament][round_robin]") {
  for (int n = 2; n <= 16; ++n) {
    INFO("players: " << n);
    const auto players = ids(n);
    const auto s = round_robin(players, 2);
    CHECK(static_cast<int>(s.rounds.size()) == (n % 2 == 0 ? n - 1 : n));
    const auto f = facts(s, players, 2);
    CHECK(static_cast<int>(f.meetings.size()) == n * (n - 1) / 2);
    for (const auto& [pair, times] : f.meetings) CHECK(times == 1);
    for (const auto p : players) {
      // Half his games in the first seat: exactly when odd, within one when even.
      const auto games = f.games.at(p);
      const auto first = f.first_seats.count(p) ? f.first_seats.at(p) : 0;
      CHECK(2 * first >= games - 1);
      CHECK(2 * first <= games + 1);
      if (n % 2 == 1) CHECK(f.bye_rounds.at(p).size() == 1);
    }
  }
}

TEST_CASE("round robin at tables of 3 and 4, 6 to 9 players: every pair meets, byes even and never twice in a row",
          "[tournament][round_robin]") {
  // Rounds: round_robin.hpp's table.
  const std::map<std::pair<int, int>, int> expected_rounds{{{3, 6}, 4}, {{3, 7}, 5}, {{3, 8}, 6}, {{3, 9}, 4},
                                                           {{4, 6}, 3}, {{4, 7}, 7}, {{4, 8}, 3}, {{4, 9}, 5}};
  for (const auto& [size, rounds] : expected_rounds) {
    const auto [k, n] = size;
    INFO("tables of " << k << ", players: " << n);
    const auto players = ids(n);
    const auto s = round_robin(players, k);
    CHECK(static_cast<int>(s.rounds.size()) == rounds);
    const auto f = facts(s, players, k);
    CHECK(every_pair_met(f, players));
    check_byes(f, players);
  }
}

TEST_CASE("round robin of 9 at tables of 3, 15 at tables of 3 and 16 at tables of 4: every pair exactly once",
          "[tournament][round_robin]") {
  for (const auto& [k, n] : std::vector<std::pair<int, int>>{{3, 9}, {3, 15}, {4, 16}}) {
    INFO("tables of " << k << ", players: " << n);
    const auto players = ids(n);
    const auto s = round_robin(players, k);
    CHECK(static_cast<int>(s.rounds.size()) == (n - 1) / (k - 1));
    const auto f = facts(s, players, k);
    CHECK(static_cast<int>(f.meetings.size()) == n * (n - 1) / 2);
    for (const auto& [pair, times] : f.meetings) CHECK(times == 1);
  }
}

TEST_CASE("round robin at tables of 3 and 4, every size up to 16: the rounds the header promises",
          "[tournament][round_robin]") {
  const std::vector<int> rounds_of_3{1, 3, 5, 4, 5, 6, 4, 6, 7, 7, 7, 9, 7, 9};  // n = 3..16
  const std::vector<int> rounds_of_4{1, 3, 3, 7, 3, 5, 5, 6, 5, 6, 6, 7, 5};     // n = 4..16
  for (int k = 3; k <= 4; ++k) {
    const auto& expected = k == 3 ? rounds_of_3 : rounds_of_4;
    for (int n = k; n <= 16; ++n) {
      INFO("tables of " << k << ", players: " << n);
      const auto players = ids(n);
      const auto s = round_robin(players, k);
      CHECK(static_cast<int>(s.rounds.size()) == expected[n - k]);
      const auto f = facts(s, players, k);
      CHECK(every_pair_met(f, players));
      check_byes(f, players);
      // With every pair met, the repeats are what the rounds' seats hold beyond the pairs.
      int seat_pairs = 0;
      for (const auto& [pair, times] : f.meetings) seat_pairs += times;
      CHECK(seat_pairs == static_cast<int>(s.rounds.size()) * (n / k) * k * (k - 1) / 2);
      // The first seat goes round: nobody has it more than twice as often as his share.
      for (const auto p : players) {
        const auto first = f.first_seats.count(p) ? f.first_seats.at(p) : 0;
        CHECK(first * k <= f.games.at(p) + k);
      }
    }
  }
}

TEST_CASE("round robin of exactly a table's players is one round at one table", "[tournament][round_robin]") {
  for (int k = 2; k <= 4; ++k) {
    const auto s = round_robin(ids(k), k);
    REQUIRE(s.rounds.size() == 1);
    REQUIRE(s.rounds[0].tables.size() == 1);
    CHECK(s.rounds[0].byes.empty());
    auto t = s.rounds[0].tables[0];
    std::sort(t.begin(), t.end());
    CHECK(t == ids(k));
  }
}

TEST_CASE("round robin: the same players in any order give the same schedule; a draw reshuffles it",
          "[tournament][round_robin]") {
  for (int k = 2; k <= 4; ++k) {
    auto players = ids(9, 5000);
    const auto s = round_robin(players, k);
    std::reverse(players.begin(), players.end());
    CHECK(round_robin(players, k) == s);
    std::rotate(players.begin(), players.begin() + 4, players.end());
    CHECK(round_robin(players, k) == s);
    CHECK(round_robin(players, k) == round_robin(players, k));

    const auto drawn = round_robin(players, k, 77);
    CHECK(drawn == round_robin(ids(9, 5000), k, 77));
    CHECK(drawn != s);
    CHECK(drawn.rounds.size() == s.rounds.size());
    const auto f = facts(drawn, players, k);
    CHECK(every_pair_met(f, players));
  }
}

TEST_CASE("round robin refuses bad input", "[tournament][round_robin]") {
  CHECK_THROWS_AS(round_robin(ids(6), 5), std::invalid_argument);
  CHECK_THROWS_AS(round_robin(ids(6), 1), std::invalid_argument);
  CHECK_THROWS_AS(round_robin(ids(2), 3), std::invalid_argument);
  CHECK_THROWS_AS(round_robin(ids(1), 2), std::invalid_argument);
  CHECK_THROWS_AS(round_robin(ids(17), 2), std::invalid_argument);
  CHECK_THROWS_AS(round_robin({1, 2, 3, 2}, 2), std::invalid_argument);
  CHECK_NOTHROW(round_robin(ids(16), 4));
  try {
    round_robin(ids(6), 5);
  } catch (const std::invalid_argument& e) {
    CHECK(std::string(e.what()).find("table size 5") != std::string::npos);
  }
}

TEST_CASE("standings of a 5-player round robin of 2-player games, by hand", "[tournament][round_robin][standings]") {
  using loyang::server::tournaments::bye_record;
  using loyang::server::tournaments::entrant;
  using loyang::server::tournaments::standings;
  using loyang::server::tournaments::tournament_format;
  // Players 1..5 (ratings 1990..1950). The results, by pair:
  //   1-2: 1 wins  1-3: draw    1-4: 1 wins  1-5: 5 wins  2-3: 2 wins
  //   2-4: draw    2-5: 2 wins  3-4: 3 wins  3-5: draw    4-5: 4 wins
  const std::map<std::pair<player_id, player_id>, result> results{
      {{1, 2}, result::first_wins}, {{1, 3}, result::draw},        {{1, 4}, result::first_wins},
      {{1, 5}, result::second_wins}, {{2, 3}, result::first_wins}, {{2, 4}, result::draw},
      {{2, 5}, result::first_wins}, {{3, 4}, result::first_wins},  {{3, 5}, result::draw},
      {{4, 5}, result::first_wins}};
  const std::vector<player_id> players{1, 2, 3, 4, 5};
  const auto s = round_robin(players, 2);
  std::vector<game_outcome> games;
  std::vector<bye_record> byes;
  for (std::size_t r = 0; r < s.rounds.size(); ++r) {
    const auto round = static_cast<int>(r) + 1;
    for (const auto& t : s.rounds[r].tables) {
      auto outcome = results.at(std::minmax(t[0], t[1]));
      if (t[0] > t[1] && outcome != result::draw) {
        outcome = outcome == result::first_wins ? result::second_wins : result::first_wins;
      }
      games.push_back(duel(round, t[0], t[1], outcome));
    }
    for (const auto p : s.rounds[r].byes) byes.push_back({round, p});
  }
  std::vector<entrant> entrants;
  for (const auto p : players) entrants.push_back({p, static_cast<int>(2000 - 10 * p), false});
  const auto rows = standings(tournament_format::round_robin, entrants, games, byes);

  // Points (games + the bye): 1: 2.5 + 1, 2: 2.5 + 1, 3: 2 + 1, 4: 1.5 + 1, 5: 1.5 + 1.
  // Sonneborn-Berger, the sum of beaten opponents' points plus half the drawn ones':
  //   1: 2 (3.5) + 3 (3 / 2) + 4 (2.5) = 15/2     2: 3 (3) + 4 (2.5 / 2) + 5 (2.5) = 27/4
  //   3: 1 (3.5 / 2) + 4 (2.5) + 5 (2.5 / 2) = 11/2
  //   4: 2 (3.5 / 2) + 5 (2.5) = 17/4             5: 1 (3.5) + 3 (3 / 2) = 5
  // So 1 before 2 (both 3.5), and 5 before 4 (both 2.5). Nobody ties on both: no head-to-head.
  struct expected_row {
    player_id id;
    fraction points;
    fraction sb;
    int wins;
  };
  const std::vector<expected_row> expected{{1, frac(7, 2), frac(15, 2), 2},
                                           {2, frac(7, 2), frac(27, 4), 2},
                                           {3, 3, frac(11, 2), 1},
                                           {5, frac(5, 2), 5, 1},
                                           {4, frac(5, 2), frac(17, 4), 1}};
  REQUIRE(rows.size() == expected.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    INFO("row " << i + 1);
    CHECK(rows[i].rank == static_cast<int>(i) + 1);
    CHECK(rows[i].shared_rank == rows[i].rank);
    CHECK(rows[i].id == expected[i].id);
    CHECK(rows[i].points == expected[i].points);
    CHECK(rows[i].points_shown == Approx(expected[i].points.to_double()));
    CHECK(rows[i].sonneborn_berger == expected[i].sb);
    CHECK(rows[i].wins == expected[i].wins);
    CHECK(rows[i].games_played == 5);
    CHECK(rows[i].byes == 1);
    CHECK(rows[i].buchholz == 0);
    CHECK(rows[i].head_to_head == 0);
  }
}
