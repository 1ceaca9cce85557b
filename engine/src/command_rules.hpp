#pragma once
// One check (is it allowed? nothing changes) and one perform (change the state; only after a
// passing check) per command type. apply() and legal_commands() both go through the checks.
#include "internal.hpp"

namespace loyang::engine::detail {

/// The player must be the one to act, at this step.
check need_step(const state& s, player_id p, step st);
/// Allowed any time while the game runs (sell, loan, discard a Helper).
check need_running(const state& s);

#define LOYANG_COMMAND(T)                                \
  check check_command(const state& s, player_id p, const cmd::T& c); \
  void perform(state& s, player_id p, const cmd::T& c);
LOYANG_COMMAND(plant_home)
LOYANG_COMMAND(reveal_courtyard)
LOYANG_COMMAND(place_in_courtyard)
LOYANG_COMMAND(take_cards)
LOYANG_COMMAND(choose_partner)
LOYANG_COMMAND(sow)
LOYANG_COMMAND(buy)
LOYANG_COMMAND(sell)
LOYANG_COMMAND(trade)
LOYANG_COMMAND(discard_helper)
LOYANG_COMMAND(serve_regular)
LOYANG_COMMAND(skip_regular)
LOYANG_COMMAND(serve_casual)
LOYANG_COMMAND(buy_two_pack)
LOYANG_COMMAND(keep_two_pack)
LOYANG_COMMAND(take_loan)
LOYANG_COMMAND(end_turn)
LOYANG_COMMAND(upgrade_storehouse)
LOYANG_COMMAND(discard_veg)
LOYANG_COMMAND(advance)
#undef LOYANG_COMMAND

/// Card phase: whether `p` may no longer add a card to the Courtyard.
bool must_take(const state& s, player_id p);

}  // namespace loyang::engine::detail
