#pragma once
// Template part of random_play.hpp.

namespace loyang::engine {

template <class OnStep>
bool play_out(state& s, rng& bot, int max_commands, OnStep&& on_step) {
  for (int n = 0; n < max_commands; ++n) {
    const auto actors = to_act(s);
    if (actors.empty()) return true;
    player_id p = actors.front();
    // Now and then a player out of turn uses what he may do any time (sell, loan, Helpers).
    if (bot.below(20) == 0) p = static_cast<player_id>(bot.below(s.players.size()));
    auto legal = legal_commands(s, p);
    if (legal.empty()) {
      p = actors.front();
      legal = legal_commands(s, p);
      if (legal.empty()) return false;
    }
    const command& c = legal[static_cast<std::size_t>(bot.below(legal.size()))];
    on_step(s, p, c);
    if (apply(s, p, c)) return false;
  }
  return false;
}

}  // namespace loyang::engine
