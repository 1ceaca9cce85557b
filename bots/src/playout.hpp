// Playouts for the strong bot: a full state played to its end with the easy bot's policy.
#pragma once
#include <array>
#include <vector>

#include "easy_bot.hpp"

namespace loyang::bots::detail {

/// Reused memory of one searcher: the legal command buffer and one easy policy per seat.
struct playout_scratch {
  std::vector<engine::command> legal;
  std::array<easy_policy, 4> seats;
};

/// Commands a playout may send before it is cut off and valued as it stands (a game of four
/// easy bots needs about 470).
inline constexpr int playout_command_cap = 3000;

/// Plays `s` (a full state) to the end, every seat choosing as the easy bot does; returns the
/// number of commands sent. The fast path (playout_step) from start to end.
int play_out_easy(engine::state& s, playout_scratch& scratch);

/// One command of a playout by the seat to act, as the easy bot chooses it; returns the
/// command sent (in scratch.legal), nullptr when it had none. The fast path: candidates
/// scored before any is checked, the best checked first (easy_policy::choose_fast),
/// and applied without a second check or undo history (engine::apply_legal).
const engine::command* playout_step(engine::state& s, playout_scratch& scratch);
/// The same the plain way (legal_commands, the easy policy's choose, apply): what the fast
/// path must equal, command for command and state for state but the undo history
/// (tests/bots/playout_fast_path_test.cpp).
const engine::command* playout_step_reference(engine::state& s, playout_scratch& scratch);

/// The value of `s` (finished or not) for `seat`: solo the level (position after loans);
/// otherwise 1 for first place (shared included) plus 0.02 per Path space (after loans) ahead
/// of the best other player.
double outcome(const engine::state& s, engine::player_id seat);

/// outcome() in its parts: whether `seat` is first (never solo), and its margin (solo: its level).
struct outcome_parts {
  bool first = false;
  int margin = 0;
  double value(bool solo) const { return solo ? margin : (first ? 1.0 : 0.0) + 0.02 * margin; }
};
outcome_parts outcome_of(const engine::state& s, engine::player_id seat);

}  // namespace loyang::bots::detail
