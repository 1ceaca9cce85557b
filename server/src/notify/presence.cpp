#include "presence.hpp"

#include <algorithm>

namespace loyang::server::notify {

void presence::watching(std::int64_t game, const std::vector<std::int64_t>& accounts, std::int64_t now) {
  bool left = false;
  std::function<void()> tell;
  {
    std::lock_guard lock(mutex_);
    auto& t = games_[game];
    std::set<std::int64_t> open(accounts.begin(), accounts.end());
    for (const auto a : open) {
      if (!t.open.count(a)) t.opened_at[a] = std::max(t.opened_at[a], now);
    }
    left = std::any_of(t.open.begin(), t.open.end(), [&open](std::int64_t a) { return !open.count(a); });
    t.open = std::move(open);
    if (left) tell = on_left_;
  }
  if (tell) tell();
}

void presence::acting(std::int64_t game, const std::vector<std::int64_t>& accounts) {
  std::lock_guard lock(mutex_);
  games_[game].acting = std::set<std::int64_t>(accounts.begin(), accounts.end());
}

void presence::moved(std::int64_t game, std::int64_t account, std::int64_t now) {
  std::lock_guard lock(mutex_);
  auto& at = games_[game].moved_at[account];
  at = std::max(at, now);
}

void presence::forget(std::int64_t game) {
  std::lock_guard lock(mutex_);
  games_.erase(game);
}

presence::at_table presence::of(std::int64_t game, std::int64_t account) const {
  std::lock_guard lock(mutex_);
  const auto it = games_.find(game);
  if (it == games_.end()) return {};
  const auto& t = it->second;
  const auto time_of = [account](const std::map<std::int64_t, std::int64_t>& m) {
    const auto at = m.find(account);
    return at == m.end() ? std::int64_t{0} : at->second;
  };
  const auto moved = time_of(t.moved_at);
  return {true, t.open.count(account) > 0, t.acting.count(account) > 0, std::max(moved, time_of(t.opened_at)), moved};
}

void presence::on_left(std::function<void()> f) {
  std::lock_guard lock(mutex_);
  on_left_ = std::move(f);
}

}  // namespace loyang::server::notify
