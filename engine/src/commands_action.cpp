// Action phase commands A-H, and the ones allowed any time (sell, loan, discard a Helper).
#include <algorithm>

#include "command_rules.hpp"
#include "emit.hpp"

namespace loyang::engine::detail {
namespace {

bool has(const veg_counts& cart, veg a, veg b) {
  veg_counts need;
  ++need[a];
  ++need[b];
  for (veg v : all_vegs)
    if (cart[v] < need[v]) return false;
  return true;
}

int uncovered_played(const player_state& ps, card_id c, card_kind kind) {
  const int i = find_played(ps, c);
  return i >= 0 && kind_of(c) == kind ? i : -1;
}

}  // namespace

check check_command(const state& s, player_id p, const cmd::sow& c) {
  if (auto e = need_step(s, p, step::main)) return e;
  const auto& ps = pl(s, p);
  const auto f = std::find_if(ps.fields.begin(), ps.fields.end(),
                              [&](const field& x) { return x.id == c.field; });
  if (f == ps.fields.end()) return &fail::no_such_field;
  if (f->count > 0) return &fail::field_sown;
  if (!field_allows(c.field, c.crop)) return &fail::crop_not_allowed;
  if (ps.cart[c.crop] <= 0) return &fail::not_in_cart;
  return ok;
}

void perform(state& s, player_id p, const cmd::sow& c) {
  auto& ps = pl(s, p);
  auto f = std::find_if(ps.fields.begin(), ps.fields.end(), [&](const field& x) { return x.id == c.field; });
  --ps.cart[c.crop];
  f->crop = c.crop;
  // Harvest helper (option 2): fields sown this Action phase get one more vegetable.
  const int extra = ((ps.effects & effect_harvest_sow) ? 1 : 0) + ((ps.effects & effect_harvest_sow_twice) ? 1 : 0);
  f->count = static_cast<std::uint8_t>(field_size(c.field) + extra);
  // One from the cart; the rest of the field's tokens from the supply.
  moved(s, p, ev::veg_place::cart, ev::veg_place::field, one(c.crop), c.field);
  moved(s, p, ev::veg_place::supply, ev::veg_place::field, one(c.crop, f->count - 1), c.field);
}

check check_command(const state& s, player_id p, const cmd::buy& c) {
  if (auto e = need_step(s, p, step::main)) return e;
  const auto& ps = pl(s, p);
  if (ps.shop[c.crop] <= 0) return &fail::not_in_shop;
  if (ps.cash < buy_price(c.crop)) return &fail::not_enough_cash;
  return ok;
}

void perform(state& s, player_id p, const cmd::buy& c) {
  auto& ps = pl(s, p);
  ps.cash -= buy_price(c.crop);
  paid(s, p, no_player, buy_price(c.crop), pay_reason::purchase);
  --ps.shop[c.crop];
  ++ps.cart[c.crop];
  moved(s, p, ev::veg_place::shop, ev::veg_place::cart, one(c.crop));
}

check check_command(const state& s, player_id p, const cmd::sell& c) {
  if (auto e = need_running(s)) return e;
  const auto& ps = pl(s, p);
  if (ps.cart[c.crop] <= 0) return &fail::not_in_cart;
  if (ps.shop[c.crop] >= shop_spaces(c.crop)) return &fail::shop_full;
  return ok;
}

void perform(state& s, player_id p, const cmd::sell& c) {
  auto& ps = pl(s, p);
  --ps.cart[c.crop];
  ++ps.shop[c.crop];
  moved(s, p, ev::veg_place::cart, ev::veg_place::shop, one(c.crop));
  ps.cash += sell_price(c.crop);
  paid(s, no_player, p, sell_price(c.crop), pay_reason::sale);
}

check check_command(const state& s, player_id p, const cmd::trade& c) {
  if (auto e = need_step(s, p, step::main)) return e;
  const auto& ps = pl(s, p);
  const int i = uncovered_played(ps, c.stall, card_kind::market_stall);
  if (i < 0) return &fail::no_such_stall;
  const auto& info = card(c.stall);
  const auto g = std::find(info.goods.begin(), info.goods.end(), c.get);
  const auto slot = g - info.goods.begin();
  if (g == info.goods.end() || !(ps.played[static_cast<std::size_t>(i)].stall_left & (1u << slot)))
    return &fail::good_not_on_stall;
  const int cost = (ps.effects & effect_maid) ? 1 : info.costs[static_cast<std::size_t>(slot)];
  if ((cost == 2) != c.give2.has_value()) return &fail::wrong_give_count;
  if (c.give2) {
    if (*c.give2 < c.give1) return &fail::give_order;
    if (!has(ps.cart, c.give1, *c.give2)) return &fail::not_in_cart;
  } else if (ps.cart[c.give1] <= 0) {
    return &fail::not_in_cart;
  }
  return ok;
}

void perform(state& s, player_id p, const cmd::trade& c) {
  auto& ps = pl(s, p);
  --ps.cart[c.give1];
  if (c.give2) --ps.cart[*c.give2];
  ++ps.cart[c.get];
  if (collecting(s)) {
    veg_counts given = one(c.give1);
    if (c.give2) ++given[*c.give2];
    moved(s, p, ev::veg_place::cart, ev::veg_place::supply, given);
    moved(s, p, ev::veg_place::stall, ev::veg_place::cart, one(c.get), ev::no_field, p, c.stall);
  }
  const auto& info = card(c.stall);
  const auto slot = std::find(info.goods.begin(), info.goods.end(), c.get) - info.goods.begin();
  const auto i = static_cast<std::size_t>(find_played(ps, c.stall));
  ps.played[i].stall_left = static_cast<std::uint8_t>(ps.played[i].stall_left & ~(1u << slot));
  if (ps.played[i].stall_left == 0) discard_played(s, p, i, discard_reason::stall_emptied);
}

check check_command(const state& s, player_id p, const cmd::discard_helper& c) {
  if (auto e = need_running(s)) return e;
  if (uncovered_played(pl(s, p), c.card, card_kind::helper) < 0) return &fail::no_such_helper;
  // The Book-keeper in use, or the Foreman being asked, goes when his decision is made, also
  // while another decision (the Foreman's offer) interrupts it.
  const auto h = card(c.card).helper;
  const auto deciding = [&](step st) {
    if (p == s.active && s.current_step == st) return true;
    return std::any_of(s.resume_stack.begin(), s.resume_stack.end(),
                       [&](const resume_point& r) { return r.active == p && r.at == st; });
  };
  if ((h == helper_kind::book_keeper && deciding(step::book_keeper)) ||
      (h == helper_kind::foreman && deciding(step::foreman)))
    return &fail::wrong_step;
  return ok;
}

void perform(state& s, player_id p, const cmd::discard_helper& c) {
  discard_played(s, p, static_cast<std::size_t>(find_played(pl(s, p), c.card)), discard_reason::helper_discarded);
}

check check_command(const state& s, player_id p, const cmd::serve_regular& c) {
  if (auto e = need_step(s, p, step::main)) return e;
  const auto& ps = pl(s, p);
  const int i = uncovered_played(ps, c.card, card_kind::regular);
  if (i < 0) return &fail::no_such_customer;
  // With the Messenger-boy a customer delivered to once may get a second delivery later in
  // the phase, on the same row.
  const auto& pc = ps.played[static_cast<std::size_t>(i)];
  if (pc.handled && !(pc.served == 1 && (ps.effects & effect_messenger))) return &fail::customer_handled;
  const auto& w = card(c.card).wants;
  if (!has(ps.cart, w[0], w[1])) return &fail::not_in_cart;
  return ok;
}

void perform(state& s, player_id p, const cmd::serve_regular& c) {
  auto& ps = pl(s, p);
  const auto i = static_cast<std::size_t>(find_played(ps, c.card));
  const auto& info = card(c.card);
  --ps.cart[info.wants[0]];
  --ps.cart[info.wants[1]];
  if (collecting(s)) {
    veg_counts given = one(info.wants[0]);
    ++given[info.wants[1]];
    moved(s, p, ev::veg_place::cart, ev::veg_place::supply, given);
  }
  auto& pc = ps.played[i];
  ++pc.served;
  if (pc.served == 2) {  // the Messenger-boy's second delivery: the same row pays again
    ps.cash += info.pays[pc.deliveries - 1];
    paid(s, no_player, p, info.pays[pc.deliveries - 1], pay_reason::customer, c.card);
    return;
  }
  ps.cash += info.pays[pc.deliveries];
  paid(s, no_player, p, info.pays[pc.deliveries], pay_reason::customer, c.card);
  ++pc.deliveries;
  pc.handled = true;
  if (pc.deliveries == 4) discard_played(s, p, i, discard_reason::customer_done);
}

check check_command(const state& s, player_id p, const cmd::skip_regular& c) {
  if (auto e = need_step(s, p, step::main)) return e;
  const auto& ps = pl(s, p);
  const int i = uncovered_played(ps, c.card, card_kind::regular);
  if (i < 0) return &fail::no_such_customer;
  const auto& pc = ps.played[static_cast<std::size_t>(i)];
  if (pc.handled) return &fail::customer_handled;
  if (pc.red && !payment_ok(s, p, regular_penalty)) return &fail::not_enough_cash;
  return ok;
}

void perform(state& s, player_id p, const cmd::skip_regular& c) {
  auto& ps = pl(s, p);
  auto& pc = ps.played[static_cast<std::size_t>(find_played(ps, c.card))];
  if (pc.red) {
    const int before = ps.cash;
    pay(ps, regular_penalty);
    paid(s, p, no_player, before - ps.cash, pay_reason::penalty, c.card);
  } else {
    pc.red = true;
    emit(s, ev::marker_turned{p, c.card, true});
  }
  pc.handled = true;
}

check check_command(const state& s, player_id p, const cmd::serve_casual& c) {
  if (auto e = need_step(s, p, step::main)) return e;
  const auto& ps = pl(s, p);
  if (uncovered_played(ps, c.card, card_kind::casual) < 0) return &fail::no_such_customer;
  const auto& w = card(c.card).goods;
  veg_counts need;
  for (veg v : w) ++need[v];
  for (veg v : all_vegs)
    if (ps.cart[v] < need[v]) return &fail::not_in_cart;
  return ok;
}

void perform(state& s, player_id p, const cmd::serve_casual& c) {
  auto& ps = pl(s, p);
  const int modifier = casual_modifier_now(ps);  // counts the customer being served
  const auto& info = card(c.card);
  for (veg v : info.goods) --ps.cart[v];
  if (collecting(s)) {
    veg_counts given;
    for (veg v : info.goods) ++given[v];
    moved(s, p, ev::veg_place::cart, ev::veg_place::supply, given);
  }
  ps.cash += info.pays[0] + modifier;
  paid(s, no_player, p, info.pays[0] + modifier, pay_reason::customer, c.card);
  discard_played(s, p, static_cast<std::size_t>(find_played(ps, c.card)), discard_reason::casual_served);
}

check check_command(const state& s, player_id p, const cmd::buy_two_pack&) {
  if (auto e = need_step(s, p, step::main)) return e;
  if (pl(s, p).bought_two_pack) return &fail::two_pack_bought;
  if (s.draw_pile.empty() && (s.discard_pile.empty() || is_solo(s))) return &fail::no_cards_left;
  if (pl(s, p).cash < two_pack_price(s, p)) return &fail::not_enough_cash;
  return ok;
}

void perform(state& s, player_id p, const cmd::buy_two_pack&) {
  auto& ps = pl(s, p);
  const int price = two_pack_price(s, p);
  ps.cash -= price;
  paid(s, p, no_player, price, pay_reason::two_pack);
  ps.bought_two_pack = true;
  s.two_pack[0] = draw_action_card(s);
  s.two_pack[1] = draw_action_card(s);
  emit(s, ev::two_pack_drawn{p, s.two_pack[0], s.two_pack[1]});
  s.current_step = step::two_pack;
}

check check_command(const state& s, player_id p, const cmd::keep_two_pack& c) {
  if (auto e = need_step(s, p, step::two_pack)) return e;
  const auto drawn = [&](card_id x) { return x != no_card && (x == s.two_pack[0] || x == s.two_pack[1]); };
  if (c.top == no_card) {
    if (c.bottom != no_card) return &fail::not_in_two_pack;
    return ok;
  }
  if (!drawn(c.top)) return &fail::not_in_two_pack;
  if (c.bottom != no_card && (!drawn(c.bottom) || c.bottom == c.top)) return &fail::not_in_two_pack;
  int cost = 0;
  for (card_id x : {c.top, c.bottom})
    if (x != no_card && kind_of(x) == card_kind::common_field) cost += common_field_cost;
  if (pl(s, p).cash < cost) return &fail::not_enough_cash;
  return ok;
}

void perform(state& s, player_id p, const cmd::keep_two_pack& c) {
  for (card_id x : s.two_pack)
    if (x != no_card && x != c.top && x != c.bottom) {
      s.discard_pile.push_back(x);
      emit(s, ev::card_discarded{p, x, discard_reason::two_pack_unkept});
    }
  s.two_pack = {no_card, no_card};
  s.current_step = step::main;
  if (c.top == no_card) return;
  for (card_id x : {c.top, c.bottom})
    if (x != no_card && kind_of(x) == card_kind::common_field) {
      pl(s, p).cash -= common_field_cost;
      paid(s, p, no_player, common_field_cost, pay_reason::keep_card, x);
    }
  put_in_play(s, p, c.top, c.bottom, card_source::two_pack);
}

check check_command(const state& s, player_id p, const cmd::take_loan&) {
  if (auto e = need_running(s)) return e;
  if (!loan_possible(s, p)) return &fail::loan_limit;
  return ok;
}

void perform(state& s, player_id p, const cmd::take_loan&) {
  auto& ps = pl(s, p);
  ps.cash += loan_cash;
  ++ps.loans;
  paid(s, no_player, p, loan_cash, pay_reason::loan);
}

}  // namespace loyang::engine::detail

namespace loyang::engine {

int two_pack_price(const state& s, player_id player) {
  if (detail::pl(s, player).effects & effect_official) return 0;
  int helpers = 0, stalls = 0;
  for (const auto& pc : detail::pl(s, player).played) {
    helpers += kind_of(pc.card) == card_kind::helper;
    stalls += kind_of(pc.card) == card_kind::market_stall;
  }
  return std::max(helpers, stalls);
}

int storehouse_capacity(const player_state& p) {
  return p.storehouse_upgraded ? storehouse_large : storehouse_small;
}

}  // namespace loyang::engine
