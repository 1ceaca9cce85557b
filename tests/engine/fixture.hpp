#pragma once
// Test helpers: drive a game with commands and name cards and fields by their printed ids.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "loyang/engine/data.hpp"
#include "loyang/engine/game.hpp"

namespace loyang::engine::test {

inline card_id C(const char* name) {
  const auto c = card_by_name(name);
  REQUIRE(c.has_value());
  return *c;
}
inline field_id F(const char* name) {
  const auto f = field_by_name(name);
  REQUIRE(f.has_value());
  return *f;
}

/// Applies a command that must be accepted.
inline void ok(state& s, player_id p, const command& c) {
  const auto e = apply(s, p, c);
  INFO("command " << command_name(c) << " by player " << int(p));
  if (e) FAIL(e->code << ": " << e->message);
}

/// Applies a command that must be refused with `code`, and checks nothing changed.
inline void refused(state& s, player_id p, const command& c, const std::string& code) {
  const state before = s;
  const auto e = apply(s, p, c);
  INFO("command " << command_name(c) << " by player " << int(p));
  REQUIRE(e.has_value());
  CHECK(e->code == code);
  CHECK(s == before);
}

inline bool listed(const state& s, player_id p, const command& c) {
  for (const auto& x : legal_commands(s, p))
    if (x == c) return true;
  return false;
}

/// A 2-player yucata game with fixed hands; player 0 starts and plants wheat, player 1 turnip.
/// Ends at the start of round 1's Card phase. Fields: A set on top in order 3,4,5,6.
inline state two_player_game(std::vector<card_id> hand0, std::vector<card_id> hand1,
                             ruleset rules = ruleset::yucata, std::vector<card_id> deck = {}) {
  options o;
  o.players = 2;
  o.rules = rules;
  setup_override f;
  f.starting = 0;
  f.hands = {std::move(hand0), std::move(hand1)};
  f.deck = std::move(deck);
  const std::vector<field_id> pile{F("PF3-A"), F("PF4-A"), F("PF5-A"), F("PF6-A"),
                                   F("PF3-B"), F("PF4-B"), F("PF5-B"), F("PF6-B")};
  f.field_piles = {pile, pile};
  state s = new_game(o, 42, f);
  ok(s, 0, cmd::plant_home{veg::wheat});
  ok(s, 1, cmd::plant_home{veg::turnip});
  return s;
}

}  // namespace loyang::engine::test

namespace loyang::engine::test {

/// Plays plain moves for whoever must act until `done(s)` holds: take or place the first
/// listed cards, skip Regular customers, keep no Two-pack, store by discarding, never advance,
/// decline every Helper decision.
template <class Pred>
void autoplay_until(state& s, Pred done, int limit = 5000) {
  for (int n = 0; n < limit && !done(s); ++n) {
    REQUIRE(s.current_phase != phase::finished);
    const player_id p = s.active;
    const auto legal = legal_commands(s, p);
    const command* pick = nullptr;
    for (const char* want : {"end_turn", "skip_regular", "advance", "discard_veg", "keep_two_pack",
                             "choose_partner", "take_cards", "place_in_courtyard", "plant_home",
                             "skip_harvest_helper", "finish_taking", "foreman_pass",
                             "book_keeper_done"}) {
      for (const auto& c : legal)
        if (command_name(c) == want) {
          pick = &c;
          break;
        }
      if (pick) break;
    }
    if (!pick) {
      ok(s, p, cmd::take_loan{});  // only money was missing
      continue;
    }
    ok(s, p, *pick);
  }
  REQUIRE(done(s));
}

/// Until `p` starts an Action phase turn (step main).
inline void play_to_turn(state& s, player_id p) {
  autoplay_until(s, [p](const state& x) {
    return x.current_phase == phase::action && x.current_step == step::main && x.active == p;
  });
}

/// Ends the active player's turn, throwing extra vegetables away and moving 0 spaces.
inline void end_turn_plainly(state& s) {
  const player_id p = s.active;
  autoplay_until(s, [p](const state& x) { return x.active != p || x.current_phase != phase::action; });
}

}  // namespace loyang::engine::test

namespace loyang::engine::test {

/// Takes card `c` out of wherever it lies outside the play areas (draw pile, discard pile,
/// Courtyard, a hand); fails the test if it is elsewhere.
inline void take_from_piles(state& s, card_id c) {
  const auto drop = [c](auto& v) {
    const auto it = std::find(v.begin(), v.end(), c);
    if (it == v.end()) return false;
    v.erase(it);
    return true;
  };
  bool found = drop(s.draw_pile) || drop(s.discard_pile) || drop(s.courtyard);
  for (auto& ps : s.players) found = found || drop(ps.hand);
  INFO("card " << card(c).id);
  REQUIRE(found);
}

/// Puts `c` (with `under` beneath it) into p's play area as if played in an earlier round:
/// stalls are full, a Squire is usable, a Regular customer is due if p's turn is still to come.
inline played_card& give(state& s, player_id p, card_id c, card_id under = no_card) {
  take_from_piles(s, c);
  if (under != no_card) take_from_piles(s, under);
  auto& ps = s.players[static_cast<std::size_t>(p)];
  played_card pc;
  pc.card = c;
  pc.under = under;
  pc.round_played = 0;
  if (kind_of(c) == card_kind::market_stall) pc.stall_left = 0b111;
  if (kind_of(c) == card_kind::regular) pc.handled = !(s.current_phase == phase::action && !ps.turn_done);
  ps.played.push_back(pc);
  return ps.played.back();
}

/// Turns private field `f` of p's field pile over and sows it with `count` of `crop`.
inline void add_field(state& s, player_id p, field_id f, veg crop, int count) {
  auto& ps = s.players[static_cast<std::size_t>(p)];
  const auto it = std::find(ps.field_pile.begin(), ps.field_pile.end(), f);
  REQUIRE(it != ps.field_pile.end());
  ps.field_pile.erase(it);
  ps.fields.push_back(field{f, crop, static_cast<std::uint8_t>(count), no_card});
}

inline const played_card* find_card(const player_state& ps, card_id c) {
  for (const auto& pc : ps.played)
    if (pc.card == c) return &pc;
  return nullptr;
}
inline bool in_play(const state& s, player_id p, card_id c) {
  return find_card(s.players[static_cast<std::size_t>(p)], c) != nullptr;
}

inline veg_counts vegs(std::initializer_list<std::pair<veg, int>> items) {
  veg_counts v;
  for (auto [k, n] : items) v[k] = static_cast<std::int16_t>(n);
  return v;
}

/// Empties every play area and takes the common fields back to the discard pile; every
/// player gets 10 Cash and an empty cart. Tests then give the cards they need.
inline void clear_areas(state& s) {
  for (auto& ps : s.players) {
    for (const auto& pc : ps.played) {
      s.discard_pile.push_back(pc.card);
      if (pc.under != no_card) s.discard_pile.push_back(pc.under);
    }
    ps.played.clear();
    for (std::size_t i = ps.fields.size(); i-- > 0;) {
      const field f = ps.fields[i];
      if (!is_common_field(f.id)) continue;
      s.discard_pile.push_back(card_of_common_field(f.id));
      if (f.under != no_card) s.discard_pile.push_back(f.under);
      ps.fields.erase(ps.fields.begin() + static_cast<std::ptrdiff_t>(i));
    }
    ps.cash = 10;
    ps.cart = {};
  }
}

/// A game of `players` with fixed field piles (set A on top: 3, 4, 5, 6) and player 0 starting,
/// played plainly to the start of round 1's Action phase (before the partner choice with 4
/// players), with empty play areas. With 2 and 3 players player 0 is to act; with 4 he chooses.
inline state action_game(int players = 2, ruleset rules = ruleset::yucata, std::uint64_t seed = 7) {
  options o;
  o.players = players;
  o.rules = rules;
  setup_override f;
  f.starting = 0;
  const std::vector<field_id> pile{F("PF3-A"), F("PF4-A"), F("PF5-A"), F("PF6-A"),
                                   F("PF3-B"), F("PF4-B"), F("PF5-B"), F("PF6-B")};
  f.field_piles.assign(static_cast<std::size_t>(players), pile);
  state s = new_game(o, seed, f);
  autoplay_until(s, [](const state& x) { return x.current_phase == phase::action; });
  clear_areas(s);
  REQUIRE(s.starting == 0);
  REQUIRE(s.active == 0);
  REQUIRE(check_invariants(s).empty());
  return s;
}

inline void require_invariants(const state& s) {
  for (const auto& v : check_invariants(s)) UNSCOPED_INFO(v);
  REQUIRE(check_invariants(s).empty());
}

}  // namespace loyang::engine::test
