#pragma once
// The vocabulary shared by the tournament rules (round robin schedules, Swiss pairing,
// standings): players, finished games, byes and a round's tables. Plain data, no behaviour;
// scoring.hpp turns a game into points.
#include <cstdint>
#include <vector>

namespace loyang::server::tournaments {

/// A player is his account id.
using player_id = std::int64_t;

/// Seats at one table: games of 2, 3 or 4 players.
inline constexpr int min_table_size = 2;
inline constexpr int max_table_size = 4;

/// One seat of a finished game.
struct seat_result {
  player_id player = 0;
  /// 1 is best; tied players share a place. Only the order of places counts ({1, 1, 2} and
  /// {1, 1, 3} say the same), and a forfeited seat's place is ignored.
  int place = 1;
  /// Timed out, or withdrew while the game was on: scores 0 (scoring.hpp, "the stated rule").
  bool forfeited = false;
  bool operator==(const seat_result&) const = default;
};

/// A finished tournament game.
struct game_outcome {
  int round = 1;                   ///< 1-based
  std::vector<seat_result> seats;  ///< in seat order: 2 to 4 distinct players
  bool operator==(const game_outcome&) const = default;
};

/// A round a player sat out: worth a full win (1 point), with no opponent.
struct bye_record {
  int round = 1;
  player_id player = 0;
  bool operator==(const bye_record&) const = default;
};

/// One table of a round: its players in seat order (the first seat first).
using table = std::vector<player_id>;

/// One round: who sits where, and who has a bye.
struct round_plan {
  std::vector<table> tables;
  std::vector<player_id> byes;  ///< ascending ids (round robin) or ranking order (Swiss)
  bool operator==(const round_plan&) const = default;
};

}  // namespace loyang::server::tournaments
