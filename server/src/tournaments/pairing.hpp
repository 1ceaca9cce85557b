#pragma once
// Swiss pairing: the tables and byes of the next round of a Swiss tournament, from the
// active players' scores and who met whom. Deterministic: no randomness, the same input (in
// any order) gives the same round.
//
// Ranking order: score descending, then rating descending, then id ascending.
//
// Games of 2 players (classic Swiss):
// - Never a rematch when a pairing without one exists (exact, by maximum matching: for any
//   number of players up to max_swiss_players); otherwise the fewest rematches possible,
//   reported in repeated_pairs.
// - An odd count gives exactly one bye: to the player whose absence lets the others be paired
//   with the fewest rematches; among those, the one with the fewest byes so far, then the
//   lowest ranked. So the lowest ranked player without a bye gets it when that costs nothing.
// - Top-down: the highest ranked unpaired player meets, among the opponents that keep the
//   rest pairable within the fewest rematches, the first of: his score group's natural
//   opponent (the top half against the bottom half: with him at index 0 of his remaining
//   group of size m, index m / 2), the rest of the bottom half downwards, the top half
//   upwards, then the players of lower score groups highest first (he floats down). An
//   opponent he has not met comes before any rematch.
//
// Games of 3 or 4 players:
// - Only full tables: with n players, n mod table_size byes, to the players with the fewest
//   byes so far, the lowest ranked first ("byes for the rest": 7 players at tables of 4 give one
//   table and 3 byes).
// - The others are grouped into tables minimizing, in this order, the pairs at a table who
//   met before, the sum of the tables' score spreads (highest minus lowest score at a table),
//   and the sum of their ranking spreads (so that tables of equal scores follow the ranking:
//   1-4, 5-8...). Exact for up to 16 players at tables (15 at tables of 3); beyond, exact
//   within a window of 12 players moving down the ranking, then improved by swaps
//   (swiss_tables.cpp).
//
// Seat order at every table: seating.hpp (the fewest times in a seat gets it; ties to the
// higher ranked). Tables are listed top table first.
#include <cstdint>
#include <vector>

#include "fraction.hpp"
#include "tournament_types.hpp"

namespace loyang::server::tournaments {

/// The most players a Swiss round pairs.
inline constexpr int max_swiss_players = 256;

/// An active (not withdrawn) player of a Swiss tournament.
struct swiss_player {
  player_id id = 0;
  fraction score;  ///< points so far (standings.hpp), byes included
  int rating = 0;  ///< orders equal scores: the higher first
};

/// What the earlier rounds say about pairing: who sat with whom, in which seats, who had byes.
struct pairing_history {
  std::vector<table> tables;    ///< every earlier table, seats in order (finished or not)
  std::vector<player_id> byes;  ///< one entry per bye received
};

/// The history of finished games and byes (players who left may appear: they are ignored).
pairing_history history_of(const std::vector<game_outcome>& games, const std::vector<bye_record>& byes);

/// One round's pairing and how good it is.
struct round_pairing {
  round_plan plan;  ///< tables top first; byes in ranking order
  /// Pairs of players at one table who had met before: the rematches that could not be
  /// avoided (2-player games: the fewest possible).
  int repeated_pairs = 0;
};

/// Pairs the next round of `active` at tables of `table_size` (2 to 4). Throws
/// std::invalid_argument on a table size outside 2..4, fewer than `table_size` or more than
/// max_swiss_players players, or a duplicate id.
round_pairing pair_swiss(const std::vector<swiss_player>& active, const pairing_history& past, int table_size);

}  // namespace loyang::server::tournaments
