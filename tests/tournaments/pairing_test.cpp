// Swiss pairing as players would check it: no rematch while one can be avoided (against brute
// force on every small case), byes in turn, winners meeting winners, tables of 3 and 4 as good
// as the best partition, the same round whatever the input order; a 9-player tournament
// paired and scored by hand.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include "helpers.hpp"
#include "tournaments/pairing.hpp"
#include "tournaments/scoring.hpp"
#include "tournaments/standings.hpp"

namespace {

using namespace loyang::test::tournaments;
using loyang::server::tournaments::bye_record;
using loyang::server::tournaments::pair_swiss;
using loyang::server::tournaments::pairing_history;
using loyang::server::tournaments::round_pairing;
using loyang::server::tournaments::swiss_player;
using loyang::server::tournaments::table;

/// The players in ranking order: score, rating, id.
std::vector<swiss_player> ranked(std::vector<swiss_player> players) {
  std::sort(players.begin(), players.end(), [](const swiss_player& a, const swiss_player& b) {
    return std::tuple(b.score, b.rating, a.id) < std::tuple(a.score, a.rating, b.id);
  });
  return players;
}

using met_set = std::set<std::pair<player_id, player_id>>;

met_set met_pairs(const pairing_history& h) {
  met_set met;
  for (const auto& t : h.tables) {
    for (std::size_t a = 0; a < t.size(); ++a) {
      for (auto b = a + 1; b < t.size(); ++b) met.insert(std::minmax(t[a], t[b]));
    }
  }
  return met;
}

int repeats_at(const table& t, const met_set& met) {
  int n = 0;
  for (std::size_t a = 0; a < t.size(); ++a) {
    for (auto b = a + 1; b < t.size(); ++b) n += met.count(std::minmax(t[a], t[b])) ? 1 : 0;
  }
  return n;
}

/// Every active player exactly once, at a full table or on a bye; the reported repeats right.
void check_round(const round_pairing& p, const std::vector<swiss_player>& active, const pairing_history& h, int k) {
  std::multiset<player_id> seen;
  int repeats = 0;
  const auto met = met_pairs(h);
  for (const auto& t : p.plan.tables) {
    REQUIRE(static_cast<int>(t.size()) == k);
    seen.insert(t.begin(), t.end());
    repeats += repeats_at(t, met);
  }
  seen.insert(p.plan.byes.begin(), p.plan.byes.end());
  std::multiset<player_id> expected;
  for (const auto& s : active) expected.insert(s.id);
  REQUIRE(seen == expected);
  CHECK(static_cast<int>(p.plan.byes.size()) == static_cast<int>(active.size()) % k);
  CHECK(p.repeated_pairs == repeats);
}

/// The fewest rematches of any pairing of `players`, by trying them all (remembering each set
/// of players left, so that 10 players take a moment).
int fewest_rematches(const std::vector<player_id>& players, const met_set& met) {
  const auto n = players.size();
  std::vector<int> memo(std::size_t{1} << n, -1);
  std::function<int(std::uint32_t)> best = [&](std::uint32_t left) {
    if (left == 0) return 0;
    if (memo[left] >= 0) return memo[left];
    std::size_t first = 0;
    while (!(left & (1U << first))) ++first;
    int fewest = 1 << 20;
    for (auto other = first + 1; other < n; ++other) {
      if (!(left & (1U << other))) continue;
      const int rematch = met.count(std::minmax(players[first], players[other])) ? 1 : 0;
      fewest = std::min(fewest, rematch + best(left & ~(1U << first) & ~(1U << other)));
    }
    return memo[left] = fewest;
  };
  return best((1U << n) - 1);
}

/// A Swiss tournament played out with given or random results.
struct tournament {
  std::vector<swiss_player> players;
  pairing_history history;
  std::vector<game_outcome> games;
  std::vector<bye_record> byes;
  int round = 0;

  void record(const round_pairing& p, const std::function<game_outcome(int, const table&)>& play) {
    ++round;
    for (const auto& t : p.plan.tables) {
      games.push_back(play(round, t));
      history.tables.push_back(t);
      const auto points = loyang::server::tournaments::game_points(games.back());
      for (std::size_t s = 0; s < t.size(); ++s) score_of(t[s]) += points[s];
    }
    for (const auto b : p.plan.byes) {
      byes.push_back({round, b});
      history.byes.push_back(b);
      score_of(b) += 1;
    }
  }

  fraction& score_of(player_id id) {
    for (auto& p : players) {
      if (p.id == id) return p.score;
    }
    FAIL("unknown player " << id);
    throw std::logic_error("unreachable");
  }
};

/// Random places for a table (ties possible), from `rng`.
game_outcome random_game(int round, const table& t, test_rng& rng) {
  game_outcome g{round, {}};
  for (const auto p : t) g.seats.push_back({p, 1 + rng.below(static_cast<int>(t.size())), false});
  return g;
}

}  // namespace

TEST_CASE("Swiss of 9 at 2-player tables, 3 rounds by hand: byes in turn, winners meet winners, no rematch",
          "[tournament][swiss]") {
  tournament t;
  for (player_id id = 1; id <= 9; ++id) t.players.push_back({id, 0, static_cast<int>(2000 - 10 * id)});

  // Round 1: everybody on 0, ranked by rating: 1..9. The bye to the lowest ranked (9); the top
  // half meets the bottom half: 1-5, 2-6, 3-7, 4-8.
  auto p = pair_swiss(t.players, t.history, 2);
  check_round(p, t.players, t.history, 2);
  CHECK(p.plan.tables == std::vector<table>{{1, 5}, {2, 6}, {3, 7}, {4, 8}});
  CHECK(p.plan.byes == std::vector<player_id>{9});
  CHECK(p.repeated_pairs == 0);
  const std::map<std::pair<player_id, player_id>, result> round1{
      {{1, 5}, result::first_wins}, {{2, 6}, result::second_wins}, {{3, 7}, result::first_wins},
      {{4, 8}, result::draw}};
  t.record(p, [&](int round, const table& tb) { return duel(round, tb[0], tb[1], round1.at({tb[0], tb[1]})); });

  // Round 2: 1, 3, 6, 9 on 1; 4, 8 on 1/2; 2, 5, 7 on 0. The bye to 7 (lowest without one).
  // Score 1: 1-6, 3-9 (top half against bottom half). 4-8 met, so 4 floats down to 2, and 8
  // meets 5. Seats: who sat first less often gets the first seat (6, 9: never; 8: never).
  p = pair_swiss(t.players, t.history, 2);
  check_round(p, t.players, t.history, 2);
  CHECK(p.plan.tables == std::vector<table>{{6, 1}, {9, 3}, {4, 2}, {8, 5}});
  CHECK(p.plan.byes == std::vector<player_id>{7});
  CHECK(p.repeated_pairs == 0);
  const std::map<std::pair<player_id, player_id>, result> round2{
      {{6, 1}, result::second_wins}, {{9, 3}, result::first_wins}, {{4, 2}, result::second_wins},
      {{8, 5}, result::draw}};
  t.record(p, [&](int round, const table& tb) { return duel(round, tb[0], tb[1], round2.at({tb[0], tb[1]})); });

  // Round 3: 1, 9 on 2; 2, 3, 6, 7, 8 on 1; 4, 5 on 1/2. The bye to 5. 1-9; in the group of
  // five 2's natural opponent 6 is a rematch, so 2-7; 3-6 would leave 8-4 (met), so 3-8; 6-4.
  p = pair_swiss(t.players, t.history, 2);
  check_round(p, t.players, t.history, 2);
  CHECK(p.plan.tables == std::vector<table>{{1, 9}, {7, 2}, {3, 8}, {6, 4}});
  CHECK(p.plan.byes == std::vector<player_id>{5});
  CHECK(p.repeated_pairs == 0);
  const std::map<std::pair<player_id, player_id>, result> round3{
      {{1, 9}, result::draw}, {{7, 2}, result::first_wins}, {{3, 8}, result::first_wins},
      {{6, 4}, result::second_wins}};
  t.record(p, [&](int round, const table& tb) { return duel(round, tb[0], tb[1], round3.at({tb[0], tb[1]})); });

  // Three different byes, no pair twice.
  CHECK(std::set<player_id>(t.history.byes.begin(), t.history.byes.end()).size() == 3);
  CHECK(met_pairs(t.history).size() == t.history.tables.size());

  // Standings (Swiss: points, Buchholz, Sonneborn-Berger, wins, rating, id). Final points:
  // 1: 5/2, 9: 5/2, 3: 2, 7: 2, 4: 3/2, 5: 3/2, 2: 1, 6: 1, 8: 1. Buchholz, the opponents'
  // points (a bye adds nothing): 1: 5 (3/2 + 1 + 5/2), 9: 9/2 (2 + 5/2), 3: 11/2, 7: 3,
  // 5: 7/2 (5/2 + 1), 4: 3, 8: 5, 6: 5 (1 + 5/2 + 3/2), 2: 9/2. 6 and 8 tie on Buchholz:
  // Sonneborn-Berger 6: 1 (beat 2), 8: 3/2 (drew 4 and 5: 3/4 + 3/4).
  using loyang::server::tournaments::entrant;
  std::vector<entrant> entrants;
  for (const auto& s : t.players) entrants.push_back({s.id, s.rating, false});
  const auto rows = loyang::server::tournaments::standings(loyang::server::tournaments::tournament_format::swiss,
                                                           entrants, t.games, t.byes);
  struct expected_row {
    player_id id;
    fraction points;
    fraction buchholz;
    fraction sb;
    int wins;
  };
  const std::vector<expected_row> expected{
      {1, frac(5, 2), 5, frac(15, 4), 2},           {9, frac(5, 2), frac(9, 2), frac(13, 4), 1},
      {3, 2, frac(11, 2), 3, 2},                     {7, 2, 3, 1, 1},
      {5, frac(3, 2), frac(7, 2), frac(1, 2), 0},   {4, frac(3, 2), 3, frac(3, 2), 1},
      {8, 1, 5, frac(3, 2), 0},                      {6, 1, 5, 1, 1},
      {2, 1, frac(9, 2), frac(3, 2), 1}};
  REQUIRE(rows.size() == expected.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    INFO("row " << i + 1);
    CHECK(rows[i].id == expected[i].id);
    CHECK(rows[i].points == expected[i].points);
    CHECK(rows[i].buchholz == expected[i].buchholz);
    CHECK(rows[i].sonneborn_berger == expected[i].sb);
    CHECK(rows[i].wins == expected[i].wins);
    CHECK(rows[i].games_played == 3);
  }
}

TEST_CASE("Swiss at 2-player tables: a rematch-free pairing whenever one exists, else the fewest (brute force, "
          "2 to 10 players)",
          "[tournament][swiss]") {
  test_rng rng(20240611);
  int cases_with_forced_rematches = 0;
  for (int n = 2; n <= 10; ++n) {
    for (int c = 0; c < 150; ++c) {
      std::vector<swiss_player> players;
      std::map<player_id, int> byes;
      pairing_history h;
      for (int i = 0; i < n; ++i) {
        const player_id id = 10 + rng.below(5) * 100 + i;  // ids not in ranking order
        players.push_back({id, frac(rng.below(5), 2), 1400 + rng.below(3) * 50});
        byes[id] = rng.below(3) == 0 ? 1 + rng.below(2) : 0;
        for (int b = 0; b < byes[id]; ++b) h.byes.push_back(id);
      }
      const auto density = 1 + rng.below(9);  // in tenths
      for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
          if (rng.below(10) < density) h.tables.push_back({players[a].id, players[b].id});
        }
      }
      INFO("players " << n << ", case " << c);
      const auto p = pair_swiss(players, h, 2);
      check_round(p, players, h, 2);
      const auto met = met_pairs(h);
      const auto order = ranked(players);

      // The fewest rematches over every bye and every pairing of the rest.
      std::vector<player_id> all;
      for (const auto& s : players) all.push_back(s.id);
      std::sort(all.begin(), all.end());
      std::map<player_id, int> fewest_without;  // odd: by the bye's player
      int fewest = 0;
      if (n % 2 == 0) {
        fewest = fewest_rematches(all, met);
      } else {
        fewest = 1 << 20;
        for (const auto b : all) {
          auto rest = all;
          rest.erase(std::find(rest.begin(), rest.end(), b));
          fewest_without[b] = fewest_rematches(rest, met);
          fewest = std::min(fewest, fewest_without[b]);
        }
      }
      CHECK(p.repeated_pairs == fewest);
      if (fewest > 0) ++cases_with_forced_rematches;

      if (n % 2 == 1) {
        // The bye: among the players whose absence allows the fewest rematches, the one with
        // the fewest byes, then the lowest ranked.
        player_id want = 0;
        for (auto it = order.rbegin(); it != order.rend(); ++it) {
          if (fewest_without[it->id] != fewest) continue;
          if (want == 0 || byes[it->id] < byes[want]) want = it->id;
        }
        CHECK(p.plan.byes == std::vector<player_id>{want});
      }
    }
  }
  CHECK(cases_with_forced_rematches > 50);  // the generator does reach both kinds
}

TEST_CASE("Swiss at 2-player tables: 64 players whose only rematch-free pairing is hidden are paired without one",
          "[tournament][swiss]") {
  test_rng rng(64);
  for (const int n : {64, 63}) {
    std::vector<swiss_player> players;
    for (int i = 0; i < n; ++i) players.push_back({1000 + i, frac(rng.below(7), 2), 1500 + rng.below(400)});
    std::vector<int> perm(n);
    for (int i = 0; i < n; ++i) perm[i] = i;
    for (int i = n - 1; i > 0; --i) std::swap(perm[i], perm[rng.below(i + 1)]);
    // Everybody met everybody but his hidden partner (and a few strays); with 63 players one
    // has no partner and no bye yet, while everybody else had a bye.
    std::set<std::pair<int, int>> fresh;
    for (int i = 0; i + 1 < n; i += 2) fresh.insert(std::minmax(perm[i], perm[i + 1]));
    for (int s = 0; s < n / 4; ++s) fresh.insert(std::minmax(rng.below(n), rng.below(n)));
    pairing_history h;
    for (int a = 0; a < n; ++a) {
      for (int b = a + 1; b < n; ++b) {
        if (!fresh.count({a, b})) h.tables.push_back({players[a].id, players[b].id});
      }
      if (n % 2 == 1 && a != perm[n - 1]) h.byes.push_back(players[a].id);
    }
    INFO("players " << n);
    const auto p = pair_swiss(players, h, 2);
    check_round(p, players, h, 2);
    CHECK(p.repeated_pairs == 0);
    if (n % 2 == 1) CHECK(p.plan.byes == std::vector<player_id>{players[perm[n - 1]].id});
  }
}

TEST_CASE("Swiss at 2-player tables: when rematches cannot be avoided, exactly the fewest are made",
          "[tournament][swiss]") {
  // Four players who all met: two rematches, and still everybody plays.
  std::vector<swiss_player> four{{1, 0, 1500}, {2, 0, 1500}, {3, 0, 1500}, {4, 0, 1500}};
  pairing_history all_met{{{1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}, {}};
  auto p = pair_swiss(four, all_met, 2);
  check_round(p, four, all_met, 2);
  CHECK(p.repeated_pairs == 2);

  // 64 players in groups who met everybody outside their group: ten groups of odd size, so
  // five pairs must cross groups (a group of c pairs c / 2 of its own).
  std::vector<swiss_player> players;
  std::vector<int> group;
  const std::vector<int> sizes{5, 5, 5, 5, 5, 5, 5, 5, 7, 7, 10};
  for (std::size_t g = 0; g < sizes.size(); ++g) {
    for (int i = 0; i < sizes[g]; ++i) {
      players.push_back({static_cast<player_id>(players.size()) + 1, frac(static_cast<int>(players.size()) % 4),
                         1500});
      group.push_back(static_cast<int>(g));
    }
  }
  REQUIRE(players.size() == 64);
  pairing_history h;
  for (std::size_t a = 0; a < players.size(); ++a) {
    for (auto b = a + 1; b < players.size(); ++b) {
      if (group[a] != group[b]) h.tables.push_back({players[a].id, players[b].id});
    }
  }
  p = pair_swiss(players, h, 2);
  check_round(p, players, h, 2);
  CHECK(p.repeated_pairs == 5);
}

TEST_CASE("Swiss at 2-player tables: the first seat goes to who had it less often", "[tournament][swiss]") {
  // 1 outranks 2; 1 sat first twice, 2 once: 2 sits first.
  std::vector<swiss_player> players{{1, 2, 1600}, {2, 2, 1500}};
  pairing_history h{{{1, 7}, {1, 8}, {2, 9}, {6, 2}}, {}};
  auto p = pair_swiss(players, h, 2);
  CHECK(p.plan.tables == std::vector<table>{{2, 1}});
  // Both first twice: 2 sat second once more (he has waited longer).
  h.tables.push_back({2, 5});
  p = pair_swiss(players, h, 2);
  CHECK(p.plan.tables == std::vector<table>{{2, 1}});
  // Equal in every seat: the higher ranked.
  h.tables.push_back({4, 1});
  p = pair_swiss(players, h, 2);
  CHECK(p.plan.tables == std::vector<table>{{1, 2}});
}

TEST_CASE("Swiss of 12 at tables of 4, 4 rounds: each round's repeated pairs and score spread are the best "
          "partition's",
          "[tournament][swiss]") {
  test_rng rng(12);
  tournament t;
  for (player_id id = 1; id <= 12; ++id) t.players.push_back({id * 7, 0, 1500 + rng.below(300)});
  for (int round = 1; round <= 4; ++round) {
    INFO("round " << round);
    const auto p = pair_swiss(t.players, t.history, 4);
    check_round(p, t.players, t.history, 4);
    CHECK(p.plan.tables.size() == 3);

    // Every partition of the 12 into tables of 4 (5775), by (repeats, score spread).
    const auto order = ranked(t.players);
    const auto met = met_pairs(t.history);
    using cost = std::pair<int, fraction>;
    const auto cost_of = [&](const std::vector<table>& tables) {
      cost c{0, 0};
      for (const auto& tb : tables) {
        c.first += repeats_at(tb, met);
        fraction high = -1000;
        fraction low = 1000;
        for (const auto id : tb) {
          const auto& s = *std::find_if(order.begin(), order.end(), [&](const swiss_player& x) { return x.id == id; });
          high = std::max(high, s.score);
          low = std::min(low, s.score);
        }
        c.second += high - low;
      }
      return c;
    };
    cost best{1 << 20, 0};
    std::vector<table> current;
    std::function<void(std::vector<player_id>)> each = [&](std::vector<player_id> left) {
      if (left.empty()) {
        best = std::min(best, cost_of(current));
        return;
      }
      for (std::size_t a = 1; a < left.size(); ++a) {
        for (auto b = a + 1; b < left.size(); ++b) {
          for (auto c = b + 1; c < left.size(); ++c) {
            current.push_back({left[0], left[a], left[b], left[c]});
            std::vector<player_id> rest;
            for (std::size_t i = 1; i < left.size(); ++i) {
              if (i != a && i != b && i != c) rest.push_back(left[i]);
            }
            each(rest);
            current.pop_back();
          }
        }
      }
    };
    std::vector<player_id> all;
    for (const auto& s : order) all.push_back(s.id);
    each(all);
    CHECK(cost_of(p.plan.tables) == best);
    if (round == 1) {
      // Equal scores: tables follow the ranking (ratings here).
      for (std::size_t tb = 0; tb < 3; ++tb) {
        std::set<player_id> want;
        for (std::size_t i = 0; i < 4; ++i) want.insert(order[tb * 4 + i].id);
        CHECK(std::set<player_id>(p.plan.tables[tb].begin(), p.plan.tables[tb].end()) == want);
      }
    }
    t.record(p, [&](int r, const table& tb) { return random_game(r, tb, rng); });
  }
  // 12 players, 3 others a round: 4 rounds cannot avoid every repeat, but nobody sat first
  // more than twice.
  std::map<player_id, int> first;
  for (const auto& tb : t.history.tables) first[tb[0]] += 1;
  for (const auto& [id, times] : first) CHECK(times <= 2);
}

TEST_CASE("Swiss of 10 at tables of 3: one bye a round, to a new player each round, repeats the fewest possible",
          "[tournament][swiss]") {
  test_rng rng(10);
  tournament t;
  for (player_id id = 1; id <= 10; ++id) t.players.push_back({id, 0, 1500 + rng.below(300)});
  for (int round = 1; round <= 6; ++round) {
    INFO("round " << round);
    const auto p = pair_swiss(t.players, t.history, 3);
    check_round(p, t.players, t.history, 3);
    REQUIRE(p.plan.byes.size() == 1);
    // The bye: nobody who had one, and the lowest ranked of those.
    const auto order = ranked(t.players);
    player_id want = 0;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      if (std::count(t.history.byes.begin(), t.history.byes.end(), it->id) == 0) {
        want = it->id;
        break;
      }
    }
    CHECK(p.plan.byes == std::vector<player_id>{want});

    // The fewest repeats over every partition of the 9 who play (280).
    const auto met = met_pairs(t.history);
    std::vector<player_id> playing;
    for (const auto& s : order) {
      if (s.id != want) playing.push_back(s.id);
    }
    int fewest = 1 << 20;
    std::function<void(std::vector<player_id>, int)> each = [&](std::vector<player_id> left, int so_far) {
      if (left.empty()) {
        fewest = std::min(fewest, so_far);
        return;
      }
      for (std::size_t a = 1; a < left.size(); ++a) {
        for (auto b = a + 1; b < left.size(); ++b) {
          std::vector<player_id> rest;
          for (std::size_t i = 1; i < left.size(); ++i) {
            if (i != a && i != b) rest.push_back(left[i]);
          }
          each(rest, so_far + repeats_at({left[0], left[a], left[b]}, met));
        }
      }
    };
    each(playing, 0);
    CHECK(p.repeated_pairs == fewest);
    t.record(p, [&](int r, const table& tb) { return random_game(r, tb, rng); });
  }
  CHECK(std::set<player_id>(t.history.byes.begin(), t.history.byes.end()).size() == 6);
}

TEST_CASE("Swiss at tables of 4 with 7 players: one table, byes for the other 3", "[tournament][swiss]") {
  std::vector<swiss_player> players;
  for (player_id id = 1; id <= 7; ++id) players.push_back({id, 0, static_cast<int>(1600 - id)});
  const auto p = pair_swiss(players, {}, 4);
  check_round(p, players, {}, 4);
  CHECK(p.plan.tables == std::vector<table>{{1, 2, 3, 4}});
  CHECK(p.plan.byes == std::vector<player_id>{5, 6, 7});
}

TEST_CASE("Swiss at tables of 3 and 4, 40 players over 5 rounds: full tables and nobody meets anybody twice",
          "[tournament][swiss]") {
  for (const int k : {3, 4}) {
    test_rng rng(40 + k);
    tournament t;
    for (player_id id = 1; id <= 40; ++id) t.players.push_back({id, 0, 1500 + rng.below(500)});
    int repeats = 0;
    for (int round = 1; round <= 5; ++round) {
      const auto p = pair_swiss(t.players, t.history, k);
      check_round(p, t.players, t.history, k);
      repeats += p.repeated_pairs;
      t.record(p, [&](int r, const table& tb) { return random_game(r, tb, rng); });
    }
    INFO("tables of " << k);
    CHECK(repeats == 0);
  }
}

TEST_CASE("Swiss pairing is deterministic and ignores the input order", "[tournament][swiss]") {
  for (const int k : {2, 3, 4}) {
    test_rng rng(99);
    std::vector<swiss_player> players;
    pairing_history h;
    for (player_id id = 1; id <= 17; ++id) players.push_back({id * 3, frac(rng.below(6), 2), 1500 + rng.below(4) * 10});
    for (int i = 0; i < 30; ++i) h.tables.push_back({players[rng.below(17)].id, players[rng.below(17)].id});
    h.byes.push_back(players[3].id);
    const auto p = pair_swiss(players, h, k);
    CHECK(pair_swiss(players, h, k).plan == p.plan);
    std::reverse(players.begin(), players.end());
    CHECK(pair_swiss(players, h, k).plan == p.plan);
    std::rotate(players.begin(), players.begin() + 5, players.end());
    CHECK(pair_swiss(players, h, k).plan == p.plan);
    CHECK(pair_swiss(players, h, k).repeated_pairs == p.repeated_pairs);
  }
}

TEST_CASE("Swiss pairing refuses bad input", "[tournament][swiss]") {
  std::vector<swiss_player> players{{1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}, {5, 0, 0}};
  CHECK_THROWS_AS(pair_swiss(players, {}, 5), std::invalid_argument);
  CHECK_THROWS_AS(pair_swiss(players, {}, 1), std::invalid_argument);
  CHECK_THROWS_AS(pair_swiss({{1, 0, 0}, {2, 0, 0}}, {}, 3), std::invalid_argument);
  CHECK_THROWS_AS(pair_swiss({{1, 0, 0}}, {}, 2), std::invalid_argument);
  CHECK_THROWS_AS(pair_swiss({{1, 0, 0}, {2, 0, 0}, {1, 1, 0}}, {}, 2), std::invalid_argument);
  std::vector<swiss_player> many;
  for (player_id id = 1; id <= loyang::server::tournaments::max_swiss_players + 1; ++id) many.push_back({id, 0, 0});
  CHECK_THROWS_AS(pair_swiss(many, {}, 2), std::invalid_argument);
  // Withdrawn players in the history are no obstacle.
  CHECK_NOTHROW(pair_swiss(players, {{{1, 99}, {99, 2, 3}}, {99}}, 2));
}
