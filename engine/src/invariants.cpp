// check_invariants(): what must hold between any two commands.
#include <algorithm>
#include <array>
#include <string>

#include "internal.hpp"

namespace loyang::engine {

std::vector<std::string> check_invariants(const state& s) {
  using namespace detail;
  std::vector<std::string> bad;
  const auto say = [&](std::string text) { bad.push_back(std::move(text)); };

  std::array<int, action_card_count> seen{};
  const auto count = [&](card_id c, const char* where) {
    if (c >= action_card_count) {
      say(std::string("bad card id in ") + where);
      return;
    }
    ++seen[c];
  };
  for (card_id c : s.draw_pile) count(c, "draw pile");
  for (card_id c : s.discard_pile) count(c, "discard pile");
  for (card_id c : s.courtyard) count(c, "courtyard");
  for (card_id c : s.out_of_game) count(c, "out of game");
  for (card_id c : s.two_pack)
    if (c != no_card) count(c, "two-pack");
  if (is_solo(s)) {
    for (card_id c : s.offer)
      if (c != no_card) count(c, "offer");
    if (s.players.size() != 2) say("the solo game needs the imaginary opponent's seat");
    else {
      const auto& opp = pl(s, solo_opponent);
      for (const auto& pc : opp.played) {
        count(pc.card, "opponent's area");
        if (pc.under != no_card) count(pc.under, "under an opponent's card");
        const auto k = kind_of(pc.card);
        if (k != card_kind::market_stall && k != card_kind::regular && k != card_kind::casual)
          say("the opponent holds a card of another kind");
        if (k == card_kind::market_stall && pc.stall_left == 0) say("opponent: empty stall still in play");
        if (k == card_kind::regular && pc.deliveries >= 4) say("opponent: full regular customer still in play");
      }
      if (!opp.fields.empty() || !opp.hand.empty() || !opp.field_pile.empty()) say("the opponent has fields or a hand");
    }
    if (s.offer_bought > 4) say("more than 4 cards bought from the Offer");
    if (s.current_phase == phase::finished && !s.ranking.empty() &&
        s.rating != rating_for_level(s.ranking.front().position))
      say("solo rating does not match the level reached");
  } else if (std::any_of(s.offer.begin(), s.offer.end(), [](card_id c) { return c != no_card; })) {
    say("an Offer outside the solo game");
  }

  for (player_id p = 0; p < player_count(s); ++p) {
    const auto& ps = pl(s, p);
    const auto who = [p] { return "player " + std::to_string(p) + ": "; };  // only on failure
    if (ps.cash < 0) say(who() + "negative cash");
    if (ps.loans < 0 || (s.opts.rules == ruleset::yucata && ps.loans > yucata_loan_limit)) say(who() + "bad loans");
    if (ps.position < path_start || ps.position > path_end) say(who() + "position off the path");
    for (veg v : all_vegs) {
      if (ps.shop[v] < 0 || ps.shop[v] > shop_spaces(v)) say(who() + "shop stock out of range");
      if (ps.cart[v] < 0 || ps.storehouse[v] < 0) say(who() + "negative vegetables");
    }
    if (ps.storehouse.total() > storehouse_capacity(ps)) say(who() + "storehouse over capacity");
    const bool mid_turn = s.current_phase == phase::action && s.active == p;
    if (!mid_turn && s.current_phase == phase::action && ps.turn_done && ps.cart.total() != 0)
      say(who() + "vegetables left on the cart after the turn");
    for (card_id c : ps.hand) count(c, "hand");
    for (field_id f : ps.field_pile)
      if (is_common_field(f)) count(card_of_common_field(f), "field pile");  // Tenant-farmer
    if (ps.intro != no_card) count(ps.intro, "intro");
    for (const auto& f : ps.fields) {
      if (f.id >= field_count) say(who() + "bad field");
      else if (f.count > field_size(f.id) + 2) say(who() + "field over capacity");  // Harvest helper, twice
      else if (f.count > 0 && !field_allows(f.id, f.crop)) say(who() + "crop not allowed on field");
      if (is_common_field(f.id)) count(card_of_common_field(f.id), "field");
      if (f.under != no_card) count(f.under, "under a field");
    }
    // The Home field holds 9: it is emptied by the harvest of the last round.
    if (s.round < rounds && (ps.fields.empty() || ps.fields.front().id != home_field))
      say(who() + "home field missing");
    for (const auto& pc : ps.played) {
      count(pc.card, "play area");
      if (pc.under != no_card) count(pc.under, "under a card");
      const auto k = kind_of(pc.card);
      if (k == card_kind::common_field) say(who() + "a field in the play area");
      if (k == card_kind::market_stall && pc.stall_left == 0) say(who() + "empty stall still in play");
      if (k == card_kind::regular && pc.deliveries >= 4) say(who() + "full regular customer still in play");
      if (k == card_kind::regular && (pc.served > 2 || (pc.served > 0 && !pc.handled)))
        say(who() + "regular customer served out of step");
    }
  }
  for (int c = 0; c < action_card_count; ++c)
    if (seen[static_cast<std::size_t>(c)] != 1)
      say("card " + std::string(card(static_cast<card_id>(c)).id) + " is in " +
          std::to_string(seen[static_cast<std::size_t>(c)]) + " places");
  if (s.current_phase != phase::finished && s.active == no_player) say("nobody to act in a running game");
  if ((s.current_step == step::foreman) != (s.foreman_offer != no_card)) say("Foreman offer out of step");
  if (s.helper_discarded != no_card) say("a discarded Helper was not offered to the Foreman");
  if (s.current_phase == phase::finished && static_cast<int>(s.ranking.size()) != player_count(s)) say("no final ranking");
  return bad;
}

}  // namespace loyang::engine
