#include "summary.hpp"

#include <algorithm>

namespace loyang::ratings {

bool summary::add(const game_record& g) {
  // Every table sees every game: no short-circuit.
  const bool rated = elo.add(g);
  const bool counted = stats.add(g);
  const bool daily_game = daily.add(g);
  return rated || counted || daily_game;
}

summary compute(const std::vector<game_record>& games) {
  std::vector<const game_record*> finished;
  for (const auto& g : games) {
    if (g.status == persistence::game_status::finished) finished.push_back(&g);
  }
  std::sort(finished.begin(), finished.end(), [](const game_record* a, const game_record* b) {
    return finish_key_of(*a) < finish_key_of(*b);
  });
  summary out;
  for (const auto* g : finished) out.add(*g);
  return out;
}

}  // namespace loyang::ratings
