#pragma once
// Test helpers: drive a game with commands and name cards and fields by their printed ids.
#include <catch2/catch.hpp>

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
