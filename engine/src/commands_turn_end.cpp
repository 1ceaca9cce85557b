// End of an Action phase turn: pending Regular customers, storing vegetables, the Path.
#include "command_rules.hpp"
#include "emit.hpp"

namespace loyang::engine::detail {
namespace {

int pending_penalties(const player_state& ps) {
  int cost = 0;
  for (const auto& pc : ps.played)
    if (kind_of(pc.card) == card_kind::regular && !pc.handled && pc.red) cost += regular_penalty;
  return cost;
}

bool regulars_pending(const player_state& ps) {
  for (const auto& pc : ps.played)
    if (kind_of(pc.card) == card_kind::regular && !pc.handled) return true;
  return false;
}

}  // namespace

check check_command(const state& s, player_id p, const cmd::end_turn&) {
  if (auto e = need_step(s, p, step::main)) return e;
  const auto& ps = pl(s, p);
  if (s.opts.rules == ruleset::yucata) {
    if (regulars_pending(ps)) return &fail::regulars_pending;
  } else if (!payment_ok(s, p, pending_penalties(ps))) {
    return &fail::not_enough_cash;
  }
  return ok;
}

void perform(state& s, player_id p, const cmd::end_turn&) {
  auto& ps = pl(s, p);
  // Original rules: customers not served by the end of the turn are skipped.
  for (auto& pc : ps.played) {
    if (kind_of(pc.card) != card_kind::regular || pc.handled) continue;
    if (pc.red) {
      const int before = ps.cash;
      pay(ps, regular_penalty);
      paid(s, p, no_player, before - ps.cash, pay_reason::penalty, pc.card);
    } else {
      pc.red = true;
      emit(s, ev::marker_turned{p, pc.card, true});
    }
    pc.handled = true;
  }
  s.current_step = step::store;
  settle(s);
}

check check_command(const state& s, player_id p, const cmd::upgrade_storehouse&) {
  // Original: "A Storehouse with a capacity of only 1 vegetable can be upgraded for a cost of 2
  // Cash", with no condition: at the end of the turn also when the cart fits (the advance step).
  // Yucata's site offers it only "if the current capacity of the storehouse is exceeded".
  const bool cart_fits =
      s.opts.rules == ruleset::original && s.opts.edition >= 2 && need_step(s, p, step::advance) == ok;
  if (auto e = need_step(s, p, step::store); e && !cart_fits) return e;
  const auto& ps = pl(s, p);
  if (ps.storehouse_upgraded) return &fail::storehouse_upgraded;
  if (ps.cash < storehouse_upgrade_cost) return &fail::not_enough_cash;
  return ok;
}

void perform(state& s, player_id p, const cmd::upgrade_storehouse&) {
  auto& ps = pl(s, p);
  ps.cash -= storehouse_upgrade_cost;
  paid(s, p, no_player, storehouse_upgrade_cost, pay_reason::storehouse);
  ps.storehouse_upgraded = true;
}

check check_command(const state& s, player_id p, const cmd::discard_veg& c) {
  if (auto e = need_step(s, p, step::store)) return e;
  if (pl(s, p).cart[c.crop] <= 0) return &fail::not_in_cart;
  return ok;
}

void perform(state& s, player_id p, const cmd::discard_veg& c) {
  --pl(s, p).cart[c.crop];
  moved(s, p, ev::veg_place::cart, ev::veg_place::supply, one(c.crop));
}

check check_command(const state& s, player_id p, const cmd::advance& c) {
  if (auto e = need_step(s, p, step::advance)) return e;
  const auto& ps = pl(s, p);
  if (c.steps < 0 || ps.position + c.steps > path_end) return &fail::bad_steps;
  if (ps.cash < path_cost(ps.position, c.steps)) return &fail::not_enough_cash;
  return ok;
}

void perform(state& s, player_id p, const cmd::advance& c) {
  auto& ps = pl(s, p);
  ps.cash -= path_cost(ps.position, c.steps);
  paid(s, p, no_player, path_cost(ps.position, c.steps), pay_reason::path);
  ps.position = static_cast<std::int16_t>(ps.position + c.steps);
  if (c.steps > 0) emit(s, ev::advanced{p, static_cast<std::int16_t>(c.steps), ps.position});
  ps.storehouse = ps.cart;
  moved(s, p, ev::veg_place::cart, ev::veg_place::storehouse, ps.cart);
  ps.cart = {};
  ps.turn_done = true;
  next_action_turn(s);
}

}  // namespace loyang::engine::detail
