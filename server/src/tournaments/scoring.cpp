// Points of one game by the stated rule (scoring.hpp): forfeits first moved below everybody,
// then the usual (k - place) / (k - 1) averaged over each tie.
#include "scoring.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>

namespace loyang::server::tournaments {

void check_game(const game_outcome& game) {
  const auto k = static_cast<int>(game.seats.size());
  if (k < min_table_size || k > max_table_size) {
    throw std::invalid_argument("tournament game: " + std::to_string(k) + " seats (2 to 4 allowed)");
  }
  if (game.round < 1) throw std::invalid_argument("tournament game: round " + std::to_string(game.round));
  std::set<player_id> seen;
  for (const auto& s : game.seats) {
    if (!seen.insert(s.player).second) {
      throw std::invalid_argument("tournament game: player " + std::to_string(s.player) + " sits twice");
    }
    if (s.place < 1 || s.place > k) {
      throw std::invalid_argument("tournament game: place " + std::to_string(s.place) + " of player " +
                                  std::to_string(s.player) + " is outside 1.." + std::to_string(k));
    }
  }
}

std::vector<int> effective_places(const game_outcome& game) {
  check_game(game);
  const auto k = game.seats.size();
  std::vector<int> places(k, 0);
  int finishers = 0;
  for (std::size_t i = 0; i < k; ++i) {
    if (game.seats[i].forfeited) continue;
    ++finishers;
    // Competition ranking among the finishers: 1 + how many finishers did strictly better.
    int better = 0;
    for (const auto& other : game.seats) {
      if (!other.forfeited && other.place < game.seats[i].place) ++better;
    }
    places[i] = 1 + better;
  }
  for (std::size_t i = 0; i < k; ++i) {
    if (game.seats[i].forfeited) places[i] = finishers + 1;
  }
  return places;
}

std::vector<fraction> game_points(const game_outcome& game) {
  const auto places = effective_places(game);
  const auto k = static_cast<std::int64_t>(places.size());
  std::vector<fraction> points(places.size());
  for (std::size_t i = 0; i < places.size(); ++i) {
    if (game.seats[i].forfeited) continue;  // 0
    // The tie covers places p .. p + m - 1: the mean of (k - q) over them is k - p - (m - 1) / 2.
    const auto m = std::count(places.begin(), places.end(), places[i]);
    const auto p = static_cast<std::int64_t>(places[i]);
    points[i] = fraction{2 * (k - p) - (m - 1), 2 * (k - 1)};
  }
  return points;
}

}  // namespace loyang::server::tournaments
