#pragma once
// Internal: the deadlines of every game whose clock runs, earliest first: what the one timer
// service waits for, so that a game need not be in memory for its deadline to fire. One entry
// per game (the earliest deadline of its seats: game_clock::next_deadline); arming again
// replaces it. Not thread-safe: its owner keeps it on one strand.
#include <cstdint>
#include <optional>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

namespace loyang::server::clocks {

class deadline_queue {
 public:
  /// Game `game`'s deadline is now `when` (Unix seconds), replacing any; nullopt clears it
  /// (no clock runs: the game waits for nobody with a clock, or it ended).
  void arm(std::int64_t game, std::optional<std::int64_t> when);
  /// The earliest deadline of all, if any: when the timer should wake next.
  std::optional<std::int64_t> earliest() const;
  /// Removes and returns the games whose deadline is at or before `now`, earliest first (by
  /// game id on a tie).
  std::vector<std::int64_t> take_due(std::int64_t now);
  /// The deadline armed for `game`, if any.
  std::optional<std::int64_t> deadline_of(std::int64_t game) const;
  std::size_t size() const { return by_game_.size(); }

 private:
  std::set<std::pair<std::int64_t, std::int64_t>> by_time_;  // (when, game)
  std::unordered_map<std::int64_t, std::int64_t> by_game_;   // game -> when
};

}  // namespace loyang::server::clocks
