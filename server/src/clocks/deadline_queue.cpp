#include "deadline_queue.hpp"

namespace loyang::server::clocks {

void deadline_queue::arm(std::int64_t game, std::optional<std::int64_t> when) {
  if (const auto it = by_game_.find(game); it != by_game_.end()) {
    by_time_.erase({it->second, game});
    by_game_.erase(it);
  }
  if (!when) return;
  by_time_.emplace(*when, game);
  by_game_.emplace(game, *when);
}

std::optional<std::int64_t> deadline_queue::earliest() const {
  if (by_time_.empty()) return std::nullopt;
  return by_time_.begin()->first;
}

std::vector<std::int64_t> deadline_queue::take_due(std::int64_t now) {
  std::vector<std::int64_t> due;
  while (!by_time_.empty() && by_time_.begin()->first <= now) {
    const auto game = by_time_.begin()->second;
    by_time_.erase(by_time_.begin());
    by_game_.erase(game);
    due.push_back(game);
  }
  return due;
}

std::optional<std::int64_t> deadline_queue::deadline_of(std::int64_t game) const {
  const auto it = by_game_.find(game);
  if (it == by_game_.end()) return std::nullopt;
  return it->second;
}

}  // namespace loyang::server::clocks
