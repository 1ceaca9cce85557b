#include "playout.hpp"

#include <algorithm>
#include <variant>

#include "loyang/engine/game.hpp"

namespace loyang::bots::detail {

using namespace engine;

namespace {
bool is_undo(const command& c) { return std::holds_alternative<cmd::undo>(c); }
}  // namespace

const command* playout_step(state& s, playout_scratch& scratch) {
  const player_id p = s.active;
  // No undo in a playout (the easy bot never sends it, and it would copy the turn back).
  const auto at = scratch.seats[static_cast<std::size_t>(p)].choose_fast(s, p, scratch.legal);
  if (at == scratch.legal.size()) return nullptr;
  apply_legal(s, p, scratch.legal[at]);
  return &scratch.legal[at];
}

const command* playout_step_reference(state& s, playout_scratch& scratch) {
  const player_id p = s.active;
  legal_commands(s, p, scratch.legal);
  // No undo in a playout (the easy bot never sends it, and it would copy the turn back).
  std::erase_if(scratch.legal, is_undo);
  if (scratch.legal.empty()) return nullptr;
  const auto at = scratch.seats[static_cast<std::size_t>(p)].choose(s, p, scratch.legal);
  if (apply(s, p, scratch.legal[at])) return nullptr;  // cannot happen: a legal command
  return &scratch.legal[at];
}

int play_out_easy(state& s, playout_scratch& scratch) {
  for (auto& p : scratch.seats) p = easy_policy{};
  int sent = 0;
  while (s.current_phase != phase::finished && sent < playout_command_cap) {
    if (!playout_step(s, scratch)) break;
    ++sent;
  }
  return sent;
}

outcome_parts outcome_of(const state& s, player_id seat) {
  const auto level = [&](player_id p) {
    const auto& ps = s.players[static_cast<std::size_t>(p)];
    return ps.position - ps.loans;
  };
  if (s.opts.players == 1) return {false, level(seat)};
  int best_other = -1000;
  for (player_id p = 0; p < static_cast<player_id>(s.players.size()); ++p)
    if (p != seat) best_other = std::max(best_other, level(p));
  outcome_parts o{false, level(seat) - best_other};
  o.first = o.margin >= 0;
  if (s.current_phase == phase::finished) {
    for (const auto& e : s.ranking)
      if (e.player == seat) o.first = e.rank == 1;
  }
  return o;
}

double outcome(const state& s, player_id seat) { return outcome_of(s, seat).value(s.opts.players == 1); }

}  // namespace loyang::bots::detail
