// Game setup: options, supply, shops, field piles, the deck and the first hands.
#include <algorithm>
#include <stdexcept>

#include "internal.hpp"
#include "setup_deck.hpp"

namespace loyang::engine {

std::optional<rule_error> validate(const options& opts) {
  if (opts.players < 1 || opts.players > 4)
    return rule_error{"bad_options", "A game has 1 to 4 players."};
  if (opts.players == 1 && opts.introductory)
    return rule_error{"bad_options", "The solo game has no Introductory version."};
  if (opts.rules != ruleset::yucata && opts.rules != ruleset::original)
    return rule_error{"bad_options", "Unknown ruleset."};
  if (opts.edition < first_edition || opts.edition > current_edition)
    return rule_error{"bad_options", "Rules editions are " + std::to_string(first_edition) + " to " +
                                         std::to_string(current_edition) + "."};
  return std::nullopt;
}

namespace {

std::string count_for(std::size_t listed, const char* what, int players) {
  return std::to_string(listed) + " " + what + " for " + std::to_string(players) + " players";
}

/// A field pile must hold each private field once; the message names the first that does not.
void check_field_pile(const std::vector<field_id>& pile, std::size_t p) {
  const std::string where = "field_piles[" + std::to_string(p) + "]";
  for (field_id f : pile)
    if (f < 1 || f > 8) throw std::invalid_argument(where + " holds " + std::string(field_name(f)) + ", not a private field");
  for (field_id f = 1; f <= 8; ++f) {
    const auto n = std::count(pile.begin(), pile.end(), f);
    if (n != 1)
      throw std::invalid_argument(where + " must hold each of the 8 private fields once: " +
                                  std::string(field_name(f)) + (n == 0 ? " is missing" : " is there twice"));
  }
}

}  // namespace

state new_game(const options& opts, std::uint64_t seed, const setup_override& fixed) {
  if (auto e = validate(opts)) throw std::invalid_argument(e->message);
  const int n = opts.players;
  state s;
  s.opts = opts;
  s.seed = seed;
  s.random = rng(seed);

  std::vector<card_id> deck;
  for (int c = 0; c < action_card_count; ++c) deck.push_back(static_cast<card_id>(c));
  detail::setup_deck cards(deck);
  if (opts.rules == ruleset::yucata) {
    const card_id foreman = *card_by_name("foreman");
    cards.set_aside(foreman, "out of the game (the yucata ruleset plays without the Foreman)");
    s.out_of_game.push_back(foreman);
  }

  // The solo game's imaginary opponent gets a seat of his own after the player's.
  s.players.resize(static_cast<std::size_t>(n == 1 ? 2 : n));
  std::vector<card_id> intro;
  intro.reserve(4);  // (also keeps GCC 12 from a false -Wstringop-overflow under LTO)
  if (!fixed.intro.empty() && !opts.introductory)
    throw std::invalid_argument("intro needs the Introductory version (options: introductory)");
  if (opts.introductory) {
    for (auto name : {"R01", "R03", "R04", "R09"}) intro.push_back(*card_by_name(name));
    for (card_id c : intro) cards.set_aside(c, "a START customer of the Introductory version (see intro)");
    if (!fixed.intro.empty()) {
      if (static_cast<int>(fixed.intro.size()) != n)
        throw std::invalid_argument("intro names " + count_for(fixed.intro.size(), "START customers", n));
      for (auto it = fixed.intro.begin(); it != fixed.intro.end(); ++it) {
        const std::string name(*it < action_card_count ? card(*it).id : "a card");
        if (std::find(intro.begin(), intro.end(), *it) == intro.end())
          throw std::invalid_argument("intro: " + name + " is not a START customer (R01, R03, R04 or R09)");
        // One card cannot be dealt to two players (found by fuzz/options_setup.cpp).
        if (std::find(fixed.intro.begin(), it, *it) != it)
          throw std::invalid_argument("intro: " + name + " is dealt twice");
      }
      for (card_id c : intro)
        if (std::find(fixed.intro.begin(), fixed.intro.end(), c) == fixed.intro.end()) cards.put_back(c);
      intro = fixed.intro;
    } else {
      s.random.shuffle(intro);
      for (std::size_t i = static_cast<std::size_t>(n); i < intro.size(); ++i) cards.put_back(intro[i]);
      intro.resize(static_cast<std::size_t>(n));
    }
    std::sort(deck.begin(), deck.end());  // returned START cards are shuffled in below
  }

  if (!fixed.hands.empty() && n == 1) throw std::invalid_argument("hands: the solo game deals no hands");
  if (!fixed.hands.empty() && static_cast<int>(fixed.hands.size()) != n)
    throw std::invalid_argument("hands lists " + count_for(fixed.hands.size(), "hands", n));
  for (std::size_t p = 0; p < fixed.hands.size(); ++p)
    for (card_id c : fixed.hands[p]) cards.take(c, "hands[" + std::to_string(p) + "]");
  for (card_id c : fixed.deck) cards.take(c, "deck");
  s.random.shuffle(deck);
  for (auto it = fixed.deck.rbegin(); it != fixed.deck.rend(); ++it) deck.push_back(*it);
  s.draw_pile.assign(deck.begin(), deck.end());

  if (!fixed.field_piles.empty() && static_cast<int>(fixed.field_piles.size()) != n)
    throw std::invalid_argument("field_piles lists " + count_for(fixed.field_piles.size(), "piles", n));
  for (int p = 0; p < n; ++p) {
    auto& ps = s.players[static_cast<std::size_t>(p)];
    ps.cash = start_cash;
    for (veg v : all_vegs) ps.shop[v] = static_cast<std::int16_t>(shop_start_stock(v));
    ps.fields.push_back(field{home_field, veg::wheat, 0, no_card});
    if (!fixed.field_piles.empty()) {
      const auto& pile = fixed.field_piles[static_cast<std::size_t>(p)];
      check_field_pile(pile, static_cast<std::size_t>(p));
      ps.field_pile.assign(pile.rbegin(), pile.rend());
    } else {
      std::vector<field_id> a{1, 2, 3, 4}, b{5, 6, 7, 8};
      s.random.shuffle(a);
      s.random.shuffle(b);
      // back() is the top: set A is drawn first, then set B.
      ps.field_pile.assign(b.begin(), b.end());
      ps.field_pile.insert(ps.field_pile.end(), a.begin(), a.end());
    }
    if (opts.introductory) ps.intro = intro[static_cast<std::size_t>(p)];
  }

  if (fixed.starting != no_player) {
    if (fixed.starting < 0 || fixed.starting >= n)
      throw std::invalid_argument("starting: seat " + std::to_string(fixed.starting) + " is not at the table (0 to " +
                                  std::to_string(n - 1) + ")");
    s.starting = fixed.starting;
  } else {
    s.starting = static_cast<player_id>(s.random.below(static_cast<std::uint64_t>(n)));
  }

  if (!fixed.hands.empty()) {
    for (int p = 0; p < n; ++p) {
      const auto& h = fixed.hands[static_cast<std::size_t>(p)];
      if (h.size() > s.players[0].hand.capacity())
        throw std::invalid_argument("hands[" + std::to_string(p) + "] holds " + std::to_string(h.size()) +
                                    " cards, more than a hand can (" + std::to_string(s.players[0].hand.capacity()) + ")");
      s.players[static_cast<std::size_t>(p)].hand.assign(h.begin(), h.end());
    }
  } else if (opts.rules == ruleset::yucata && n > 1) {
    // Yucata deals the first hand before the Home fields are planted.
    for (int k = 0; k < n; ++k) {
      auto& ps = s.players[static_cast<std::size_t>((s.starting + k) % n)];
      for (int i = 0; i < hand_size; ++i) {
        ps.hand.push_back(s.draw_pile.back());
        s.draw_pile.pop_back();
      }
    }
  }

  if (n == 1) detail::setup_solo(s);  // before the Home field is sown
  s.reshuffles.orders = detail::checked_reshuffles(s, fixed.reshuffles);
  s.current_phase = phase::setup;
  s.current_step = step::plant_home;
  s.active = s.starting;
  return s;
}

}  // namespace loyang::engine
