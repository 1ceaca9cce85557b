#pragma once
// Tournament standings: each player's points and tie-breaks from the finished games and byes,
// sorted, exact (fraction.hpp). Pure: the same games give the same table.
//
// Points: scoring.hpp (the stated rule; a bye is worth 1).
// Definitions, per player:
// - games_played: his games plus his byes.
// - wins: games (not byes) in which he scored the full point, alone in first place; a win
//   because every other player forfeited counts.
// - Buchholz (Swiss): over his games, the sum of the mean final points of his opponents at
//   that table (2 players: the opponent's final points). A bye adds nothing.
// - Sonneborn-Berger: over his games, his points in that game times the mean final points of
//   his opponents at that table. A bye adds nothing.
// - head-to-head (round robin): among the players equal with him on points and
//   Sonneborn-Berger, the sum over the games he shared with each of them of 1 if he scored more
//   than that player, 1/2 if as much (neither forfeiting), 0 otherwise.
// Order: Swiss by points, Buchholz, Sonneborn-Berger, wins, rating (higher first), id
// (lower first); round robin by points, Sonneborn-Berger, head-to-head, wins, rating, id.
// Withdrawn players keep their games and their place in the order, flagged.
#include <vector>

#include "fraction.hpp"
#include "tournament_types.hpp"

namespace loyang::server::tournaments {

enum class tournament_format { swiss, round_robin };

/// A player of the tournament, active or not.
struct entrant {
  player_id id = 0;
  int rating = 0;
  bool withdrawn = false;
};

struct standing_row {
  int rank = 0;         ///< 1-based, distinct: the row's place in the order
  int shared_rank = 0;  ///< the rank of the first row equal with this one on every result-based
                        ///< key (all but rating and id): equal players show the same
  player_id id = 0;
  int rating = 0;
  bool withdrawn = false;
  fraction points;
  double points_shown = 0;  ///< points as a double, for display only
  int games_played = 0;     ///< games and byes
  int byes = 0;
  int wins = 0;
  fraction buchholz;          ///< Swiss; 0 in a round robin
  fraction sonneborn_berger;
  fraction head_to_head;      ///< round robin; 0 in a Swiss
  bool operator==(const standing_row&) const = default;
};

/// The standings of `players` after `games` and `byes`, sorted (rank 1 first). Throws
/// std::invalid_argument on a duplicate player id, a game or bye naming a player not in
/// `players`, a malformed game (scoring.hpp, check_game) or a bye in a round below 1.
std::vector<standing_row> standings(tournament_format format, const std::vector<entrant>& players,
                                   const std::vector<game_outcome>& games, const std::vector<bye_record>& byes);

}  // namespace loyang::server::tournaments
