#include "loyang/engine/random_play.hpp"

#include <string>

namespace loyang::engine {

random_play_result play_random_games(const random_play_options& opt) {
  random_play_result r;
  event_list events;
  const auto note = [&](std::string text) {
    ++r.violations;
    if (r.first_violations.size() < 10) r.first_violations.push_back(std::move(text));
  };
  for (int g = 0; g < opt.games; ++g) {
    const std::uint64_t seed = opt.seed + static_cast<std::uint64_t>(g);
    state s = new_game(opt.game, seed);
    rng bot(seed ^ 0x5EED5EED5EED5EEDULL);
    const std::string where = "game seed " + std::to_string(seed);
    bool reported = false;
    const bool ended = play_out(s, bot, opt.max_commands_per_game,
                                [&](const state& st, player_id p, const command& c) {
      ++r.commands;
      r.events += events.size();  // those of the command before this one
      events.clear();
      if (reported) return;
      if (opt.check_invariants) {
        for (auto& v : check_invariants(st)) {
          note(where + " v" + std::to_string(st.version) + ": " + v);
          reported = true;
        }
      }
      if (opt.check_legal_apply) {
        for (const auto& other : legal_commands(st, p)) {
          state copy = st;
          if (auto e = apply(copy, p, other)) {
            note(where + " v" + std::to_string(st.version) + ": listed " +
                 std::string(command_name(other)) + " rejected: " + e->code);
            reported = true;
            continue;
          }
          // After any undoable command, undo restores the exact earlier state.
          if (copy.undo_log.size() != st.undo_log.size() + 1) continue;
          if (apply(copy, p, cmd::undo{}) || (copy.version -= 2, !(copy == st))) {
            note(where + " v" + std::to_string(st.version) + ": undo after " +
                 std::string(command_name(other)) + " did not restore the state");
            reported = true;
          }
        }
      }
      (void)c;
    }, opt.collect_events ? &events : nullptr);
    r.events += events.size();  // the last command's
    events.clear();
    if (!ended) note(where + ": the game did not end");
    if (opt.check_invariants)
      for (auto& v : check_invariants(s)) note(where + " final: " + v);
    r.hash = (r.hash ^ state_hash(s)) * 0x100000001B3ULL + static_cast<std::uint64_t>(g);
    ++r.games;
  }
  return r;
}

}  // namespace loyang::engine
