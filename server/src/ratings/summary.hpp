#pragma once
/// Everything the ratings compute, together: the Elo table, the profiles' statistics and the
/// daily challenge's tables. The server builds it once at start (compute) and adds each game
/// when it finishes (add); both give the same figures.
#include <vector>

#include "daily.hpp"
#include "elo.hpp"
#include "finishing.hpp"
#include "stats.hpp"

namespace loyang::ratings {

struct summary {
  elo_table elo;
  stats_table stats;
  daily_table daily;

  /// Adds one game to every table (each ignores what is not for it: unfinished, cancelled,
  /// unrated, ...). Call when a game finishes; returns whether any table counted it.
  bool add(const game_record& g);

  bool operator==(const summary&) const = default;
};

/// A summary from scratch: the finished games of `games` (any order, any status) added in
/// finishing order (finish_key).
summary compute(const std::vector<game_record>& games);

}  // namespace loyang::ratings
