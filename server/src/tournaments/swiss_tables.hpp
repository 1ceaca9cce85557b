#pragma once
// Internal: Swiss tables of 3 or 4 players, on players already put in ranking order, the
// byes already taken out (pairing.hpp states the rules; this is how they are met).
#include <cstdint>
#include <vector>

namespace loyang::server::tournaments::detail {

struct tables_result {
  std::vector<std::vector<int>> tables;  ///< each ascending (ranking order), top table first
  int repeated_pairs = 0;
};

/// Players are 0..m-1 in ranking order, m a multiple of k (3 or 4): `scores[i]` their scores
/// as integers on a common scale (non-increasing), `met[i][j]` whether i and j met before.
tables_result group_tables(const std::vector<std::int64_t>& scores, const std::vector<std::vector<char>>& met,
                           int k);

}  // namespace loyang::server::tournaments::detail
