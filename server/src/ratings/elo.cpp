#include "elo.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace loyang::ratings {

bool is_rated(const game_record& g) {
  if (g.status != persistence::game_status::finished || !extra_flag(g, "rated") || g.seats.size() < 2) {
    return false;
  }
  std::set<std::int64_t> accounts;
  for (const auto& s : g.seats) {
    // account_id is 0 only for a bot from the start (a person's seat keeps his id when he left).
    if (s.account_id == 0 || !accounts.insert(s.account_id).second) return false;
  }
  return placed_seats(g).has_value();
}

long shown_rating(double rating) { return std::lround(rating); }

bool elo_table::add(const game_record& g) {
  if (!is_rated(g)) return false;
  const auto key = finish_key_of(g);
  const auto later = std::lower_bound(applied_.begin(), applied_.end(), key,
                                      [](const rated_game& r, const finish_key& k) { return r.key < k; });
  if (later != applied_.end() && later->key == key) return false;  // applied already
  rated_game r{key, {}, std::vector<int>(g.seats.size(), 0)};
  for (const auto& s : g.seats) r.accounts.push_back(s.account_id);
  const auto placed = placed_seats(g);  // is_rated checked it reads
  for (const auto& p : *placed) r.ranks[p.seat] = p.rank;

  if (later == applied_.end()) {
    apply(r);
    applied_.push_back(std::move(r));
    return true;
  }
  // Out of order: Elo depends on the order, so replay everything in finishing order.
  applied_.insert(later, std::move(r));
  players_.clear();
  for (const auto& a : applied_) apply(a);
  return true;
}

void elo_table::apply(const rated_game& r) {
  const auto n = r.accounts.size();
  std::vector<double> before(n);
  std::vector<double> k(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto it = players_.find(r.accounts[i]);
    before[i] = it == players_.end() ? initial_rating : it->second.rating;
    const int games = it == players_.end() ? 0 : it->second.games;
    k[i] = games < provisional_games ? provisional_k_factor : k_factor;
  }
  for (std::size_t i = 0; i < n; ++i) {
    double sum = 0.0;
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i) continue;
      const double score = r.ranks[i] < r.ranks[j] ? 1.0 : r.ranks[i] == r.ranks[j] ? 0.5 : 0.0;
      const double expected = 1.0 / (1.0 + std::pow(10.0, (before[j] - before[i]) / 400.0));
      sum += score - expected;
    }
    // Dividing by n - 1 keeps one game worth about one 2-player game, whatever its size.
    const double after = before[i] + k[i] / static_cast<double>(n - 1) * sum;
    auto& p = players_[r.accounts[i]];
    p.account = r.accounts[i];
    p.rating = after;
    ++p.games;
    p.history.push_back({r.key.game, r.key.at, before[i], after});
  }
}

const player_rating* elo_table::find(std::int64_t account) const {
  const auto it = players_.find(account);
  return it == players_.end() ? nullptr : &it->second;
}

std::vector<leaderboard_entry> elo_table::leaderboard() const {
  std::vector<const player_rating*> order;
  order.reserve(players_.size());
  for (const auto& [account, p] : players_) {
    if (p.games > 0) order.push_back(&p);
  }
  std::sort(order.begin(), order.end(), [](const player_rating* a, const player_rating* b) {
    if (a->rating != b->rating) return a->rating > b->rating;
    if (a->games != b->games) return a->games > b->games;
    return a->account < b->account;
  });
  std::vector<leaderboard_entry> out;
  out.reserve(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    out.push_back({static_cast<int>(i + 1), order[i]->account, shown_rating(order[i]->rating), order[i]->games});
  }
  return out;
}

}  // namespace loyang::ratings
