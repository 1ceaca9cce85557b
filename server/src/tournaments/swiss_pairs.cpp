// Swiss pairing of 2-player games. Rematches are avoided exactly: the fewest rematches any
// pairing of the players needs is (players / 2) minus a maximum matching of the "have not
// met" graph (matching.hpp), and every choice below is kept only when the players still
// unpaired can be paired within that budget. Within the budget the choices are the classic
// ones, top-down: the highest unpaired player takes his first feasible opponent in the
// order of preference (same score group, top half against bottom half; then the next groups
// down, highest first, so that he floats down).
#include "swiss_pairs.hpp"

#include <algorithm>
#include <initializer_list>
#include <numeric>
#include <stdexcept>

#include "matching.hpp"

namespace loyang::server::tournaments::detail {

namespace {

/// The "have not met" graph.
adjacency_matrix fresh_pairs(const std::vector<std::vector<char>>& met) {
  const auto n = met.size();
  adjacency_matrix fresh(n, std::vector<char>(n, 0));
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) fresh[a][b] = a != b && !met[a][b];
  }
  return fresh;
}

/// A maximum matching of the alive players without `gone`, grown from `mate` with them cut out.
std::vector<int> without(const adjacency_matrix& fresh, std::vector<char> alive, std::vector<int> mate,
                         std::initializer_list<int> gone) {
  for (const auto g : gone) {
    alive[g] = 0;
    if (mate[g] >= 0) mate[mate[g]] = -1;
    mate[g] = -1;
  }
  return maximum_matching(fresh, alive, std::move(mate));
}

int alive_count(const std::vector<char>& alive) {
  return static_cast<int>(std::count(alive.begin(), alive.end(), 1));
}

/// The bye: the fewest rematches for the others first, then the fewest byes so far, then the
/// lowest ranked.
int choose_bye(const adjacency_matrix& fresh, const std::vector<char>& alive, const std::vector<int>& mate,
               const std::vector<int>& byes) {
  const auto n = static_cast<int>(byes.size());
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return byes[a] != byes[b] ? byes[a] < byes[b] : a > b; });
  // Taking a player out never grows the matching: nobody can do better than this.
  const auto fewest_possible = (n - 1) / 2 - matching_size(mate);
  int best = -1;
  int best_rematches = n;
  for (const auto c : order) {
    const auto rest = without(fresh, alive, mate, {c});
    const auto rematches = (n - 1) / 2 - matching_size(rest);
    if (rematches < best_rematches) {
      best = c;
      best_rematches = rematches;
      if (rematches == fewest_possible) break;
    }
  }
  return best;
}

/// The opponents `p` (the highest ranked unpaired) would like, best first.
std::vector<int> preferences(int p, const std::vector<fraction>& scores, const std::vector<char>& alive) {
  std::vector<int> group;  // same score, below p
  std::vector<int> lower;
  for (int q = p + 1; q < static_cast<int>(scores.size()); ++q) {
    if (!alive[q]) continue;
    (scores[q] == scores[p] ? group : lower).push_back(q);
  }
  // In the group with p at index 0 (size m), p's natural opponent is index m / 2: the top
  // half against the bottom half, recomputed as the group shrinks. Then further down, then up.
  std::vector<int> wanted;
  const auto m = static_cast<int>(group.size()) + 1;
  for (int i = m / 2; i < m; ++i) {
    if (i >= 1) wanted.push_back(group[i - 1]);
  }
  for (int i = m / 2 - 1; i >= 1; --i) wanted.push_back(group[i - 1]);
  wanted.insert(wanted.end(), lower.begin(), lower.end());
  return wanted;
}

}  // namespace

pairs_result pair_two_player(const std::vector<fraction>& scores, const std::vector<std::vector<char>>& met,
                             const std::vector<int>& byes) {
  const auto n = static_cast<int>(scores.size());
  const auto fresh = fresh_pairs(met);
  std::vector<char> alive(n, 1);
  auto mate = maximum_matching(fresh, alive, std::vector<int>(n, -1));
  pairs_result result;
  if (n % 2 == 1) {
    result.bye = choose_bye(fresh, alive, mate, byes);
    mate = without(fresh, alive, mate, {result.bye});
    alive[result.bye] = 0;
  }
  auto budget = alive_count(alive) / 2 - matching_size(mate);

  for (int p = 0; p < n; ++p) {
    if (!alive[p]) continue;
    auto wanted = preferences(p, scores, alive);
    // A fresh opponent before any rematch, each in order of preference.
    std::stable_partition(wanted.begin(), wanted.end(), [&](int q) { return !met[p][q]; });
    for (const auto q : wanted) {
      const int cost = met[p][q] ? 1 : 0;
      if (cost > budget) continue;
      auto rest = without(fresh, alive, mate, {p, q});
      const auto rest_players = alive_count(alive) - 2;
      if (rest_players / 2 - matching_size(rest) > budget - cost) continue;
      result.pairs.emplace_back(p, q);
      result.rematches += cost;
      budget -= cost;
      alive[p] = 0;
      alive[q] = 0;
      mate = std::move(rest);
      break;
    }
    // The budget was feasible before p's turn, so p's partner in such a pairing fits it.
    if (alive[p]) throw std::logic_error("Swiss pairing: no opponent fits the rematch budget");
  }
  return result;
}

}  // namespace loyang::server::tournaments::detail
