// The seat rule of seating.hpp.
#include "seating.hpp"

namespace loyang::server::tournaments {

void seat_counts::add(const table& t) {
  for (std::size_t seat = 0; seat < t.size() && seat < max_table_size; ++seat) {
    counts_[t[seat]][seat] += 1;  // a new entry starts at zeros
  }
}

int seat_counts::count(player_id player, std::size_t seat) const {
  const auto it = counts_.find(player);
  return it == counts_.end() || seat >= max_table_size ? 0 : it->second[seat];
}

table seat_order(const std::vector<player_id>& players, const seat_counts& counts) {
  table seated;
  std::vector<player_id> left = players;
  const auto later = [&](player_id p, std::size_t seat) {
    int n = 0;
    for (auto s = seat + 1; s < players.size(); ++s) n += counts.count(p, s);
    return n;
  };
  for (std::size_t seat = 0; !left.empty(); ++seat) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < left.size(); ++i) {
      const auto here = counts.count(left[i], seat);
      const auto best_here = counts.count(left[best], seat);
      if (here < best_here || (here == best_here && later(left[i], seat) > later(left[best], seat))) best = i;
    }
    seated.push_back(left[best]);
    left.erase(left.begin() + static_cast<std::ptrdiff_t>(best));
  }
  return seated;
}

}  // namespace loyang::server::tournaments
