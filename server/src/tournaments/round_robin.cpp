// Round robin schedules (round_robin.hpp): the circle method for 2 players; for 3 and 4, a
// local search over whole schedules of a fixed number of rounds: it swaps two players of a
// round (between tables, or between a table and the byes) until every pair has met and the
// byes are even and never twice in a row. Seeded from the size alone, so deterministic.
#include "round_robin.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "seating.hpp"
#include "splitmix.hpp"

namespace loyang::server::tournaments {

namespace {

/// Positions 0..n-1 in rounds, for 2 players. With N = n rounded up to even, position N - 1
/// stays put (a phantom when n is odd: facing it is the bye) while the others turn: round r
/// pairs it with r, and (r + i, r - i) mod (N - 1) for i = 1..N/2 - 1. Taking the first seat
/// by the parity of i gives each turning position exactly one first seat per i.
std::vector<std::vector<std::vector<int>>> circle(int n) {
  const auto big_n = n % 2 == 0 ? n : n + 1;
  const auto fixed = big_n - 1;  // the phantom when n is odd: facing it is a bye
  const auto turning = big_n - 1;
  std::vector<std::vector<std::vector<int>>> rounds;
  for (int r = 0; r < turning; ++r) {
    std::vector<std::vector<int>> tables;
    if (fixed < n) tables.push_back(r % 2 == 0 ? std::vector<int>{fixed, r} : std::vector<int>{r, fixed});
    for (int i = 1; i < big_n / 2; ++i) {
      const auto a = (r + i) % turning;
      const auto b = (r - i + turning) % turning;
      tables.push_back(i % 2 == 1 ? std::vector<int>{a, b} : std::vector<int>{b, a});
    }
    rounds.push_back(std::move(tables));
  }
  return rounds;
}

/// A schedule of `rounds` rounds for n positions at tables of k, searched until every pair
/// meets and the byes obey their rules. Round r lists all n positions in `seats_[r]`: the
/// first (n / k) * k sit at tables of consecutive places, the last n mod k have byes. The byes
/// start as a cyclic rota, (r * b + j) mod n for j < b, which obeys the rules; swaps may move
/// them, a broken rule counting as one more unmet pair.
class cover_search {
 public:
  cover_search(int n, int k, int rounds)
      : n_(n), k_(k), seated_(n / k * k), rounds_(rounds), fewest_byes_(rounds * (n % k) / n),
        most_byes_((rounds * (n % k) + n - 1) / n), meets_(static_cast<std::size_t>(n * n), 0),
        where_(static_cast<std::size_t>(n * n), -1), on_bye_(static_cast<std::size_t>(rounds * n), 0),
        bye_count_(static_cast<std::size_t>(n), 0) {
    const auto b = n % k;
    for (int r = 0; r < rounds_; ++r) {
      for (int j = 0; j < b; ++j) on_bye_[r * n_ + (r * b + j) % n_] = 1;
      std::vector<int> seats;
      for (int p = 0; p < n_; ++p) {
        if (!on_bye_[r * n_ + p]) seats.push_back(p);
      }
      for (int p = 0; p < n_; ++p) {
        if (on_bye_[r * n_ + p]) {
          seats.push_back(p);
          ++bye_count_[p];
        }
      }
      seats_.push_back(std::move(seats));
    }
    for (int a = 0; a < n_; ++a) {
      for (int b2 = a + 1; b2 < n_; ++b2) mark_unmet(a, b2);
    }
    for (int r = 0; r < rounds_; ++r) {
      for (int t = 0; t < seated_; t += k_) {
        for (int a = t; a < t + k_; ++a) {
          for (int b2 = a + 1; b2 < t + k_; ++b2) change(seats_[r][a], seats_[r][b2], +1);
        }
      }
    }
  }

  /// Searches for at most `steps` swaps; true when every pair has met within the bye rules.
  bool run(splitmix64& rng, long steps) {
    for (long step = 0; step < steps && !done(); ++step) {
      const auto r = rng.below(rounds_);
      int x = 0;  // places in seats_[r]
      int y = 0;
      if (!unmet_.empty() && rng.below(2) == 0) {
        // Aimed: bring an unmet pair together in round r, one taking a table mate's place.
        const auto pair = unmet_[rng.below(static_cast<int>(unmet_.size()))];
        auto pa = place_of(r, pair / n_);
        auto pb = place_of(r, pair % n_);
        if (pa >= seated_) std::swap(pa, pb);
        if (pa >= seated_) continue;  // both have a bye
        x = pa / k_ * k_ + rng.below(k_);
        if (x == pa) continue;
        y = pb;
      } else {
        x = rng.below(n_);
        y = rng.below(n_);
      }
      if (group(x) == group(y)) continue;
      const auto delta = swap_delta(r, x, y);
      // Sideways moves always, a worse one now and then: enough to leave local minima.
      if (delta <= 0 || rng.below(64) == 0) swap(r, x, y);
    }
    return done();
  }

  /// Round r's tables (each ascending, in ascending order), as positions.
  std::vector<std::vector<int>> tables(int r) const {
    std::vector<std::vector<int>> out;
    for (int t = 0; t < seated_; t += k_) {
      std::vector<int> table(seats_[r].begin() + t, seats_[r].begin() + t + k_);
      std::sort(table.begin(), table.end());
      out.push_back(std::move(table));
    }
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  bool done() const { return unmet_.empty() && broken_rules_ == 0; }

  int group(int place) const { return place < seated_ ? place / k_ : seated_ / k_; }

  int place_of(int r, int p) const {
    const auto& s = seats_[r];
    return static_cast<int>(std::find(s.begin(), s.end(), p) - s.begin());
  }

  int key(int a, int b) const { return a < b ? a * n_ + b : b * n_ + a; }

  void mark_unmet(int a, int b) {
    where_[key(a, b)] = static_cast<int>(unmet_.size());
    unmet_.push_back(key(a, b));
  }

  void change(int a, int b, int by) {
    auto& m = meets_[key(a, b)];
    if (m == 0 && by > 0) {
      // Leaves the unmet list: the last entry takes its slot.
      const auto slot = where_[key(a, b)];
      where_[unmet_.back()] = slot;
      unmet_[slot] = unmet_.back();
      unmet_.pop_back();
      where_[key(a, b)] = -1;
    }
    m += by;
    if (m == 0) mark_unmet(a, b);
  }

  /// How many bye rules player p breaks: byes outside the even share, byes in a row.
  int broken(int p) const {
    const auto c = bye_count_[p];
    int n = std::max(0, c - most_byes_) + std::max(0, fewest_byes_ - c);
    for (int r = 0; r + 1 < rounds_; ++r) n += on_bye_[r * n_ + p] && on_bye_[(r + 1) * n_ + p] ? 1 : 0;
    return n;
  }

  /// Moves p onto (or off) a bye in round r, keeping broken_rules_.
  void set_bye(int r, int p, bool bye) {
    broken_rules_ -= broken(p);
    on_bye_[r * n_ + p] = bye ? 1 : 0;
    bye_count_[p] += bye ? 1 : -1;
    broken_rules_ += broken(p);
  }

  /// The change in unmet pairs plus broken bye rules if places x and y of round r swapped.
  int swap_delta(int r, int x, int y) {
    const auto& s = seats_[r];
    const auto px = s[x];
    const auto py = s[y];
    int delta = 0;
    const auto leave = [&](int p, int place) {
      if (place >= seated_) return;
      for (int i = place / k_ * k_; i < place / k_ * k_ + k_; ++i) {
        if (i != place && meets_[key(p, s[i])] == 1) ++delta;
      }
    };
    const auto join = [&](int p, int place) {
      if (place >= seated_) return;
      for (int i = place / k_ * k_; i < place / k_ * k_ + k_; ++i) {
        if (i != place && meets_[key(p, s[i])] == 0) --delta;
      }
    };
    leave(px, x);
    leave(py, y);
    join(px, y);
    join(py, x);
    if ((x >= seated_) != (y >= seated_)) {
      // Try the bye change and undo it: cheaper than a second way to count the rules.
      const auto bye_now = x >= seated_ ? px : py;
      const auto bye_next = x >= seated_ ? py : px;
      const auto before = broken_rules_;
      set_bye(r, bye_now, false);
      set_bye(r, bye_next, true);
      delta += broken_rules_ - before;
      set_bye(r, bye_next, false);
      set_bye(r, bye_now, true);
    }
    return delta;
  }

  void swap(int r, int x, int y) {
    auto& s = seats_[r];
    const auto meet_table = [&](int place, int by) {
      if (place >= seated_) return;
      for (int i = place / k_ * k_; i < place / k_ * k_ + k_; ++i) {
        if (i != place) change(s[place], s[i], by);
      }
    };
    meet_table(x, -1);
    meet_table(y, -1);
    if ((x >= seated_) != (y >= seated_)) {
      const auto bye_now = x >= seated_ ? s[x] : s[y];
      const auto bye_next = x >= seated_ ? s[y] : s[x];
      set_bye(r, bye_now, false);
      set_bye(r, bye_next, true);
    }
    std::swap(s[x], s[y]);
    meet_table(x, +1);
    meet_table(y, +1);
  }

  int n_;
  int k_;
  int seated_;  // places at tables in a round
  int rounds_;
  int fewest_byes_;
  int most_byes_;
  std::vector<std::vector<int>> seats_;
  std::vector<int> meets_;   // by key(a, b)
  std::vector<int> unmet_;   // keys of pairs that have not met
  std::vector<int> where_;   // key -> index in unmet_, or -1
  std::vector<char> on_bye_;  // [r * n + p]
  std::vector<int> bye_count_;
  int broken_rules_ = 0;
};

/// The fewest rounds any schedule could have (round_robin.hpp).
int lower_bound_rounds(int n, int k) {
  const auto per_round = n / k;
  const auto byes = n % k;
  const auto games_needed = (n - 1 + k - 2) / (k - 1);
  const auto pairs_needed = n * (n - 1) / 2;
  for (int r = 1;; ++r) {
    const auto most_byes = (r * byes + n - 1) / n;
    if (r - most_byes >= games_needed && r * per_round * k * (k - 1) / 2 >= pairs_needed) return r;
  }
}

/// Where the search starts: the fewest rounds it has found for each size, by table size 3 and
/// 4 and player count (0 unused). Found offline by running it upwards from lower_bound_rounds
/// with budgets a hundred times larger; starting here skips the counts it does not reach, and
/// with the seed below it reaches each of these within half a million swaps.
constexpr int first_rounds[2][max_round_robin_players + 1] = {
    {0, 0, 0, 1, 3, 5, 4, 5, 6, 4, 6, 7, 7, 7, 9, 7, 9},
    {0, 0, 0, 0, 1, 3, 3, 7, 3, 5, 5, 6, 5, 6, 6, 7, 5},
};

std::vector<std::vector<std::vector<int>>> covering(int n, int k) {
  // A seed from (n, k) alone: the schedule of a size is always the same.
  splitmix64 rng(static_cast<std::uint64_t>(n * 8 + k));
  for (auto rounds = std::max(lower_bound_rounds(n, k), first_rounds[k - 3][n]);; ++rounds) {
    cover_search search(n, k, rounds);
    if (search.run(rng, 1000000)) {
      std::vector<std::vector<std::vector<int>>> out;
      for (int r = 0; r < rounds; ++r) out.push_back(search.tables(r));
      return out;
    }
  }
}

}  // namespace

schedule round_robin(std::vector<player_id> players, int table_size, std::uint64_t draw) {
  if (table_size < min_table_size || table_size > max_table_size) {
    throw std::invalid_argument("round robin: table size " + std::to_string(table_size) + " (2 to 4 allowed)");
  }
  const auto n = static_cast<int>(players.size());
  if (n < table_size) {
    throw std::invalid_argument("round robin: " + std::to_string(n) + " players cannot fill a table of " +
                                std::to_string(table_size));
  }
  if (n > max_round_robin_players) {
    throw std::invalid_argument("round robin: " + std::to_string(n) + " players (at most " +
                                std::to_string(max_round_robin_players) + ")");
  }
  std::sort(players.begin(), players.end());
  if (std::adjacent_find(players.begin(), players.end()) != players.end()) {
    throw std::invalid_argument("round robin: player " +
                                std::to_string(*std::adjacent_find(players.begin(), players.end())) + " twice");
  }
  if (draw != 0) {
    splitmix64 rng(draw);
    for (auto i = n - 1; i > 0; --i) std::swap(players[i], players[rng.below(i + 1)]);
  }

  schedule s;
  if (table_size == 2) {
    for (const auto& tables : circle(n)) {
      round_plan plan;
      std::vector<char> plays(n, 0);
      for (const auto& t : tables) {
        plan.tables.push_back({players[t[0]], players[t[1]]});
        plays[t[0]] = plays[t[1]] = 1;
      }
      for (int p = 0; p < n; ++p) {
        if (!plays[p]) plan.byes.push_back(players[p]);
      }
      s.rounds.push_back(std::move(plan));
    }
  } else {
    seat_counts seats;
    for (const auto& tables : covering(n, table_size)) {
      round_plan plan;
      std::vector<char> plays(n, 0);
      for (const auto& t : tables) {
        std::vector<player_id> ids;
        for (const auto p : t) {
          ids.push_back(players[p]);
          plays[p] = 1;
        }
        plan.tables.push_back(seat_order(ids, seats));
        seats.add(plan.tables.back());
      }
      for (int p = 0; p < n; ++p) {
        if (!plays[p]) plan.byes.push_back(players[p]);
      }
      s.rounds.push_back(std::move(plan));
    }
  }
  for (auto& plan : s.rounds) std::sort(plan.byes.begin(), plan.byes.end());
  return s;
}

}  // namespace loyang::server::tournaments
