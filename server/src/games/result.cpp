#include "result.hpp"

#include <algorithm>
#include <vector>

namespace loyang::server::games {
namespace {

nlohmann::json departures(const game_record& g) {
  auto out = nlohmann::json::array();
  for (std::size_t i = 0; i < g.seats.size(); ++i) {
    const auto& s = g.seats[i];
    if (s.gone == persistence::departure::none) continue;
    out.push_back({{"seat", i}, {"gone", persistence::departure_name(s.gone)}, {"at", s.gone_at}});
  }
  return out;
}

bool resigned(const game_record& g, engine::player_id p) {
  return p >= 0 && std::size_t(p) < g.seats.size() &&
         g.seats[std::size_t(p)].gone == persistence::departure::resigned;
}

// The scores are public once the game is over; the statistics (best solo level, the daily
// challenge's board) read them from the stored result instead of replaying every game.
nlohmann::json ranked(const engine::ranking_entry& r, std::ptrdiff_t rank) {
  return {{"player", r.player}, {"rank", rank}, {"position", r.position}, {"cash", r.cash},
          {"vegetables", r.vegetables}};
}

}  // namespace

nlohmann::json gone_json(const seat_record& s) {
  if (s.gone == persistence::departure::none) return nullptr;
  return persistence::departure_name(s.gone);
}

nlohmann::json gone_at_json(const seat_record& s) {
  if (s.gone == persistence::departure::none) return nullptr;
  return s.gone_at;
}

nlohmann::json final_result(const game_record& g, const engine::state& s) {
  std::vector<engine::ranking_entry> stayed;
  std::vector<engine::player_id> left;
  for (const auto& r : s.ranking) {
    if (resigned(g, r.player)) {
      left.push_back(r.player);
    } else {
      stayed.push_back(r);
    }
  }
  auto ranking = nlohmann::json::array();
  for (const auto& r : stayed) {
    // Ties stay ties: the rank is one more than the number of those who stayed and did better.
    const auto better = std::count_if(stayed.begin(), stayed.end(),
                                      [&r](const engine::ranking_entry& o) { return o.rank < r.rank; });
    ranking.push_back(ranked(r, better + 1));
  }
  // The later a player resigned, the better his place among those who did.
  std::stable_sort(left.begin(), left.end(), [&g](engine::player_id a, engine::player_id b) {
    return g.seats[std::size_t(a)].gone_at > g.seats[std::size_t(b)].gone_at;
  });
  for (std::size_t i = 0; i < left.size(); ++i) {
    const auto& r = *std::find_if(s.ranking.begin(), s.ranking.end(),
                                  [p = left[i]](const engine::ranking_entry& e) { return e.player == p; });
    ranking.push_back(ranked(r, static_cast<std::ptrdiff_t>(stayed.size() + i + 1)));
  }
  return {{"ended", "normally"}, {"ranking", std::move(ranking)}, {"departures", departures(g)}};
}

nlohmann::json ended_early(const game_record& g, engine::player_id loser) {
  auto ranking = nlohmann::json::array();
  for (std::size_t i = 0; i < g.seats.size(); ++i) {
    if (engine::player_id(i) != loser) ranking.push_back({{"player", i}, {"rank", 1}});
  }
  ranking.push_back({{"player", loser}, {"rank", g.seats.size()}});
  const auto why = g.seats[std::size_t(loser)].gone;
  return {{"ended", why == persistence::departure::resigned ? "resigned" : "timeout"},
          {"seat", loser},
          {"ranking", std::move(ranking)},
          {"departures", departures(g)}};
}

}  // namespace loyang::server::games
