#pragma once
// Who sits where at a table: the seat rule shared by Swiss pairing and the round robin of 3-
// and 4-player games, so that over a tournament everybody starts about as often.
//
// The rule: seats are filled from the first. Each goes to the table's player who has sat in
// that seat least often so far; on a tie, to the one who sat in the seats after it most
// often (he has waited longest for an earlier seat); then to the one listed first (Swiss:
// the higher ranked; round robin: the lower id).
#include <array>
#include <map>
#include <vector>

#include "tournament_types.hpp"

namespace loyang::server::tournaments {

/// How often each player sat in each seat.
class seat_counts {
 public:
  /// Counts every seat of `t`.
  void add(const table& t);
  /// How often `player` sat in seat `seat` (0-based); 0 for an unknown player.
  int count(player_id player, std::size_t seat) const;

 private:
  std::map<player_id, std::array<int, max_table_size>> counts_;
};

/// `players` (distinct, at most 4, in tie order) in seat order by the rule above.
table seat_order(const std::vector<player_id>& players, const seat_counts& counts);

}  // namespace loyang::server::tournaments
