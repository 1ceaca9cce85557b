#pragma once
// One check (is it allowed? nothing changes) and one perform (change the state; only after a
// passing check) per command type. apply() and legal_commands() both go through the checks.
#include "internal.hpp"

namespace loyang::engine::detail {

/// The player must be the one to act, at this step.
check need_step(const state& s, player_id p, step st);
/// Allowed any time while the game runs (sell, loan, discard a Helper).
check need_running(const state& s);
/// p's Squire was played in this round, so he cannot use it (squire_just_played).
bool squire_played_this_round(const state& s, player_id p);

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
LOYANG_COMMAND(use_book_keeper)
LOYANG_COMMAND(shop_add)
LOYANG_COMMAND(shop_remove)
LOYANG_COMMAND(book_keeper_done)
LOYANG_COMMAND(con_man)
LOYANG_COMMAND(deliveryman)
LOYANG_COMMAND(foreman_take)
LOYANG_COMMAND(foreman_pass)
LOYANG_COMMAND(haggler)
LOYANG_COMMAND(shopper)
LOYANG_COMMAND(merchant)
LOYANG_COMMAND(harvest_helper)
LOYANG_COMMAND(skip_harvest_helper)
LOYANG_COMMAND(activate_helper)
LOYANG_COMMAND(saleswoman_blue)
LOYANG_COMMAND(market_crier_refill)
LOYANG_COMMAND(market_crier_sell)
LOYANG_COMMAND(market_woman)
LOYANG_COMMAND(serve_regular_twice)
LOYANG_COMMAND(plough_clear)
LOYANG_COMMAND(plough_harvest)
LOYANG_COMMAND(squire_take)
LOYANG_COMMAND(finish_taking)
LOYANG_COMMAND(subsistence_farmer)
LOYANG_COMMAND(tenant_buy_field)
LOYANG_COMMAND(tenant_swap_field)
LOYANG_COMMAND(tout_swap)
LOYANG_COMMAND(tout_buy)
LOYANG_COMMAND(trader)
LOYANG_COMMAND(buy_from_offer)
LOYANG_COMMAND(finish_offer)
LOYANG_COMMAND(con_man_offer)
LOYANG_COMMAND(subsistence_farmer_supply)
LOYANG_COMMAND(activate_saleswoman_blue)
#undef LOYANG_COMMAND

/// Casual customers' modifier for p now (Saleswoman: always +2).
int casual_modifier_now(const player_state& p);

/// Card phase turn of `p` (distribution, squire or solo offer step): the most the common fields
/// he could still take in it would cost (the Book-keeper may finance them).
int cost_of_fields_within_reach(const state& s, player_id p);
/// The solo game's part of it (offer step).
int solo_cost_of_fields_within_reach(const state& s, player_id p);

/// Card phase: whether `p` may no longer add a card to the Courtyard.
bool must_take(const state& s, player_id p);

}  // namespace loyang::engine::detail
