#pragma once
// Shared by the engine's source files: game flow (rounds, phases, turns) and card movement.
#include "errors.hpp"
#include "loyang/engine/data.hpp"
#include "loyang/engine/events.hpp"
#include "loyang/engine/game.hpp"

namespace loyang::engine::detail {

using ev::card_source;
using ev::discard_reason;

/// The solo game: one player; players[solo_opponent] holds the imaginary opponent's cards.
inline bool is_solo(const state& s) { return s.opts.players == 1; }
/// Players who act (the solo game's imaginary opponent does not).
inline int player_count(const state& s) { return static_cast<int>(s.players.size()) - (is_solo(s) ? 1 : 0); }
inline player_state& pl(state& s, player_id p) { return s.players[static_cast<std::size_t>(p)]; }
inline const player_state& pl(const state& s, player_id p) {
  return s.players[static_cast<std::size_t>(p)];
}

/// A loan can still be taken (unlimited in the original rules, 31 on Yucata).
bool loan_possible(const state& s, player_id p);
/// Some vegetable on the cart has a free shop space.
bool can_sell_something(const player_state& p);
/// A payment the player must make (a forced card, a penalty) with too little Cash is allowed
/// only when he can raise no more money; he then pays all he has.
bool payment_ok(const state& s, player_id p, int cost);
void pay(player_state& p, int cost);

/// Whether a Regular customer arriving for `p` now must be served this round.
bool regular_due_now(const state& s, player_id p);
/// Puts a card into p's area (field row or play area): fills stalls, marks regulars.
/// `from`: where it came from (for the card_played event).
void put_in_play(state& s, player_id p, card_id c, card_id under, card_source from);
/// Puts card `c`, found under `from` (a card that left p's area), into p's area.
void reveal_under(state& s, player_id p, card_id c, card_id from);
/// Removes p's played card at `index` to the discard pile and reveals the card under it.
void discard_played(state& s, player_id p, std::size_t index, discard_reason why);
/// Index of p's uncovered played card `c`, or -1.
int find_played(const player_state& p, card_id c);
/// Index of p's first uncovered Helper of kind `h`, or -1.
int find_helper(const player_state& p, helper_kind h);
/// 4 players, Action phase: p's partner (no_player otherwise).
player_id partner_of(const state& s, player_id p);
/// Whether a lantern Helper of p may affect `other`: another player; with 4, only the partner.
bool may_affect(const state& s, player_id p, player_id other);
/// Harvest helper: fields (bit per field_id) that may be harvested once more.
std::uint16_t harvest_helper_fields(const player_state& p);
/// Ends the own Distribution turn (the rest of the hand to the Courtyard).
void finish_distribution_turn(state& s, player_id p);
/// Book-keeper / Foreman: `who` decides now; resume() lets the interrupted player go on.
void interrupt(state& s, player_id who, step st);
void resume(state& s);
/// Card phase start, after the Harvest phase's decisions.
void start_card_phase(state& s);

/// Draws one card for the Action phase, shuffling the discard pile in when the draw pile is
/// empty (FAQ). Returns no_card when both are empty.
card_id draw_action_card(state& s);

/// Solo game (solo.cpp): the opponent's cards and the Offer at setup; the Card phase; the one
/// reshuffle of the discard pile; the rating of the level reached.
void setup_solo(state& s);
void start_solo_card_phase(state& s);
void end_solo_card_phase(state& s);
void solo_field_discarded(state& s);
solo_rating rating_for_level(int level);

/// Flow: called when the current decision is done.
void after_planting(state& s);
void next_distribution_turn(state& s, player_id from);
void begin_action_phase(state& s);
void next_action_turn(state& s);
/// Harvest phase: next player with a Harvest helper decision, or the Card phase.
void next_harvest_helper(state& s);
/// Automatic steps that need no decision (e.g. store step already satisfied), and the Foreman's
/// reaction to a discarded Helper.
void settle(state& s);

}  // namespace loyang::engine::detail
