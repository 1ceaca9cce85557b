// Commands of the setup (Home field) and of the Card phase (Distribution round, partner).
#include <algorithm>

#include "command_rules.hpp"
#include "emit.hpp"

namespace loyang::engine::detail {
namespace {
template <class V>
bool contains(const V& v, card_id c) {
  return std::find(v.begin(), v.end(), c) != v.end();
}
template <class V>
void erase_one(V& v, card_id c) {
  v.erase(std::find(v.begin(), v.end(), c));
}
int field_cost(card_id c) {
  return c != no_card && kind_of(c) == card_kind::common_field ? common_field_cost : 0;
}
/// Pays for a common field taken (all he has when he can raise no more: payment_ok).
void pay_for_field(state& s, player_id p, card_id c) {
  const int before = pl(s, p).cash;
  pay(pl(s, p), field_cost(c));
  paid(s, p, no_player, before - pl(s, p).cash, pay_reason::common_field, c);
}
}  // namespace

check need_running(const state& s) {
  return s.current_phase == phase::finished ? &fail::game_over : ok;
}

check need_step(const state& s, player_id p, step st) {
  if (s.current_phase == phase::finished) return &fail::game_over;
  if (p != s.active) return &fail::not_your_turn;
  if (s.current_step != st) return &fail::wrong_step;
  return ok;
}

check check_command(const state& s, player_id p, const cmd::plant_home& c) {
  if (auto e = need_step(s, p, step::plant_home)) return e;
  if (!field_allows(home_field, c.crop)) return &fail::not_home_crop;
  const auto same = std::count_if(s.players.begin(), s.players.end(), [&](const player_state& o) {
    return !o.fields.empty() && o.fields.front().count > 0 && o.fields.front().crop == c.crop;
  });
  if (same >= 2) return &fail::crop_taken;
  const auto& ps = pl(s, p);
  if (ps.shop[c.crop] <= 0) return &fail::not_in_shop;
  if (ps.cash < buy_price(c.crop)) return &fail::not_enough_cash;
  return ok;
}

void perform(state& s, player_id p, const cmd::plant_home& c) {
  auto& ps = pl(s, p);
  ps.cash -= buy_price(c.crop);
  paid(s, p, no_player, buy_price(c.crop), pay_reason::home_field);
  --ps.shop[c.crop];
  ps.fields.front().crop = c.crop;
  ps.fields.front().count = static_cast<std::uint8_t>(field_size(home_field));
  moved(s, p, ev::veg_place::shop, ev::veg_place::field, one(c.crop), home_field);
  moved(s, p, ev::veg_place::supply, ev::veg_place::field, one(c.crop, field_size(home_field) - 1), home_field);
  after_planting(s);
}

bool must_take(const state& s, player_id p) {
  const auto others = std::count_if(s.players.begin(), s.players.end(),
                                    [](const player_state& o) { return o.in_distribution; });
  return pl(s, p).hand.size() <= 1 || others <= 1;
}

check check_command(const state& s, player_id p, const cmd::reveal_courtyard&) {
  if (auto e = need_step(s, p, step::distribution)) return e;
  if (player_count(s) != 2) return &fail::not_two_players;
  if (s.revealed_this_turn) return &fail::already_revealed;
  if (s.draw_pile.empty()) return &fail::draw_pile_empty;
  return ok;
}

void perform(state& s, player_id p, const cmd::reveal_courtyard&) {
  if (collecting(s)) emit(s, ev::cards_to_courtyard{p, {s.draw_pile.back()}, true});
  s.courtyard.push_back(s.draw_pile.back());
  s.draw_pile.pop_back();
  s.revealed_this_turn = true;
}

check check_command(const state& s, player_id p, const cmd::place_in_courtyard& c) {
  if (auto e = need_step(s, p, step::distribution)) return e;
  if (!contains(pl(s, p).hand, c.card)) return &fail::not_in_hand;
  if (must_take(s, p)) return &fail::must_take;
  return ok;
}

void perform(state& s, player_id p, const cmd::place_in_courtyard& c) {
  erase_one(pl(s, p).hand, c.card);
  s.courtyard.push_back(c.card);
  if (collecting(s)) emit(s, ev::cards_to_courtyard{p, {c.card}, false});
  next_distribution_turn(s, p);
}

check check_command(const state& s, player_id p, const cmd::take_cards& c) {
  if (auto e = need_step(s, p, step::distribution)) return e;
  const auto& ps = pl(s, p);
  if (c.hand == no_card || (c.hand != ps.intro && !contains(ps.hand, c.hand))) return &fail::not_in_hand;
  if (c.courtyard == no_card) {
    // Only a player who must take, facing an empty Courtyard, plays his hand card alone.
    if (!s.courtyard.empty() || !must_take(s, p)) return &fail::courtyard_card_needed;
  } else if (!contains(s.courtyard, c.courtyard)) {
    return &fail::not_in_courtyard;
  }
  if (!payment_ok(s, p, field_cost(c.hand) + field_cost(c.courtyard))) return &fail::not_enough_cash;
  return ok;
}

void perform(state& s, player_id p, const cmd::take_cards& c) {
  auto& ps = pl(s, p);
  pay_for_field(s, p, c.hand);
  pay_for_field(s, p, c.courtyard);
  const bool intro = c.hand == ps.intro;
  if (intro) {
    ps.intro = no_card;
  } else {
    erase_one(ps.hand, c.hand);
  }
  if (c.courtyard != no_card) erase_one(s.courtyard, c.courtyard);
  put_in_play(s, p, c.hand, no_card, intro ? card_source::intro : card_source::hand);
  if (c.courtyard != no_card) put_in_play(s, p, c.courtyard, no_card, card_source::courtyard);
  // A Squire played in an earlier round may now take up to 2 more Courtyard cards (Yucata: after
  // the first Courtyard card); the rest of the hand stays in hand until the turn ends.
  const int squire = find_helper(ps, helper_kind::squire);
  if (squire >= 0 && ps.played[static_cast<std::size_t>(squire)].round_played != s.round &&
      c.courtyard != no_card && !s.courtyard.empty()) {
    s.squire_left = 2;
    s.current_step = step::squire;
    return;
  }
  finish_distribution_turn(s, p);
}

int cost_of_fields_within_reach(const state& s, player_id p) {
  if (s.current_step == step::offer) return solo_cost_of_fields_within_reach(s, p);
  const auto& ps = pl(s, p);
  const auto is_field = [](card_id c) { return field_cost(c) > 0; };
  const int in_courtyard = static_cast<int>(std::count_if(s.courtyard.begin(), s.courtyard.end(), is_field));
  if (s.current_step == step::squire) return common_field_cost * std::min<int>(in_courtyard, s.squire_left);
  // Distribution: one hand card and one Courtyard card, and with a usable Squire two more.
  const int squire = find_helper(ps, helper_kind::squire);
  const bool squire_usable = squire >= 0 && ps.played[static_cast<std::size_t>(squire)].round_played != s.round;
  const bool hand_field = std::any_of(ps.hand.begin(), ps.hand.end(), is_field);
  return common_field_cost * ((hand_field ? 1 : 0) + std::min(in_courtyard, squire_usable ? 3 : 1));
}

bool squire_played_this_round(const state& s, player_id p) {
  const auto& ps = pl(s, p);
  const int i = find_helper(ps, helper_kind::squire);
  return i >= 0 && ps.played[static_cast<std::size_t>(i)].round_played == s.round;
}

check check_command(const state& s, player_id p, const cmd::squire_take& c) {
  // The specific reason first: "wrong_step" does not tell a player why his Squire is idle.
  if (need_step(s, p, step::squire) != ok && need_running(s) == ok && squire_played_this_round(s, p))
    return &fail::squire_just_played;
  if (auto e = need_step(s, p, step::squire)) return e;
  if (s.squire_left == 0) return &fail::wrong_step;
  if (!contains(s.courtyard, c.card)) return &fail::not_in_courtyard;
  if (!payment_ok(s, p, field_cost(c.card))) return &fail::not_enough_cash;
  return ok;
}

void perform(state& s, player_id p, const cmd::squire_take& c) {
  auto& ps = pl(s, p);
  const int squire = find_helper(ps, helper_kind::squire);
  if (s.squire_left == 2 && squire >= 0)
    discard_played(s, p, static_cast<std::size_t>(squire), discard_reason::helper_used);
  pay_for_field(s, p, c.card);
  erase_one(s.courtyard, c.card);
  put_in_play(s, p, c.card, no_card, card_source::courtyard);
  --s.squire_left;
  if (s.squire_left == 0 || s.courtyard.empty()) finish_distribution_turn(s, p);
}

check check_command(const state& s, player_id p, const cmd::finish_taking&) {
  return need_step(s, p, step::squire);
}

void perform(state& s, player_id p, const cmd::finish_taking&) { finish_distribution_turn(s, p); }

check check_command(const state& s, player_id p, const cmd::choose_partner& c) {
  if (auto e = need_step(s, p, step::choose_partner)) return e;
  if (c.partner < 0 || c.partner >= player_count(s) || c.partner == s.starting || c.partner == s.second)
    return &fail::bad_partner;
  return ok;
}

void perform(state& s, player_id, const cmd::choose_partner& c) {
  s.partner = c.partner;
  emit(s, ev::players_ordered{s.starting, s.second, s.partner});
  begin_action_phase(s);
}

}  // namespace loyang::engine::detail
