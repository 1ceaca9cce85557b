// Swiss tables of 3 or 4 players: the partition into tables that minimizes, in this order,
// the pairs at a table who met before, the sum over tables of their score spread (highest
// minus lowest score), and the sum of their ranking spread (keeps tables of equal scores in
// ranking order). Up to 16 players (15 for tables of 3) the minimum is exact: a dynamic
// programme over the sets of players still to seat, in which the highest ranked of them always
// opens the next table. Beyond, the same programme runs on a window of the 12 highest ranked
// players still to seat, only the table of the highest is kept, and the window moves down
// until 16 (15) are left, which are seated exactly; then swaps of two players between two
// tables are made while they lower the cost. Tables stay among close scores.
#include "swiss_tables.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <compare>
#include <cstdint>

namespace loyang::server::tournaments::detail {

namespace {

struct cost {
  int repeated_pairs = 0;
  std::int64_t score_spread = 0;
  int rank_spread = 0;
  friend auto operator<=>(const cost&, const cost&) = default;
  friend cost operator+(const cost& a, const cost& b) {
    return {a.repeated_pairs + b.repeated_pairs, a.score_spread + b.score_spread, a.rank_spread + b.rank_spread};
  }
};

class window_solver {
 public:
  /// `players`: global indices (ascending) of the window, at most 16.
  window_solver(const std::vector<int>& players, const std::vector<std::int64_t>& scores,
                const std::vector<std::vector<char>>& met, int k)
      : players_(players), scores_(scores), k_(k), met_mask_(players.size(), 0),
        memo_(std::size_t{1} << players.size()) {
    for (std::size_t a = 0; a < players.size(); ++a) {
      for (std::size_t b = 0; b < players.size(); ++b) {
        if (met[players[a]][players[b]]) met_mask_[a] |= std::uint32_t{1} << b;
      }
    }
  }

  /// The best tables of the whole window, each as window positions in ascending order.
  std::vector<std::vector<int>> solve() {
    const auto all = (std::uint32_t{1} << players_.size()) - 1;
    best(all);
    std::vector<std::vector<int>> tables;
    for (auto mask = all; mask != 0;) {
      const auto chosen = memo_[mask].table;
      std::vector<int> t;
      for (int i = 0; i < static_cast<int>(players_.size()); ++i) {
        if (chosen & (std::uint32_t{1} << i)) t.push_back(i);
      }
      tables.push_back(std::move(t));
      mask &= ~chosen;
    }
    return tables;
  }

 private:
  struct entry {
    bool known = false;
    cost value;
    std::uint32_t table = 0;  // the table opened from this set: a mask
  };

  /// `seats`: k window positions, ascending.
  cost table_cost(const int* seats, std::uint32_t table) const {
    cost c;
    for (int i = 0; i < k_; ++i) c.repeated_pairs += std::popcount(met_mask_[seats[i]] & table);
    c.repeated_pairs /= 2;  // each pair seen from both ends
    // Positions ascend, so the first is the highest ranked and scores do not increase.
    const auto top = players_[seats[0]];
    const auto bottom = players_[seats[k_ - 1]];
    c.score_spread = scores_[top] - scores_[bottom];
    c.rank_spread = bottom - top;
    return c;
  }

  const cost& best(std::uint32_t mask) {
    auto& e = memo_[mask];
    if (e.known || mask == 0) return e.value;
    std::array<int, 16> open{};  // the positions still to seat; open[0] opens the table
    int count = 0;
    for (int i = 0; i < static_cast<int>(players_.size()); ++i) {
      if (mask & (std::uint32_t{1} << i)) open[count++] = i;
    }
    const auto need = k_ - 1;
    std::array<int, 3> pick{};  // indices into `open`, ascending
    for (int i = 0; i < need; ++i) pick[i] = i + 1;
    bool found = false;
    cost best_value;
    std::uint32_t best_table = 0;
    std::array<int, 4> seats{};
    for (;;) {
      seats[0] = open[0];
      auto table = std::uint32_t{1} << open[0];
      for (int i = 0; i < need; ++i) {
        seats[i + 1] = open[pick[i]];
        table |= std::uint32_t{1} << open[pick[i]];
      }
      const auto value = table_cost(seats.data(), table) + best(mask & ~table);
      if (!found || value < best_value) {  // strict: the first in lexicographic order wins ties
        found = true;
        best_value = value;
        best_table = table;
      }
      // Next combination of `need` indices out of 1..count-1.
      int i = need - 1;
      while (i >= 0 && pick[i] == count - 1 - (need - 1 - i)) --i;
      if (i < 0) break;
      ++pick[i];
      for (int j = i + 1; j < need; ++j) pick[j] = pick[j - 1] + 1;
    }
    e.known = true;  // memo_ never resizes: `e` is still the entry
    e.value = best_value;
    e.table = best_table;
    return e.value;
  }

  const std::vector<int>& players_;
  const std::vector<std::int64_t>& scores_;
  int k_;
  std::vector<std::uint32_t> met_mask_;  // by window position: who in the window he met
  std::vector<entry> memo_;
};

/// The cost of one table of global indices, ascending.
cost cost_of(const std::vector<int>& t, const std::vector<std::int64_t>& scores,
             const std::vector<std::vector<char>>& met) {
  cost c;
  for (std::size_t a = 0; a < t.size(); ++a) {
    for (auto b = a + 1; b < t.size(); ++b) c.repeated_pairs += met[t[a]][t[b]] ? 1 : 0;
  }
  c.score_spread = scores[t.front()] - scores[t.back()];
  c.rank_spread = t.back() - t.front();
  return c;
}

/// Swaps two players of two tables while that lowers the cost: the windows see only part of
/// the field, and a swap between far tables can undo a repeat they forced.
void improve(std::vector<std::vector<int>>& tables, const std::vector<std::int64_t>& scores,
             const std::vector<std::vector<char>>& met) {
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < tables.size(); ++i) {
      for (auto j = i + 1; j < tables.size(); ++j) {
        for (std::size_t x = 0; x < tables[i].size(); ++x) {
          for (std::size_t y = 0; y < tables[j].size(); ++y) {
            auto ti = tables[i];
            auto tj = tables[j];
            std::swap(ti[x], tj[y]);
            std::sort(ti.begin(), ti.end());
            std::sort(tj.begin(), tj.end());
            if (cost_of(ti, scores, met) + cost_of(tj, scores, met) <
                cost_of(tables[i], scores, met) + cost_of(tables[j], scores, met)) {
              tables[i] = std::move(ti);
              tables[j] = std::move(tj);
              changed = true;
            }
          }
        }
      }
    }
  }
  std::sort(tables.begin(), tables.end());  // top table first: by each table's highest ranked
}

}  // namespace

tables_result group_tables(const std::vector<std::int64_t>& scores, const std::vector<std::vector<char>>& met,
                           int k) {
  // Exact up to 16 (15); a moving window of 12 beyond, a thirtieth of the work per table.
  const auto exact = static_cast<std::size_t>(16 / k * k);
  const auto window = std::size_t{12};
  std::vector<int> left(scores.size());
  for (std::size_t i = 0; i < left.size(); ++i) left[i] = static_cast<int>(i);
  std::vector<std::vector<int>> tables;
  const auto keep = [&](const std::vector<int>& in_window, const std::vector<int>& table_positions) {
    std::vector<int> t;
    for (const auto pos : table_positions) t.push_back(in_window[pos]);
    tables.push_back(std::move(t));
  };
  while (!left.empty()) {
    const auto size = left.size() <= exact ? left.size() : window;
    const std::vector<int> in_window(left.begin(), left.begin() + static_cast<std::ptrdiff_t>(size));
    const auto best = window_solver(in_window, scores, met, k).solve();
    if (size == left.size()) {
      for (const auto& t : best) keep(in_window, t);
      break;
    }
    keep(in_window, best.front());  // the table of the window's highest ranked player
    std::vector<int> rest;
    for (std::size_t pos = 0; pos < in_window.size(); ++pos) {
      if (std::find(best.front().begin(), best.front().end(), static_cast<int>(pos)) == best.front().end()) {
        rest.push_back(in_window[pos]);
      }
    }
    rest.insert(rest.end(), left.begin() + static_cast<std::ptrdiff_t>(size), left.end());
    left = std::move(rest);
  }
  if (scores.size() > exact) improve(tables, scores, met);

  tables_result result;
  for (const auto& t : tables) result.repeated_pairs += cost_of(t, scores, met).repeated_pairs;
  result.tables = std::move(tables);
  return result;
}

}  // namespace loyang::server::tournaments::detail
