#pragma once
// The crosstable of a tournament: for every two players, the games they shared, as the row
// player's points in each (for a game of 3 or 4 players, his points in the whole game, whoever
// else sat there).
#include <vector>

#include "fraction.hpp"
#include "tournament_types.hpp"

namespace loyang::server::tournaments {

/// One game a row player shared with a column player.
struct meeting {
  int round = 1;
  fraction points;  ///< the row player's points in that game (scoring.hpp)
  bool operator==(const meeting&) const = default;
};

struct crosstable {
  std::vector<player_id> players;  ///< rows and columns, in the order given
  /// cells[row][column]: their games, by round (then in the order given); the diagonal is empty.
  std::vector<std::vector<std::vector<meeting>>> cells;
};

/// The crosstable of `games` with rows and columns in the order of `players` (for instance the
/// standings' order). Throws std::invalid_argument on a duplicate player, a game naming a
/// player not in `players`, or a malformed game (scoring.hpp, check_game).
crosstable cross_table(const std::vector<player_id>& players, const std::vector<game_outcome>& games);

}  // namespace loyang::server::tournaments
