// The Helpers' commands. Each Helper is discarded when used; the card under it (if any) is
// revealed at once, and in the original rules the Foreman may take it (settle()).
#include <algorithm>

#include "command_rules.hpp"
#include "emit.hpp"

namespace loyang::engine::detail {
namespace {

check need_helper(const state& s, player_id p, helper_kind h, step st = step::main) {
  if (auto e = need_step(s, p, st)) return e;
  if (find_helper(pl(s, p), h) < 0) return &fail::no_such_helper_kind;
  return ok;
}

void use_helper(state& s, player_id p, helper_kind h) {
  discard_played(s, p, static_cast<std::size_t>(find_helper(pl(s, p), h)), discard_reason::helper_used);
}

/// p's uncovered Helper of kind `h` (it must be there): the card a payment is about.
card_id helper_card(const state& s, player_id p, helper_kind h) {
  return pl(s, p).played[static_cast<std::size_t>(find_helper(pl(s, p), h))].card;
}

bool has_vegs(const veg_counts& cart, const veg_counts& need) {
  for (veg v : all_vegs)
    if (cart[v] < need[v]) return false;
  return true;
}

veg_counts wants_of(card_id c, int times = 1) {
  veg_counts need;
  const auto& info = card(c);
  if (info.kind == card_kind::regular) {
    for (veg v : info.wants) need[v] = static_cast<std::int16_t>(need[v] + times);
  } else {
    for (veg v : info.goods) need[v] = static_cast<std::int16_t>(need[v] + times);
  }
  return need;
}

/// p delivers `need` from his cart (to a customer: back to the supply).
void take_vegs(state& s, player_id p, const veg_counts& need) {
  auto& cart = pl(s, p).cart;
  for (veg v : all_vegs) cart[v] = static_cast<std::int16_t>(cart[v] - need[v]);
  moved(s, p, ev::veg_place::cart, ev::veg_place::supply, need);
}

/// The Market stall `pc` of `owner` gets back every good taken from it (`p` acts).
void refill_stall(state& s, player_id p, player_id owner, played_card& pc) {
  if (collecting(s)) {
    veg_counts missing;
    const auto& goods = card(pc.card).goods;
    for (std::size_t slot = 0; slot < goods.size(); ++slot)
      if (!(pc.stall_left & (1u << slot))) ++missing[goods[slot]];
    moved(s, p, ev::veg_place::supply, ev::veg_place::stall, missing, ev::no_field, owner, pc.card);
  }
  pc.stall_left = 0b111;
}

int uncovered_of_kind(const player_state& ps, card_id c, card_kind k) {
  const int i = find_played(ps, c);
  return i >= 0 && kind_of(c) == k ? i : -1;
}

/// Takes a played card out of an area (no discard); the card under it is revealed there.
played_card take_out_of_area(state& s, player_id owner, card_id c) {
  auto& ps = pl(s, owner);
  const auto i = static_cast<std::size_t>(find_played(ps, c));
  played_card pc = ps.played[i];
  ps.played.erase(ps.played.begin() + static_cast<std::ptrdiff_t>(i));
  if (pc.under != no_card) reveal_under(s, owner, pc.under, pc.card);
  pc.under = no_card;
  pc.round_played = s.round;
  return pc;
}

int casual_modifier_for(const player_state& ps, int extra_casuals) {
  if (ps.effects & effect_saleswoman) return casual_modifier;
  int regulars = 0, casuals = extra_casuals;
  for (const auto& pc : ps.played) {
    regulars += kind_of(pc.card) == card_kind::regular;
    casuals += kind_of(pc.card) == card_kind::casual;
  }
  return casuals < regulars ? casual_modifier : casuals > regulars ? -casual_modifier : 0;
}

/// Merchant: how often the own Regular customers still want `v` this round.
int wanted_this_round(const player_state& ps, veg v) {
  int n = 0;
  for (const auto& pc : ps.played)
    if (kind_of(pc.card) == card_kind::regular && !pc.handled)
      for (veg w : card(pc.card).wants) n += w == v;
  return n;
}

bool in_card_or_action_turn(const state& s, player_id p) {
  return need_step(s, p, step::main) == ok || need_step(s, p, step::distribution) == ok ||
         need_step(s, p, step::offer) == ok;
}

/// The Book-keeper's Card phase turns (edition 1: not after taking with the Squire).
bool in_card_phase_turn(const state& s, player_id p) {
  return need_step(s, p, step::distribution) == ok || need_step(s, p, step::offer) == ok ||
         (s.opts.edition >= 2 && need_step(s, p, step::squire) == ok);
}

}  // namespace

int casual_modifier_now(const player_state& ps) { return casual_modifier_for(ps, 0); }

// --- Book-keeper [2,3] ---

check check_command(const state& s, player_id p, const cmd::use_book_keeper&) {
  if (auto e = need_running(s)) return e;
  const bool card_phase = in_card_phase_turn(s, p);
  if (!card_phase && need_step(s, p, step::main) != ok) return p == s.active ? &fail::wrong_step : &fail::not_your_turn;
  if (find_helper(pl(s, p), helper_kind::book_keeper) < 0) return &fail::no_such_helper_kind;
  // "As well as during the Action phase, the Book-keeper can be used during the Card phase, if
  // he is needed to finance a new Field": a field within reach costs more than the Cash at hand.
  // Edition 1 games allowed him in any own Card phase turn and replay so.
  if (card_phase && s.opts.edition >= 2 && cost_of_fields_within_reach(s, p) <= pl(s, p).cash)
    return &fail::book_keeper_no_field;
  return ok;
}
void perform(state& s, player_id p, const cmd::use_book_keeper&) { interrupt(s, p, step::book_keeper); }

check check_command(const state& s, player_id p, const cmd::shop_add& c) {
  if (auto e = need_step(s, p, step::book_keeper)) return e;
  return pl(s, p).shop[c.crop] < shop_spaces(c.crop) ? ok : &fail::shop_space;
}
void perform(state& s, player_id p, const cmd::shop_add& c) {
  ++pl(s, p).shop[c.crop];
  moved(s, p, ev::veg_place::supply, ev::veg_place::shop, one(c.crop));
}

check check_command(const state& s, player_id p, const cmd::shop_remove& c) {
  if (auto e = need_step(s, p, step::book_keeper)) return e;
  return pl(s, p).shop[c.crop] > 0 ? ok : &fail::shop_space;
}
void perform(state& s, player_id p, const cmd::shop_remove& c) {
  --pl(s, p).shop[c.crop];
  moved(s, p, ev::veg_place::shop, ev::veg_place::supply, one(c.crop));
}

namespace {
int fields_with(const player_state& ps, veg v) {
  return static_cast<int>(std::count_if(ps.fields.begin(), ps.fields.end(),
                                        [v](const field& f) { return f.count > 0 && f.crop == v; }));
}
}  // namespace

check check_command(const state& s, player_id p, const cmd::book_keeper_done& c) {
  if (auto e = need_step(s, p, step::book_keeper)) return e;
  if (s.opts.rules == ruleset::yucata) {
    // Yucata picks the vegetable that pays most (the first in vegetable order on a tie).
    veg best = veg::wheat;
    for (veg v : all_vegs)
      if (fields_with(pl(s, p), v) > fields_with(pl(s, p), best)) best = v;
    if (c.crop != best) return &fail::no_book_keeper_best;
  }
  return ok;
}
void perform(state& s, player_id p, const cmd::book_keeper_done& c) {
  pl(s, p).cash += fields_with(pl(s, p), c.crop);
  paid(s, no_player, p, fields_with(pl(s, p), c.crop), pay_reason::helper, helper_card(s, p, helper_kind::book_keeper));
  use_helper(s, p, helper_kind::book_keeper);
  resume(s);
}

// --- Con man [3] ---

check check_command(const state& s, player_id p, const cmd::con_man& c) {
  if (auto e = need_helper(s, p, helper_kind::con_man)) return e;
  if (p == s.starting) return &fail::starting_player_con_man;
  if (!may_affect(s, p, c.owner)) return &fail::not_other_player;
  if (!pl(s, c.owner).turn_done) return &fail::not_finished_yet;
  if (uncovered_of_kind(pl(s, c.owner), c.card, card_kind::helper) < 0) return &fail::no_such_helper;
  return ok;
}
void perform(state& s, player_id p, const cmd::con_man& c) {
  const card_id con = pl(s, p).played[static_cast<std::size_t>(find_helper(pl(s, p), helper_kind::con_man))].card;
  played_card mine = take_out_of_area(s, p, con);
  played_card theirs = take_out_of_area(s, c.owner, c.card);
  pl(s, c.owner).played.push_back(mine);  // the Con man stays in the game
  pl(s, p).played.push_back(theirs);
  emit(s, ev::card_moved{p, c.owner, mine.card});
  emit(s, ev::card_moved{c.owner, p, theirs.card});
}

// --- Deliveryman [3] ---

check check_command(const state& s, player_id p, const cmd::deliveryman& c) {
  if (auto e = need_helper(s, p, helper_kind::deliveryman)) return e;
  if (!may_affect(s, p, c.owner)) return &fail::not_other_player;
  if (uncovered_of_kind(pl(s, c.owner), c.customer, card_kind::regular) < 0) return &fail::no_such_customer;
  if (!has_vegs(pl(s, p).cart, wants_of(c.customer))) return &fail::not_in_cart;
  return ok;
}
void perform(state& s, player_id p, const cmd::deliveryman& c) {
  auto& owner = pl(s, c.owner);
  const auto i = static_cast<std::size_t>(find_played(owner, c.customer));
  auto& pc = owner.played[i];
  const int proceeds = card(c.customer).pays[pc.deliveries];
  take_vegs(s, p, wants_of(c.customer));
  ++pc.deliveries;  // the owner must still deliver this round
  paid(s, no_player, p, proceeds, pay_reason::customer, c.customer);
  if (pc.deliveries == 4) {
    pl(s, p).cash += proceeds - 2;
    owner.cash += 2;
    paid(s, p, c.owner, 2, pay_reason::helper, helper_card(s, p, helper_kind::deliveryman));
    discard_played(s, c.owner, i, discard_reason::customer_done);
  } else {
    pl(s, p).cash += proceeds;
  }
  use_helper(s, p, helper_kind::deliveryman);
}

// --- Foreman (original rules) ---

check check_command(const state& s, player_id p, const cmd::foreman_take&) {
  return need_step(s, p, step::foreman);
}
void perform(state& s, player_id p, const cmd::foreman_take&) {
  const card_id h = s.foreman_offer;
  s.foreman_offer = no_card;
  s.discard_pile.erase(std::find(s.discard_pile.begin(), s.discard_pile.end(), h));
  emit(s, ev::foreman_took{p, s.discarded_by, h});
  put_in_play(s, p, h, no_card, card_source::discard_pile);
  pl(s, p).played.back().round_played = 0;  // usable at once (Squire, Harvest helper)
  if (s.current_phase == phase::harvest && card(h).helper == helper_kind::harvest_helper)
    s.harvest_queue.insert(s.harvest_queue.begin(), &p, &p + 1);
  use_helper(s, p, helper_kind::foreman);
  s.helper_discarded = no_card;  // the Foreman himself is not taken back
  resume(s);
}
check check_command(const state& s, player_id p, const cmd::foreman_pass&) {
  return need_step(s, p, step::foreman);
}
void perform(state& s, player_id, const cmd::foreman_pass&) {
  s.foreman_offer = no_card;
  resume(s);
}

// --- Haggler, Shopper, Merchant [3] ---

check check_command(const state& s, player_id p, const cmd::haggler& c) {
  if (auto e = need_helper(s, p, helper_kind::haggler)) return e;
  if (pl(s, p).shop[c.crop] < 2) return &fail::not_in_shop;
  if (pl(s, p).cash < buy_price(c.crop)) return &fail::not_enough_cash;
  return ok;
}
void perform(state& s, player_id p, const cmd::haggler& c) {
  auto& ps = pl(s, p);
  ps.shop[c.crop] = static_cast<std::int16_t>(ps.shop[c.crop] - 2);
  ps.cart[c.crop] = static_cast<std::int16_t>(ps.cart[c.crop] + 2);
  moved(s, p, ev::veg_place::shop, ev::veg_place::cart, one(c.crop, 2));
  ps.cash -= buy_price(c.crop);
  paid(s, p, no_player, buy_price(c.crop), pay_reason::helper, helper_card(s, p, helper_kind::haggler));
  use_helper(s, p, helper_kind::haggler);
}

check check_command(const state& s, player_id p, const cmd::shopper& c) {
  if (auto e = need_helper(s, p, helper_kind::shopper)) return e;
  if (c.with_haggler && find_helper(pl(s, p), helper_kind::haggler) < 0) return &fail::no_such_helper_kind;
  if (pl(s, p).cash < buy_price(c.crop) - 2) return &fail::not_enough_cash;
  return ok;
}
void perform(state& s, player_id p, const cmd::shopper& c) {
  auto& ps = pl(s, p);
  ps.cart[c.crop] = static_cast<std::int16_t>(ps.cart[c.crop] + (c.with_haggler ? 2 : 1));
  moved(s, p, ev::veg_place::supply, ev::veg_place::cart, one(c.crop, c.with_haggler ? 2 : 1));
  ps.cash -= buy_price(c.crop) - 2;
  paid(s, p, no_player, buy_price(c.crop) - 2, pay_reason::helper, helper_card(s, p, helper_kind::shopper));
  use_helper(s, p, helper_kind::shopper);
  if (c.with_haggler) use_helper(s, p, helper_kind::haggler);
}

check check_command(const state& s, player_id p, const cmd::merchant& c) {
  if (auto e = need_helper(s, p, helper_kind::merchant)) return e;
  const auto& ps = pl(s, p);
  if (c.crops == 0 || c.crops >= (1u << veg_types) || (c.haggler && c.shopper)) return &fail::merchant_choice;
  const auto chosen = [&](veg v) { return (c.crops >> static_cast<int>(v)) & 1u; };
  if ((c.haggler && !chosen(*c.haggler)) || (c.shopper && !chosen(*c.shopper))) return &fail::merchant_choice;
  if (c.haggler && find_helper(ps, helper_kind::haggler) < 0) return &fail::no_such_helper_kind;
  if (c.shopper && find_helper(ps, helper_kind::shopper) < 0) return &fail::no_such_helper_kind;
  int cost = 0;
  for (veg v : all_vegs) {
    if (!chosen(v)) continue;
    if (wanted_this_round(ps, v) < 2) return &fail::not_wanted_twice;
    // With the Shopper: from the supply for nothing, but only a vegetable the Merchant could
    // buy from the shop.
    if (ps.shop[v] < 1) return &fail::not_in_shop;
    if (c.shopper == v) continue;
    if (ps.shop[v] < (c.haggler == v ? 2 : 1)) return &fail::not_in_shop;
    ++cost;
  }
  if (ps.cash < cost) return &fail::not_enough_cash;
  return ok;
}
void perform(state& s, player_id p, const cmd::merchant& c) {
  auto& ps = pl(s, p);
  const int before = ps.cash;
  for (veg v : all_vegs) {
    if (!((c.crops >> static_cast<int>(v)) & 1u)) continue;
    if (c.shopper == v) {
      ++ps.cart[v];
      moved(s, p, ev::veg_place::supply, ev::veg_place::cart, one(v));
      continue;
    }
    const int n = c.haggler == v ? 2 : 1;
    ps.shop[v] = static_cast<std::int16_t>(ps.shop[v] - n);
    ps.cart[v] = static_cast<std::int16_t>(ps.cart[v] + n);
    moved(s, p, ev::veg_place::shop, ev::veg_place::cart, one(v, n));
    ps.cash -= 1;
  }
  paid(s, p, no_player, before - ps.cash, pay_reason::helper, helper_card(s, p, helper_kind::merchant));
  use_helper(s, p, helper_kind::merchant);
  if (c.haggler) use_helper(s, p, helper_kind::haggler);
  if (c.shopper) use_helper(s, p, helper_kind::shopper);
}

// --- Harvest helper [1] ---

check check_command(const state& s, player_id p, const cmd::harvest_helper& c) {
  if (auto e = need_helper(s, p, helper_kind::harvest_helper, step::harvest_helper)) return e;
  const auto allowed = harvest_helper_fields(pl(s, p));
  if (c.fields == 0 || (c.fields & ~allowed) != 0) return &fail::no_fields_chosen;
  return ok;
}
void perform(state& s, player_id p, const cmd::harvest_helper& c) {
  auto& ps = pl(s, p);
  for (auto& f : ps.fields)
    if ((c.fields >> f.id) & 1u) {
      --f.count;  // at least 2 stay
      ++ps.cart[f.crop];
      emit(s, ev::harvested{p, f.id, f.crop, 1, f.count, p});
    }
  use_helper(s, p, helper_kind::harvest_helper);
}

check check_command(const state& s, player_id p, const cmd::skip_harvest_helper&) {
  return need_step(s, p, step::harvest_helper);
}
void perform(state& s, player_id, const cmd::skip_harvest_helper&) {
  s.harvest_queue.erase(s.harvest_queue.begin());
  next_harvest_helper(s);
}

// --- Effects for this Action phase: Maid, Official, Messenger-boy, Saleswoman, Harvest helper ---

namespace {
std::uint8_t effect_of(helper_kind h) {
  switch (h) {
    case helper_kind::maid: return effect_maid;
    case helper_kind::official: return effect_official;
    case helper_kind::messenger_boy: return effect_messenger;
    case helper_kind::saleswoman: return effect_saleswoman;
    case helper_kind::harvest_helper: return effect_harvest_sow;
    default: return 0;
  }
}
}  // namespace

check check_command(const state& s, player_id p, const cmd::activate_helper& c) {
  if (auto e = need_step(s, p, step::main)) return e;
  if (uncovered_of_kind(pl(s, p), c.card, card_kind::helper) < 0) return &fail::no_such_helper;
  const auto bit = effect_of(card(c.card).helper);
  if (bit == 0) return &fail::not_activatable;
  if (pl(s, p).effects & (bit == effect_harvest_sow ? effect_harvest_sow_twice : bit)) return &fail::already_active;
  return ok;
}
void perform(state& s, player_id p, const cmd::activate_helper& c) {
  auto bit = effect_of(card(c.card).helper);
  if (bit == effect_harvest_sow && (pl(s, p).effects & bit)) bit = effect_harvest_sow_twice;
  pl(s, p).effects = static_cast<std::uint8_t>(pl(s, p).effects | bit);
  discard_played(s, p, static_cast<std::size_t>(find_played(pl(s, p), c.card)), discard_reason::helper_used);
}

// "The player can activate Option 1 for the current Action phase without using it
// immediately: he may take other actions before using the Saleswoman."
check check_command(const state& s, player_id p, const cmd::saleswoman_blue&) {
  if (auto e = need_step(s, p, step::main)) return e;
  if (pl(s, p).effects & effect_saleswoman_blue) return ok;
  return need_helper(s, p, helper_kind::saleswoman);
}
void perform(state& s, player_id p, const cmd::saleswoman_blue&) {
  auto& ps = pl(s, p);
  for (auto& pc : ps.played)
    if (kind_of(pc.card) == card_kind::regular && pc.red) {
      pc.red = false;
      emit(s, ev::marker_turned{p, pc.card, false});
    }
  if (ps.effects & effect_saleswoman_blue) {
    ps.effects = static_cast<std::uint8_t>(ps.effects & ~effect_saleswoman_blue);
  } else {
    use_helper(s, p, helper_kind::saleswoman);
  }
}

check check_command(const state& s, player_id p, const cmd::activate_saleswoman_blue&) {
  if (auto e = need_helper(s, p, helper_kind::saleswoman)) return e;
  if (s.opts.edition < 2) return &fail::older_edition;
  if (pl(s, p).effects & effect_saleswoman_blue) return &fail::saleswoman_active;
  return ok;
}
void perform(state& s, player_id p, const cmd::activate_saleswoman_blue&) {
  pl(s, p).effects = static_cast<std::uint8_t>(pl(s, p).effects | effect_saleswoman_blue);
  use_helper(s, p, helper_kind::saleswoman);
}

// --- Market crier [3] / [2,3] ---

check check_command(const state& s, player_id p, const cmd::market_crier_refill&) {
  if (auto e = need_helper(s, p, helper_kind::market_crier)) return e;
  for (const auto& pc : pl(s, p).played)
    if (kind_of(pc.card) == card_kind::market_stall) return ok;
  return &fail::nothing_to_refill;
}
void perform(state& s, player_id p, const cmd::market_crier_refill&) {
  for (auto& pc : pl(s, p).played)
    if (kind_of(pc.card) == card_kind::market_stall) refill_stall(s, p, p, pc);
  use_helper(s, p, helper_kind::market_crier);
}

check check_command(const state& s, player_id p, const cmd::market_crier_sell& c) {
  if (auto e = need_running(s)) return e;
  if (!in_card_or_action_turn(s, p)) return p == s.active ? &fail::wrong_step : &fail::not_your_turn;
  const auto& ps = pl(s, p);
  if (find_helper(ps, helper_kind::market_crier) < 0) return &fail::no_such_helper_kind;
  // The Helper Reference marks him [3]; Yucata also lets him sell in the Card phase.
  if (s.opts.rules == ruleset::original && s.current_phase != phase::action) return &fail::crier_action_phase;
  if (c.count < 1 || c.count > 3) return &fail::crier_choice;
  // Slots past `count` stay empty: one sale, one command (as legal_commands lists it).
  for (std::size_t i = c.count; i < c.goods.size(); ++i)
    if (c.goods[i] != std::pair<card_id, veg>{}) return &fail::crier_choice;
  veg_counts selling;
  for (int i = 0; i < c.count; ++i) {
    const auto [stall, v] = c.goods[static_cast<std::size_t>(i)];
    if (i > 0 && !(c.goods[static_cast<std::size_t>(i - 1)] < c.goods[static_cast<std::size_t>(i)]))
      return &fail::crier_choice;  // distinct, in canonical order
    const int at = uncovered_of_kind(ps, stall, card_kind::market_stall);
    if (at < 0) return &fail::crier_choice;
    const auto& goods = card(stall).goods;
    const auto slot = std::find(goods.begin(), goods.end(), v) - goods.begin();
    if (slot == 3 || !(ps.played[static_cast<std::size_t>(at)].stall_left & (1u << slot))) return &fail::crier_choice;
    ++selling[v];
  }
  for (veg v : all_vegs)
    if (ps.shop[v] + selling[v] > shop_spaces(v)) return &fail::shop_full;
  return ok;
}
void perform(state& s, player_id p, const cmd::market_crier_sell& c) {
  auto& ps = pl(s, p);
  int earned = 0;
  for (int i = 0; i < c.count; ++i) {
    const auto [stall, v] = c.goods[static_cast<std::size_t>(i)];
    auto& pc = ps.played[static_cast<std::size_t>(find_played(ps, stall))];
    const auto& goods = card(stall).goods;
    const auto slot = std::find(goods.begin(), goods.end(), v) - goods.begin();
    pc.stall_left = static_cast<std::uint8_t>(pc.stall_left & ~(1u << slot));
    ++ps.shop[v];
    moved(s, p, ev::veg_place::stall, ev::veg_place::shop, one(v), ev::no_field, p, stall);
    earned += sell_price(v);
  }
  ps.cash += std::min(earned, 3);
  paid(s, no_player, p, std::min(earned, 3), pay_reason::helper, helper_card(s, p, helper_kind::market_crier));
  // Emptied stalls go to the discard pile (after all goods were taken).
  for (std::size_t i = ps.played.size(); i-- > 0;)
    if (kind_of(ps.played[i].card) == card_kind::market_stall && ps.played[i].stall_left == 0)
      discard_played(s, p, i, discard_reason::stall_emptied);
  use_helper(s, p, helper_kind::market_crier);
}

// --- Market woman [3] ---

check check_command(const state& s, player_id p, const cmd::market_woman& c) {
  if (auto e = need_helper(s, p, helper_kind::market_woman)) return e;
  if (!may_affect(s, p, c.owner)) return &fail::not_other_player;
  if (uncovered_of_kind(pl(s, p), c.mine, card_kind::market_stall) < 0) return &fail::no_such_stall;
  if (uncovered_of_kind(pl(s, c.owner), c.theirs, card_kind::market_stall) < 0) return &fail::no_such_stall;
  return ok;
}
void perform(state& s, player_id p, const cmd::market_woman& c) {
  played_card mine = take_out_of_area(s, p, c.mine);
  played_card theirs = take_out_of_area(s, c.owner, c.theirs);
  pl(s, c.owner).played.push_back(mine);
  pl(s, p).played.push_back(theirs);
  emit(s, ev::card_moved{p, c.owner, mine.card});
  emit(s, ev::card_moved{c.owner, p, theirs.card});
  // Both move with what is left on them, and are refilled in their new places.
  refill_stall(s, p, c.owner, pl(s, c.owner).played.back());
  refill_stall(s, p, p, pl(s, p).played.back());
  use_helper(s, p, helper_kind::market_woman);
}

// --- Messenger-boy [3] ---

check check_command(const state& s, player_id p, const cmd::serve_regular_twice& c) {
  if (auto e = need_step(s, p, step::main)) return e;
  const auto& ps = pl(s, p);
  if (!(ps.effects & effect_messenger)) return &fail::messenger_inactive;
  const int i = uncovered_of_kind(ps, c.card, card_kind::regular);
  if (i < 0) return &fail::no_such_customer;
  if (ps.played[static_cast<std::size_t>(i)].handled) return &fail::customer_handled;
  if (!has_vegs(ps.cart, wants_of(c.card, 2))) return &fail::not_in_cart;
  return ok;
}
void perform(state& s, player_id p, const cmd::serve_regular_twice& c) {
  auto& ps = pl(s, p);
  const auto i = static_cast<std::size_t>(find_played(ps, c.card));
  take_vegs(s, p, wants_of(c.card, 2));
  auto& pc = ps.played[i];
  ps.cash += 2 * card(c.card).pays[pc.deliveries];  // two deliveries on one row
  paid(s, no_player, p, 2 * card(c.card).pays[pc.deliveries], pay_reason::customer, c.card);
  ++pc.deliveries;
  pc.handled = true;
  pc.served = 2;
  if (pc.deliveries == 4) discard_played(s, p, i, discard_reason::customer_done);
}

// --- Plough-man [3] ---

check check_command(const state& s, player_id p, const cmd::plough_clear& c) {
  if (auto e = need_helper(s, p, helper_kind::plough_man)) return e;
  const auto& ps = pl(s, p);
  const auto f = std::find_if(ps.fields.begin(), ps.fields.end(), [&](const field& x) { return x.id == c.field; });
  if (f == ps.fields.end() || c.field == home_field) return &fail::no_such_field;
  if (f->count < 2) return &fail::field_too_small;
  return ok;
}
void perform(state& s, player_id p, const cmd::plough_clear& c) {
  auto& ps = pl(s, p);
  auto& f = *std::find_if(ps.fields.begin(), ps.fields.end(), [&](const field& x) { return x.id == c.field; });
  moved(s, p, ev::veg_place::field, ev::veg_place::supply, one(f.crop, f.count), c.field);
  f.count = 0;
  use_helper(s, p, helper_kind::plough_man);
}

check check_command(const state& s, player_id p, const cmd::plough_harvest&) {
  if (auto e = need_helper(s, p, helper_kind::plough_man)) return e;
  const auto& ps = pl(s, p);
  if (std::none_of(ps.fields.begin(), ps.fields.end(), [](const field& f) { return f.id != home_field && f.count == 1; }))
    return &fail::field_too_small;
  return ok;
}
void perform(state& s, player_id p, const cmd::plough_harvest&) {
  auto& ps = pl(s, p);
  for (std::size_t i = ps.fields.size(); i-- > 0;) {
    const field f = ps.fields[i];
    if (f.id == home_field || f.count != 1) continue;
    ++ps.cart[f.crop];
    emit(s, ev::harvested{p, f.id, f.crop, 1, 0, p});
    ps.fields.erase(ps.fields.begin() + static_cast<std::ptrdiff_t>(i));
    emit(s, ev::field_emptied{p, f.id, is_common_field(f.id)});
    if (is_common_field(f.id)) {
      s.discard_pile.push_back(card_of_common_field(f.id));
      emit(s, ev::card_discarded{p, card_of_common_field(f.id), discard_reason::field_emptied});
      if (f.under != no_card) reveal_under(s, p, f.under, card_of_common_field(f.id));
    }
  }
  use_helper(s, p, helper_kind::plough_man);
}

// --- Subsistence farmer [3] ---

check check_command(const state& s, player_id p, const cmd::subsistence_farmer& c) {
  if (auto e = need_helper(s, p, helper_kind::subsistence_farmer)) return e;
  if (!may_affect(s, p, c.owner)) return &fail::not_other_player;
  const auto& fs = pl(s, c.owner).fields;
  const auto f = std::find_if(fs.begin(), fs.end(), [&](const field& x) { return x.id == c.field; });
  if (f == fs.end() || c.field == home_field) return &fail::no_such_field;
  if (f->count < 4) return &fail::field_too_small;
  if (pl(s, p).cash < 1) return &fail::not_enough_cash;
  return ok;
}
void perform(state& s, player_id p, const cmd::subsistence_farmer& c) {
  auto& fs = pl(s, c.owner).fields;
  auto f = std::find_if(fs.begin(), fs.end(), [&](const field& x) { return x.id == c.field; });
  --f->count;
  ++pl(s, p).cart[f->crop];
  emit(s, ev::harvested{c.owner, f->id, f->crop, 1, f->count, p});
  pl(s, p).cash -= 1;
  pl(s, c.owner).cash += 1;
  paid(s, p, c.owner, 1, pay_reason::helper, helper_card(s, p, helper_kind::subsistence_farmer));
  use_helper(s, p, helper_kind::subsistence_farmer);
}

// --- Tenant-farmer [3] ---

check check_command(const state& s, player_id p, const cmd::tenant_buy_field& c) {
  if (auto e = need_helper(s, p, helper_kind::tenant_farmer)) return e;
  const auto& pile = pl(s, p).field_pile;
  if (std::find(pile.begin(), pile.end(), c.field) == pile.end()) return &fail::not_in_field_pile;
  if (pl(s, p).cash < 3) return &fail::not_enough_cash;
  return ok;
}
void perform(state& s, player_id p, const cmd::tenant_buy_field& c) {
  auto& ps = pl(s, p);
  ps.field_pile.erase(std::find(ps.field_pile.begin(), ps.field_pile.end(), c.field));
  ps.fields.push_back(field{c.field, veg::wheat, 0, no_card});
  emit(s, ev::field_turned{p, c.field});
  ps.cash -= 3;
  paid(s, p, no_player, 3, pay_reason::helper, helper_card(s, p, helper_kind::tenant_farmer));
  use_helper(s, p, helper_kind::tenant_farmer);
}

check check_command(const state& s, player_id p, const cmd::tenant_swap_field& c) {
  if (auto e = need_helper(s, p, helper_kind::tenant_farmer)) return e;
  const auto& ps = pl(s, p);
  if (std::find(ps.field_pile.begin(), ps.field_pile.end(), c.take) == ps.field_pile.end())
    return &fail::not_in_field_pile;
  const auto f = std::find_if(ps.fields.begin(), ps.fields.end(), [&](const field& x) { return x.id == c.put; });
  if (f == ps.fields.end() || c.put == home_field) return &fail::no_such_field;
  if (f->count != 0) return &fail::field_sown;
  return ok;
}
void perform(state& s, player_id p, const cmd::tenant_swap_field& c) {
  auto& ps = pl(s, p);
  const auto f = std::find_if(ps.fields.begin(), ps.fields.end(), [&](const field& x) { return x.id == c.put; });
  const card_id under = f->under;
  ps.fields.erase(f);
  ps.field_pile.erase(std::find(ps.field_pile.begin(), ps.field_pile.end(), c.take));
  ps.field_pile.insert(ps.field_pile.begin(), &c.put, &c.put + 1);  // front() is the bottom
  emit(s, ev::field_returned{p, c.put});
  ps.fields.push_back(field{c.take, veg::wheat, 0, no_card});
  emit(s, ev::field_turned{p, c.take});
  if (under != no_card) reveal_under(s, p, under, is_common_field(c.put) ? card_of_common_field(c.put) : no_card);
  use_helper(s, p, helper_kind::tenant_farmer);
}

// --- Tout [3] ---

check check_command(const state& s, player_id p, const cmd::tout_swap& c) {
  if (auto e = need_helper(s, p, helper_kind::tout)) return e;
  if (!may_affect(s, p, c.owner)) return &fail::not_other_player;
  if (uncovered_of_kind(pl(s, p), c.mine, card_kind::casual) < 0) return &fail::no_such_customer;
  if (uncovered_of_kind(pl(s, c.owner), c.theirs, card_kind::casual) < 0) return &fail::no_such_customer;
  return ok;
}
void perform(state& s, player_id p, const cmd::tout_swap& c) {
  played_card mine = take_out_of_area(s, p, c.mine);
  played_card theirs = take_out_of_area(s, c.owner, c.theirs);
  pl(s, c.owner).played.push_back(mine);
  pl(s, p).played.push_back(theirs);
  emit(s, ev::card_moved{p, c.owner, mine.card});
  emit(s, ev::card_moved{c.owner, p, theirs.card});
  use_helper(s, p, helper_kind::tout);
}

check check_command(const state& s, player_id p, const cmd::tout_buy& c) {
  if (auto e = need_helper(s, p, helper_kind::tout)) return e;
  if (!may_affect(s, p, c.owner)) return &fail::not_other_player;
  if (uncovered_of_kind(pl(s, c.owner), c.customer, card_kind::casual) < 0) return &fail::no_such_customer;
  if (!has_vegs(pl(s, p).cart, wants_of(c.customer))) return &fail::not_in_cart;
  return ok;
}
void perform(state& s, player_id p, const cmd::tout_buy& c) {
  // The modifier counts the bought customer as the player's own; a card under the Tout is
  // revealed only after, when the Tout is discarded.
  const int modifier = casual_modifier_for(pl(s, p), 1);
  take_out_of_area(s, c.owner, c.customer);
  take_vegs(s, p, wants_of(c.customer));
  pl(s, p).cash += card(c.customer).pays[0] + modifier - 2;
  pl(s, c.owner).cash += 2;
  paid(s, no_player, p, card(c.customer).pays[0] + modifier, pay_reason::customer, c.customer);
  paid(s, p, c.owner, 2, pay_reason::helper, helper_card(s, p, helper_kind::tout));
  s.discard_pile.push_back(c.customer);
  emit(s, ev::card_discarded{p, c.customer, discard_reason::casual_served});
  use_helper(s, p, helper_kind::tout);
}

// --- Trader [3] ---

check check_command(const state& s, player_id p, const cmd::trader& c) {
  if (auto e = need_step(s, p, step::main)) return e;
  const auto& ps = pl(s, p);
  if (c.card >= action_card_count || card(c.card).helper != helper_kind::trader ||
      uncovered_of_kind(ps, c.card, card_kind::helper) < 0)
    return &fail::no_such_helper;
  if (!may_affect(s, p, c.owner)) return &fail::not_other_player;
  const auto& owner = pl(s, c.owner);
  const int i = uncovered_of_kind(owner, c.stall, card_kind::market_stall);
  if (i < 0) return &fail::no_such_stall;
  const auto& info = card(c.stall);
  const auto slot = std::find(info.goods.begin(), info.goods.end(), c.get) - info.goods.begin();
  if (slot == 3 || !(owner.played[static_cast<std::size_t>(i)].stall_left & (1u << slot))) return &fail::good_not_on_stall;
  const int cost = (ps.effects & effect_maid) ? 1 : info.costs[static_cast<std::size_t>(slot)];
  if ((cost == 2) != c.give2.has_value()) return &fail::wrong_give_count;
  veg_counts need;
  ++need[c.give1];
  if (c.give2) {
    if (*c.give2 < c.give1) return &fail::give_order;
    ++need[*c.give2];
  }
  if (!has_vegs(ps.cart, need)) return &fail::not_in_cart;
  const int fee = s.round == 8 ? 1 : s.round == 9 ? 2 : 0;
  if (ps.cash < fee) return &fail::not_enough_cash;
  return ok;
}
void perform(state& s, player_id p, const cmd::trader& c) {
  auto& ps = pl(s, p);
  --ps.cart[c.give1];
  if (c.give2) --ps.cart[*c.give2];
  ++ps.cart[c.get];
  if (collecting(s)) {
    veg_counts given = one(c.give1);
    if (c.give2) ++given[*c.give2];
    moved(s, p, ev::veg_place::cart, ev::veg_place::supply, given);
    moved(s, p, ev::veg_place::stall, ev::veg_place::cart, one(c.get), ev::no_field, c.owner, c.stall);
  }
  const int fee = s.round == 8 ? 1 : s.round == 9 ? 2 : 0;
  ps.cash -= fee;
  pl(s, c.owner).cash += fee;
  paid(s, p, c.owner, fee, pay_reason::helper, c.card);
  auto& owner = pl(s, c.owner);
  const auto i = static_cast<std::size_t>(find_played(owner, c.stall));
  const auto& goods = card(c.stall).goods;
  const auto slot = std::find(goods.begin(), goods.end(), c.get) - goods.begin();
  owner.played[i].stall_left = static_cast<std::uint8_t>(owner.played[i].stall_left & ~(1u << slot));
  if (owner.played[i].stall_left == 0) discard_played(s, c.owner, i, discard_reason::stall_emptied);
  discard_played(s, p, static_cast<std::size_t>(find_played(ps, c.card)), discard_reason::helper_used);
}

}  // namespace loyang::engine::detail
