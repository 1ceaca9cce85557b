#pragma once
// Template part of random_play.hpp.
#include <utility>

namespace loyang::engine {

template <class OnStep>
bool play_out(state& s, rng& bot, int max_commands, OnStep&& on_step, event_list* events) {
  return play_out_picking(s, bot, max_commands, std::forward<OnStep>(on_step),
                          [](const std::vector<command>& legal, rng& r) { return r.below(legal.size()); }, events);
}

template <class OnStep, class Pick>
bool play_out_picking(state& s, rng& bot, int max_commands, OnStep&& on_step, Pick&& pick, event_list* events) {
  std::vector<command> legal;
  for (int n = 0; n < max_commands; ++n) {
    if (s.current_phase == phase::finished) return true;
    const player_id actor = s.active;  // to_act(s).front(), without allocating
    player_id p = actor;
    // Now and then a player out of turn uses what he may do any time (sell, loan, Helpers).
    if (bot.below(20) == 0) p = static_cast<player_id>(bot.below(s.players.size()));
    legal_commands(s, p, legal);
    if (legal.empty()) {
      p = actor;
      legal_commands(s, p, legal);
      if (legal.empty()) return false;
    }
    const command& c = legal[static_cast<std::size_t>(pick(std::as_const(legal), bot))];
    on_step(s, p, c);
    if (events) {
      events->clear();
      if (apply(s, p, c, events)) return false;
    } else if (apply(s, p, c)) {
      return false;
    }
  }
  return false;
}

}  // namespace loyang::engine
