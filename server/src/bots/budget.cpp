#include "budget.hpp"

#include <algorithm>
#include <memory>

namespace loyang::server::bot_budget {

int playouts(int full, std::size_t waiting, std::size_t threads) {
  threads = std::max<std::size_t>(threads, 1);
  if (waiting <= threads) return full;
  const auto share = static_cast<long long>(full) * static_cast<long long>(threads) / static_cast<long long>(waiting);
  return static_cast<int>(std::clamp<long long>(share, std::min(min_playouts, full), full));
}

std::function<bool()> deadline(std::chrono::milliseconds limit, std::function<void()> on_stop) {
  const auto until = std::chrono::steady_clock::now() + limit;
  // Asked before every playout (about a millisecond apart): the clock read costs nothing next to one.
  return [until, on_stop = std::move(on_stop), said = std::make_shared<bool>(false)] {
    if (std::chrono::steady_clock::now() < until) return false;
    if (!*said && on_stop) on_stop();
    *said = true;
    return true;
  };
}

}  // namespace loyang::server::bot_budget
