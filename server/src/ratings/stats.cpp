#include "stats.hpp"

#include <algorithm>
#include <tuple>

#include "daily.hpp"
#include "elo.hpp"

namespace loyang::ratings {
namespace {

void count_kind(player_stats& p, int players, const std::string& ruleset, int rank, bool finished) {
  auto it = std::find_if(p.kinds.begin(), p.kinds.end(), [&](const kind_stats& k) {
    return k.players == players && k.ruleset == ruleset;
  });
  if (it == p.kinds.end()) {
    const auto at = std::find_if(p.kinds.begin(), p.kinds.end(), [&](const kind_stats& k) {
      return std::tie(k.players, k.ruleset) > std::tie(players, ruleset);
    });
    it = p.kinds.insert(at, kind_stats{players, ruleset});
  }
  ++it->games;
  if (finished) ++it->finished;
  if (rank == 1) ++it->wins;
  it->rank_sum += rank;
}

void remember_recent(player_stats& p, recent_game r) {
  const auto newer = [](const recent_game& a, const recent_game& b) {
    return std::tie(a.finished_at, a.game) > std::tie(b.finished_at, b.game);
  };
  p.recent.insert(std::upper_bound(p.recent.begin(), p.recent.end(), r, newer), std::move(r));
  if (p.recent.size() > recent_games_kept) p.recent.pop_back();
}

bool better_solo(const solo_best& a, const solo_best& b) {
  if (a.level != b.level) return a.level > b.level;
  if (a.cash != b.cash) return a.cash > b.cash;
  // The first to reach it keeps it.
  return std::tie(a.finished_at, a.game) < std::tie(b.finished_at, b.game);
}

}  // namespace

std::optional<double> player_stats::average_rank() const {
  if (multiplayer_games == 0) return std::nullopt;
  return static_cast<double>(rank_sum) / multiplayer_games;
}

std::optional<double> player_stats::finish_share() const {
  if (games == 0) return std::nullopt;
  return static_cast<double>(finished) / games;
}

bool stats_table::add(const game_record& g) {
  const auto placed = placed_seats(g);
  if (!placed || counted_.contains(g.id)) return false;
  counted_.insert(g.id);
  const auto ruleset = ruleset_name(g);
  const int players = static_cast<int>(g.seats.size());
  const bool rated = is_rated(g);
  const bool solo = g.options.players == 1 && players == 1;
  std::set<std::int64_t> seen;
  for (const auto& p : *placed) {
    const auto& seat = g.seats[p.seat];
    // Bots from the start have no account; an account seated twice counts once.
    if (seat.account_id == 0 || !seen.insert(seat.account_id).second) continue;
    auto& s = players_[seat.account_id];
    s.account = seat.account_id;
    ++s.games;
    const bool finished = seat.gone == persistence::departure::none;
    switch (seat.gone) {
      case persistence::departure::none: ++s.finished; break;
      case persistence::departure::timed_out: ++s.timed_out; break;
      case persistence::departure::resigned: ++s.resigned; break;
    }
    count_kind(s, players, ruleset, p.rank, finished);
    if (!solo) {
      ++s.multiplayer_games;
      if (p.rank == 1) ++s.wins;
      s.rank_sum += p.rank;
    }
    remember_recent(s, {g.id, players, ruleset, p.rank, rated, g.updated_at});
    // A level a bot reached after he left is not his; nor a daily game's finished after its
    // day, when the day's cards were no longer secret (daily.hpp, deal_secret).
    const auto day = extra_string(g, "daily");
    const bool late_daily = day && utc_date(g.updated_at) != *day;
    if (solo && finished && !late_daily && p.position && p.cash) {
      const solo_best b{g.id, *p.position, *p.cash, g.updated_at};
      if (!s.best_solo || better_solo(b, *s.best_solo)) s.best_solo = b;
    }
  }
  return true;
}

const player_stats* stats_table::find(std::int64_t account) const {
  const auto it = players_.find(account);
  return it == players_.end() ? nullptr : &it->second;
}

}  // namespace loyang::ratings
