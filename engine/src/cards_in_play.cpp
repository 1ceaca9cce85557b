// Moving action cards into and out of a player's area, and drawing in the Action phase.
#include <algorithm>

#include "emit.hpp"
#include "internal.hpp"

namespace loyang::engine::detail {

bool loan_possible(const state& s, player_id p) {
  return s.opts.rules == ruleset::original || pl(s, p).loans < yucata_loan_limit;
}

bool can_sell_something(const player_state& p) {
  for (veg v : all_vegs)
    if (p.cart[v] > 0 && p.shop[v] < shop_spaces(v)) return true;
  return false;
}

bool payment_ok(const state& s, player_id p, int cost) {
  const auto& ps = pl(s, p);
  return ps.cash >= cost || (!loan_possible(s, p) && !can_sell_something(ps));
}

void pay(player_state& p, int cost) { p.cash -= std::min(cost, p.cash); }

bool regular_due_now(const state& s, player_id p) {
  if (s.current_phase != phase::action || pl(s, p).turn_done) return false;
  // Once a player has ended his turn (storing, moving) a newly revealed customer waits.
  return !(s.active == p && (s.current_step == step::store || s.current_step == step::advance));
}

void put_in_play(state& s, player_id p, card_id c, card_id under, card_source from) {
  emit(s, ev::card_played{p, c, from, under});
  auto& ps = pl(s, p);
  const auto& info = card(c);
  if (info.kind == card_kind::common_field) {
    ps.fields.push_back(field{common_field_of(c), veg::wheat, 0, under});
    return;
  }
  played_card pc;
  pc.card = c;
  pc.under = under;
  pc.round_played = s.round;
  if (info.kind == card_kind::market_stall) pc.stall_left = 0b111;
  if (info.kind == card_kind::regular) pc.handled = !regular_due_now(s, p);
  ps.played.push_back(pc);
}

void reveal_under(state& s, player_id p, card_id c, card_id from) {
  put_in_play(s, p, c, no_card, card_source::under);
  if (collecting(s) && kind_of(c) == card_kind::regular)
    emit(s, ev::customer_revealed{p, c, from, !pl(s, p).played.back().handled});
}

void discard_played(state& s, player_id p, std::size_t index, discard_reason why) {
  auto& ps = pl(s, p);
  const played_card pc = ps.played[index];
  ps.played.erase(ps.played.begin() + static_cast<std::ptrdiff_t>(index));
  s.discard_pile.push_back(pc.card);
  emit(s, ev::card_discarded{p, pc.card, why});
  // The Foreman may react (settle), but not to a Helper discarded while he is being asked:
  // that one is not offered, and must not change whose Helper the pending offer is.
  if (kind_of(pc.card) == card_kind::helper && s.current_step != step::foreman) {
    s.helper_discarded = pc.card;
    s.discarded_by = p;
  }
  if (pc.under != no_card) reveal_under(s, p, pc.under, pc.card);
}

int find_helper(const player_state& p, helper_kind h) {
  for (std::size_t i = 0; i < p.played.size(); ++i)
    if (card(p.played[i].card).helper == h) return static_cast<int>(i);
  return -1;
}

player_id partner_of(const state& s, player_id p) {
  if (player_count(s) != 4 || s.partner == no_player) return no_player;
  if (p == s.starting) return s.partner;
  if (p == s.partner) return s.starting;
  for (player_id q = 0; q < 4; ++q)
    if (q != p && q != s.starting && q != s.partner) return q;
  return no_player;
}

bool may_affect(const state& s, player_id p, player_id other) {
  // The solo game's imaginary opponent may be affected too.
  if (other < 0 || other >= static_cast<int>(s.players.size()) || other == p) return false;
  return player_count(s) != 4 || partner_of(s, p) == other;
}

int find_played(const player_state& p, card_id c) {
  for (std::size_t i = 0; i < p.played.size(); ++i)
    if (p.played[i].card == c) return static_cast<int>(i);
  return -1;
}

card_id draw_action_card(state& s) {
  if (s.draw_pile.empty()) {
    if (s.discard_pile.empty() || is_solo(s)) return no_card;  // solo: only one reshuffle
    reshuffle(s);
  }
  const card_id c = s.draw_pile.back();
  s.draw_pile.pop_back();
  return c;
}

}  // namespace loyang::engine::detail
