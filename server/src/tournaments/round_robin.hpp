#pragma once
// Round robin schedules: every round's tables and byes, computed in advance, so that every
// pair of players meets. Deterministic: the schedule depends only on the set of players (and
// the draw), never on the order they are given in.
//
// Games of 2 players: the circle method. n even: n - 1 rounds; n odd: n rounds, one bye each
// round, each player exactly one bye. Every pair meets exactly once; each player has the first
// seat in half his games (n odd: exactly; n even: (n - 2) / 2 or n / 2 of his n - 1).
//
// Games of 3 or 4 players (k): every round has floor(n / k) full tables and n mod k byes.
// Guarantees: every pair meets at least once; byes are spread evenly (any two players' byes
// differ by at most one) and nobody sits out two rounds in a row. Rounds R: a seeded,
// deterministic search for a schedule of R rounds, R from a table of the fewest it has found
// (round_robin.cpp) and growing if ever it failed. With every pair met, R also fixes the
// repeated meetings (the seat-pairs beyond the n(n - 1) / 2 needed), so fewer rounds means
// fewer repeats. Exactly k players: one round, one table. The rounds, by n (checked by
// round_robin_test.cpp); * marks the lower bound reached, so the fewest possible (each player
// needs ceil((n - 1) / (k - 1)) games, some player sits out ceil(R (n mod k) / n) rounds, and
// the tables must hold every pair):
//   tables of 3:  n =  3  4  5  6  7  8  9 10 11 12 13 14 15 16
//                 R =  1* 3* 5  4  5  6* 4* 6* 7* 7  7* 9* 7* 9*
//   tables of 4:  n =  4  5  6  7  8  9 10 11 12 13 14 15 16
//                 R =  1* 3* 3* 7  3* 5  5  6* 5  6  6* 7* 5*
// Seats: seating.hpp, round after round (ties to the earlier in the draw order).
#include <cstdint>
#include <vector>

#include "tournament_types.hpp"

namespace loyang::server::tournaments {

/// The most players a round robin takes (its rounds grow with the count; the search for 3-
/// and 4-player tables is sized for this).
inline constexpr int max_round_robin_players = 16;

/// A tournament's rounds, the first first.
struct schedule {
  std::vector<round_plan> rounds;
  bool operator==(const schedule&) const = default;
};

/// The rounds of a round robin of `players` at tables of `table_size` (2 to 4). The players
/// are drawn into the schedule's positions by ascending id, or, when `draw` is not 0, in an
/// order shuffled from it (the same draw, the same schedule). Throws std::invalid_argument on
/// a table size outside 2..4, fewer than `table_size` or more than max_round_robin_players
/// players, or a duplicate id.
schedule round_robin(std::vector<player_id> players, int table_size, std::uint64_t draw = 0);

}  // namespace loyang::server::tournaments
