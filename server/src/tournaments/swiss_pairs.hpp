#pragma once
// Internal: Swiss pairing for 2-player games, on players already put in ranking order
// (pairing.hpp states the rules; this is how they are met).
#include <utility>
#include <vector>

#include "fraction.hpp"

namespace loyang::server::tournaments::detail {

struct pairs_result {
  std::vector<std::pair<int, int>> pairs;  ///< (higher ranked, lower ranked), top board first
  int bye = -1;                            ///< the player with the bye, or -1
  int rematches = 0;
};

/// Players are 0..n-1 in ranking order (n >= 2): `scores[i]` their scores (non-increasing),
/// `met[i][j]` whether i and j met before, `byes[i]` how many byes i had.
pairs_result pair_two_player(const std::vector<fraction>& scores, const std::vector<std::vector<char>>& met,
                             const std::vector<int>& byes);

}  // namespace loyang::server::tournaments::detail
