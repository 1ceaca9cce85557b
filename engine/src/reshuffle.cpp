// Shuffling the discard pile into the draw pile: at random, or in a scripted game in the order
// its setup fixed (setup_override::reshuffles), checked card by card when it is used.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "emit.hpp"
#include "internal.hpp"

namespace loyang::engine::detail {
namespace {

std::string list_names(std::vector<card_id> cards) {
  std::sort(cards.begin(), cards.end());
  std::string out;
  for (card_id c : cards) {
    if (!out.empty()) out += ", ";
    out += card(c).id;
  }
  return out;
}

template <class V>
bool holds(const V& v, card_id c) {
  return std::find(v.begin(), v.end(), c) != v.end();
}

/// Where a card that is not being reshuffled lies, for the error message.
std::string whereabouts(const state& s, card_id c) {
  for (std::size_t p = 0; p < s.players.size(); ++p) {
    const auto& ps = s.players[p];
    const std::string who = is_solo(s) && static_cast<player_id>(p) == solo_opponent
                                ? std::string("the opponent's")
                                : "player " + std::to_string(p) + "'s";
    if (holds(ps.hand, c) || ps.intro == c) return "in " + who + " hand";
    for (const auto& pc : ps.played)
      if (pc.card == c || pc.under == c) return "in " + who + " play area";
    for (const auto& f : ps.fields)
      if ((is_common_field(f.id) && card_of_common_field(f.id) == c) || f.under == c)
        return "in " + who + " fields";
  }
  if (holds(s.courtyard, c)) return "in the Courtyard";
  if (holds(s.offer, c)) return "in the Offer";
  if (holds(s.two_pack, c)) return "in the Two-pack";
  if (holds(s.out_of_game, c)) return "out of the game";
  return "not in the deck";
}

/// When the reshuffle happens, as a script author counts: the solo game's is in the Harvest
/// phase, the others start a Card phase or feed an Action phase draw.
std::string moment(const state& s) {
  const std::string round = "round " + std::to_string(s.round);
  if (is_solo(s)) return round + ", Harvest phase";
  if (s.current_phase == phase::action) return round + ", a draw in the Action phase";
  return round + ", start of the Card phase";
}

[[noreturn]] void mismatch(const state& s, std::size_t n, const std::vector<card_id>& extra,
                           const std::vector<card_id>& missing) {
  std::string text = "reshuffles[" + std::to_string(n) + "] (" + moment(s) + ") does not fit the " +
                     std::to_string(s.draw_pile.size()) + " cards reshuffled:";
  for (card_id c : extra) text += std::string(" ") + std::string(card(c).id) + " is " + whereabouts(s, c) + ";";
  if (!missing.empty())
    text += " missing: " + list_names(missing) + " (name them, or end the list with \"...\")";
  if (text.back() == ';') text.pop_back();
  throw std::invalid_argument(text);
}

void shuffle_in(state& s) {
  s.draw_pile.insert(s.draw_pile.end(), s.discard_pile.begin(), s.discard_pile.end());
  s.discard_pile.clear();
  auto& fixed = s.reshuffles;
  if (fixed.used >= fixed.orders.size()) {
    s.random.shuffle(s.draw_pile);
    return;
  }
  const std::size_t n = fixed.used++;
  const fixed_order& order = fixed.orders[n];
  std::vector<card_id> rest(s.draw_pile.begin(), s.draw_pile.end());
  std::vector<card_id> extra;
  for (card_id c : order.cards) {
    const auto it = std::find(rest.begin(), rest.end(), c);
    if (it == rest.end()) {
      extra.push_back(c);
    } else {
      rest.erase(it);
    }
  }
  if (!extra.empty() || (!order.rest_shuffled && !rest.empty()))
    mismatch(s, n, extra, order.rest_shuffled ? std::vector<card_id>{} : rest);
  s.random.shuffle(rest);
  // back() is the top: the unnamed rest at the bottom, then the named cards, the first on top.
  s.draw_pile.assign(rest.begin(), rest.end());
  s.draw_pile.insert(s.draw_pile.end(), order.cards.rbegin(), order.cards.rend());
}

}  // namespace

void reshuffle(state& s) {
  shuffle_in(s);
  emit(s, ev::reshuffled{static_cast<std::uint8_t>(s.draw_pile.size())});
}

std::vector<fixed_order> checked_reshuffles(const state& s, const std::vector<fixed_order>& orders) {
  if (orders.size() > 255) throw std::invalid_argument("reshuffles: at most 255 fixed orders");
  if (is_solo(s) && orders.size() > 1)
    throw std::invalid_argument("reshuffles: the solo game reshuffles only once, so it takes one fixed order");
  for (std::size_t n = 0; n < orders.size(); ++n) {
    const auto& cards = orders[n].cards;
    for (auto it = cards.begin(); it != cards.end(); ++it) {
      if (*it >= action_card_count) throw std::invalid_argument("reshuffles[" + std::to_string(n) + "]: not a card");
      if (std::find(cards.begin(), it, *it) != it)
        throw std::invalid_argument("reshuffles[" + std::to_string(n) + "] names " + std::string(card(*it).id) +
                                    " twice");
      if (holds(s.out_of_game, *it))
        throw std::invalid_argument("reshuffles[" + std::to_string(n) + "] names " + std::string(card(*it).id) +
                                    ", which is out of the game");
    }
  }
  return orders;
}

}  // namespace loyang::engine::detail
