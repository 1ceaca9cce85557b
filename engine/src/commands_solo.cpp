// The solo game's commands: buying from the Offer in the Card phase, and the solo texts of the
// Con man and the Subsistence farmer.
#include <algorithm>
#include <functional>
#include <vector>

#include "command_rules.hpp"
#include "emit.hpp"

namespace loyang::engine::detail {
namespace {

int offer_slot(const state& s, card_id c) {
  if (c == no_card) return -1;
  const auto it = std::find(s.offer.begin(), s.offer.end(), c);
  return it == s.offer.end() ? -1 : static_cast<int>(it - s.offer.begin());
}

/// Row 1 free, row 2 1 Cash, rows 3 and 4 2 Cash; a common field adds its own 2 Cash.
int offer_price(card_id c, int slot) {
  const int row = slot / offer_columns;
  const int price = row == 0 ? 0 : row == 1 ? 1 : 2;
  return price + (kind_of(c) == card_kind::common_field ? common_field_cost : 0);
}

/// Index of p's Squire if it may be used in this Card phase (not played this round), or -1.
int usable_squire(const state& s, player_id p) {
  const auto& ps = pl(s, p);
  const int i = find_helper(ps, helper_kind::squire);
  return i >= 0 && ps.played[static_cast<std::size_t>(i)].round_played != s.round ? i : -1;
}

/// Two cards; the Squire, used for the third, allows a third and a fourth.
bool may_buy_more(const state& s, player_id p) {
  return s.offer_bought < 2 || s.squire_left > 0 || (s.offer_bought == 2 && usable_squire(s, p) >= 0);
}

check need_solo_helper(const state& s, player_id p, helper_kind h) {
  if (auto e = need_step(s, p, step::main)) return e;
  if (!is_solo(s)) return &fail::solo_only;
  if (find_helper(pl(s, p), h) < 0) return &fail::no_such_helper_kind;
  return ok;
}

}  // namespace

int solo_cost_of_fields_within_reach(const state& s, player_id p) {
  // Buys left: two, and with a usable Squire two more.
  int left = std::max(0, 2 - s.offer_bought);
  if (s.squire_left > 0) {
    left += s.squire_left;
  } else if (s.offer_bought <= 2 && usable_squire(s, p) >= 0) {
    left += 2;
  }
  std::vector<int> prices;
  for (std::size_t slot = 0; slot < s.offer.size(); ++slot)
    if (s.offer[slot] != no_card && kind_of(s.offer[slot]) == card_kind::common_field)
      prices.push_back(offer_price(s.offer[slot], static_cast<int>(slot)));
  std::sort(prices.begin(), prices.end(), std::greater<>());
  int cost = 0;
  for (std::size_t i = 0; i < prices.size() && static_cast<int>(i) < left; ++i) cost += prices[i];
  return cost;
}

check check_command(const state& s, player_id p, const cmd::buy_from_offer& c) {
  if (auto e = need_step(s, p, step::offer)) return e;
  const int slot = offer_slot(s, c.card);
  if (slot < 0) return &fail::not_in_offer;
  if (!may_buy_more(s, p))
    return s.offer_bought == 2 && squire_played_this_round(s, p) ? &fail::squire_just_played : &fail::offer_limit;
  if (pl(s, p).cash < offer_price(c.card, slot)) return &fail::not_enough_cash;
  return ok;
}

void perform(state& s, player_id p, const cmd::buy_from_offer& c) {
  const int slot = offer_slot(s, c.card);
  pl(s, p).cash -= offer_price(c.card, slot);
  paid(s, p, no_player, offer_price(c.card, slot), pay_reason::offer, c.card);
  s.offer[static_cast<std::size_t>(slot)] = no_card;
  if (s.offer_bought >= 2) {
    // The third card uses the Squire up; the Foreman may take him back (settle), but he
    // cannot buy more than 4 in one Card phase.
    if (s.squire_left == 0) {
      discard_played(s, p, static_cast<std::size_t>(usable_squire(s, p)), discard_reason::helper_used);
      s.squire_left = 2;
    }
    --s.squire_left;
  }
  ++s.offer_bought;
  put_in_play(s, p, c.card, no_card, card_source::offer);
}

check check_command(const state& s, player_id p, const cmd::finish_offer&) {
  return need_step(s, p, step::offer);
}

void perform(state& s, player_id, const cmd::finish_offer&) { end_solo_card_phase(s); }

check check_command(const state& s, player_id p, const cmd::con_man_offer& c) {
  if (auto e = need_solo_helper(s, p, helper_kind::con_man)) return e;
  if (offer_slot(s, c.card) < 0 || kind_of(c.card) != card_kind::helper) return &fail::no_helper_in_offer;
  return ok;
}

void perform(state& s, player_id p, const cmd::con_man_offer& c) {
  auto& ps = pl(s, p);
  const auto i = static_cast<std::size_t>(find_helper(ps, helper_kind::con_man));
  const played_card con = ps.played[i];
  ps.played.erase(ps.played.begin() + static_cast<std::ptrdiff_t>(i));
  // The Con man takes the Helper's place in the Offer (he stays in the game); a card under him
  // is revealed.
  s.offer[static_cast<std::size_t>(offer_slot(s, c.card))] = con.card;
  emit(s, ev::card_moved{p, no_player, con.card});
  if (con.under != no_card) reveal_under(s, p, con.under, con.card);
  put_in_play(s, p, c.card, no_card, card_source::offer);
}

check check_command(const state& s, player_id p, const cmd::subsistence_farmer_supply& c) {
  if (auto e = need_solo_helper(s, p, helper_kind::subsistence_farmer)) return e;
  if (!field_allows(home_field, c.crop)) return &fail::subsistence_crop;
  if (pl(s, p).cash < 1) return &fail::not_enough_cash;
  return ok;
}

void perform(state& s, player_id p, const cmd::subsistence_farmer_supply& c) {
  auto& ps = pl(s, p);
  ps.cash -= 1;
  const auto i = static_cast<std::size_t>(find_helper(ps, helper_kind::subsistence_farmer));
  paid(s, p, no_player, 1, pay_reason::helper, ps.played[i].card);
  ++ps.cart[c.crop];
  moved(s, p, ev::veg_place::supply, ev::veg_place::cart, one(c.crop));
  discard_played(s, p, i, discard_reason::helper_used);
}

}  // namespace loyang::engine::detail
