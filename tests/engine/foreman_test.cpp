// The Foreman (original ruleset): a pending decision whenever a Helper reaches the discard pile.
#include <array>

#include "fixture.hpp"
#include "loyang/engine/events.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

namespace {
bool only_foreman_choices(const state& s, player_id p) {
  for (const auto& c : legal_commands(s, p)) {
    const auto n = command_name(c);
    if (n != "foreman_take" && n != "foreman_pass" && n != "sell" && n != "take_loan" && n != "discard_helper")
      return false;
  }
  return listed(s, p, cmd::foreman_take{}) && listed(s, p, cmd::foreman_pass{});
}
}  // namespace

TEST_CASE("Foreman: yucata leaves him out of the deck; the original deck has him") {
  const state y = new_game(options{2, ruleset::yucata, false}, 3);
  CHECK(y.out_of_game.size() == 1);
  CHECK(y.out_of_game.front() == C("foreman"));
  const state o = new_game(options{2, ruleset::original, false}, 3);
  CHECK(o.out_of_game.empty());
  CHECK(std::find(o.draw_pile.begin(), o.draw_pile.end(), C("foreman")) != o.draw_pile.end());
}

TEST_CASE("Foreman: takes a Helper another player has just used; the decision is in the state") {
  state s = action_game(2, ruleset::original);
  give(s, 0, C("haggler"));
  give(s, 1, C("foreman"));
  s.players[0].shop[veg::wheat] = 2;
  ok(s, 0, cmd::haggler{veg::wheat});
  CHECK(s.current_step == step::foreman);
  CHECK(s.active == 1);
  CHECK(s.foreman_offer == C("haggler"));
  const state seen = view(s, 0);  // every player sees the pending decision
  CHECK(seen.current_step == step::foreman);
  CHECK(seen.foreman_offer == C("haggler"));
  CHECK(only_foreman_choices(s, 1));
  refused(s, 0, cmd::buy{veg::wheat}, "not_your_turn");
  CHECK_FALSE(undo_available(s, 0));
  ok(s, 1, cmd::foreman_take{});
  CHECK(in_play(s, 1, C("haggler")));
  CHECK_FALSE(in_play(s, 1, C("foreman")));
  CHECK(s.discard_pile.back() == C("foreman"));  // used: discarded, and not offered again
  CHECK(s.current_step == step::main);
  CHECK(s.active == 0);
  CHECK_FALSE(undo_available(s, 0));
  require_invariants(s);
}

TEST_CASE("Foreman: passing leaves the Helper on the discard pile; a Helper discarded unused counts too") {
  state s = action_game(2, ruleset::original);
  give(s, 0, C("shopper"));
  give(s, 1, C("foreman"));
  ok(s, 0, cmd::discard_helper{C("shopper")});
  REQUIRE(s.current_step == step::foreman);
  ok(s, 1, cmd::foreman_pass{});
  CHECK(s.discard_pile.back() == C("shopper"));
  CHECK(in_play(s, 1, C("foreman")));
  CHECK(s.current_step == step::main);
  CHECK(s.active == 0);
}

TEST_CASE("Foreman: the Foreman under the Maid takes her back (rulebook example)") {
  state s = action_game(2, ruleset::original);
  give(s, 0, C("maid"), C("foreman"));
  give(s, 0, C("M06"));
  ok(s, 0, cmd::activate_helper{C("maid")});
  // The Maid went to the discard pile and freed the Foreman, who may take her at once.
  CHECK(s.current_step == step::foreman);
  CHECK(s.active == 0);
  CHECK(s.foreman_offer == C("maid"));
  ok(s, 0, cmd::foreman_take{});
  CHECK(in_play(s, 0, C("maid")));
  CHECK_FALSE(in_play(s, 0, C("foreman")));
  CHECK(s.discard_pile.back() == C("foreman"));
  // The Maid's activation stands.
  s.players[0].cart = vegs({{veg::wheat, 1}});
  ok(s, 0, cmd::trade{C("M06"), veg::leek, veg::wheat, std::nullopt});
}

TEST_CASE("Foreman: 4 players, Action phase: only the discarder's partner (or himself)") {
  for (bool partner_has_him : {false, true}) {
    state s = action_game(4, ruleset::original);
    const player_id second = s.second;
    player_id partner = 1;
    while (partner == second) ++partner;
    player_id other = 1;
    while (other == second || other == partner) ++other;
    ok(s, 0, cmd::choose_partner{partner});
    give(s, 0, C("shopper"));
    give(s, partner_has_him ? partner : other, C("foreman"));
    ok(s, 0, cmd::discard_helper{C("shopper")});
    CHECK((s.current_step == step::foreman) == partner_has_him);
    if (partner_has_him) CHECK(s.active == partner);
  }
}

TEST_CASE("Foreman: 4 players, Card phase: no partners, anyone may take") {
  state s = action_game(4, ruleset::original);
  const player_id second = s.second;
  const player_id partner = second == 1 ? 2 : 1;
  ok(s, 0, cmd::choose_partner{partner});
  // Round 1's pairs: 0 with `partner`, `second` with the fourth player.
  std::array<player_id, 4> pair_of{};
  for (player_id q = 0; q < 4; ++q) pair_of[static_cast<std::size_t>(q)] = q;
  pair_of[0] = partner;
  pair_of[static_cast<std::size_t>(partner)] = 0;
  for (player_id q = 1; q < 4; ++q)
    if (q != partner && q != second) {
      pair_of[static_cast<std::size_t>(q)] = second;
      pair_of[static_cast<std::size_t>(second)] = q;
    }
  autoplay_until(s, [](const state& x) { return x.round == 2 && x.current_step == step::distribution; });
  const player_id p = s.active;
  player_id q = 0;
  while (q == p || q == pair_of[static_cast<std::size_t>(p)]) ++q;
  give(s, p, C("book-keeper"));
  give(s, q, C("foreman"));
  // The Book-keeper in the Card phase finances a field: one in p's hand, and no Cash.
  for (const char* f : {"CF3-1", "CF3-2", "CF4-1", "CF4-2", "CF5-1", "CF5-2"}) {
    auto& pile = s.draw_pile;
    if (const auto it = std::find(pile.begin(), pile.end(), C(f)); it != pile.end()) {
      pile.erase(it);
      s.players[static_cast<std::size_t>(p)].hand.push_back(C(f));
      break;
    }
  }
  s.players[static_cast<std::size_t>(p)].cash = 0;
  ok(s, p, cmd::use_book_keeper{});
  ok(s, p, cmd::book_keeper_done{veg::wheat});
  REQUIRE(s.current_step == step::foreman);
  CHECK(s.active == q);
  ok(s, q, cmd::foreman_take{});
  CHECK(in_play(s, q, C("book-keeper")));
  CHECK(s.current_step == step::distribution);
  CHECK(s.active == p);
}

TEST_CASE("Squire with Foreman: the Squire takes the Foreman, who takes the Squire back") {
  state s = two_player_game({C("M01"), C("M02"), C("M03"), C("M04")}, {C("foreman"), C("M05"), C("M06"), C("M07")},
                            ruleset::original);
  give(s, 0, C("squire"));
  ok(s, 0, cmd::place_in_courtyard{C("M04")});
  ok(s, 1, cmd::place_in_courtyard{C("foreman")});
  ok(s, 0, cmd::place_in_courtyard{C("M03")});
  ok(s, 1, cmd::take_cards{C("M05"), C("M04")});
  ok(s, 0, cmd::take_cards{C("M01"), C("M03")});
  REQUIRE(s.current_step == step::squire);
  ok(s, 0, cmd::squire_take{C("foreman")});
  CHECK(s.current_step == step::foreman);
  CHECK(s.active == 0);
  CHECK(s.foreman_offer == C("squire"));
  ok(s, 0, cmd::foreman_take{});
  CHECK(in_play(s, 0, C("squire")));
  CHECK_FALSE(in_play(s, 0, C("foreman")));
  // Back to the Squire's second card.
  CHECK(s.current_step == step::squire);
  ok(s, 0, cmd::squire_take{C("M06")});
  CHECK(s.current_phase == phase::action);
  CHECK(in_play(s, 0, C("M06")));
  require_invariants(s);
}

TEST_CASE("Foreman: takes another player's Squire and uses it in the same round") {
  state s = two_player_game({C("M01"), C("M02"), C("M03"), C("M04")}, {C("M05"), C("M06"), C("M07"), C("M08")},
                            ruleset::original, {C("R05")});
  give(s, 0, C("foreman"));
  give(s, 1, C("squire"));
  ok(s, 0, cmd::place_in_courtyard{C("M04")});
  ok(s, 1, cmd::reveal_courtyard{});  // R05
  ok(s, 1, cmd::take_cards{C("M05"), C("M04")});
  REQUIRE(s.current_step == step::squire);
  ok(s, 1, cmd::squire_take{C("R05")});
  REQUIRE(s.current_step == step::foreman);
  CHECK(s.active == 0);
  ok(s, 0, cmd::foreman_take{});
  CHECK(in_play(s, 0, C("squire")));
  CHECK(s.current_step == step::distribution);
  CHECK(s.active == 0);
  // Courtyard: the rest of player 1's hand.
  ok(s, 0, cmd::take_cards{C("M01"), C("M06")});
  CHECK(s.current_step == step::squire);
  ok(s, 0, cmd::squire_take{C("M07")});
  CHECK(in_play(s, 0, C("M07")));
}

namespace {
/// Original rules, round 2's Harvest phase: player 0 holds the Harvest helper, player 1 the
/// Foreman; both have a field of 5 wheat.
state harvest_with_foreman(bool foreman_with_user) {
  state s = action_game(2, ruleset::original);
  give(s, 0, C("harvest-helper"));
  give(s, foreman_with_user ? 0 : 1, C("foreman"));
  add_field(s, 0, F("PF5-A"), veg::wheat, 5);
  add_field(s, 1, F("PF5-A"), veg::wheat, 5);
  autoplay_until(s, [](const state& x) { return x.current_step == step::harvest_helper; });
  REQUIRE(s.active == 0);
  return s;
}
int count_on(const state& s, player_id p, field_id f) {
  for (const auto& x : s.players[static_cast<std::size_t>(p)].fields)
    if (x.id == f) return x.count;
  return -1;
}
}  // namespace

TEST_CASE("Foreman + Harvest helper: the Foreman takes it during the Harvest phase and uses it at once") {
  state s = harvest_with_foreman(false);
  ok(s, 0, cmd::harvest_helper{static_cast<std::uint16_t>(1u << F("PF5-A"))});
  REQUIRE(s.current_step == step::foreman);
  CHECK(s.active == 1);
  ok(s, 1, cmd::foreman_take{});
  CHECK(s.current_step == step::harvest_helper);
  CHECK(s.active == 1);
  ok(s, 1, cmd::harvest_helper{static_cast<std::uint16_t>(1u << F("PF5-A"))});
  CHECK(count_on(s, 0, F("PF5-A")) == 3);
  CHECK(count_on(s, 1, F("PF5-A")) == 3);
  CHECK(s.current_phase == phase::card);
}

TEST_CASE("Foreman + Harvest helper in one hand: the Harvest helper twice, 3 from a field of 5") {
  state s = harvest_with_foreman(true);
  const std::uint16_t pf5 = static_cast<std::uint16_t>(1u << F("PF5-A"));
  ok(s, 0, cmd::harvest_helper{pf5});
  REQUIRE(s.current_step == step::foreman);
  CHECK(s.active == 0);
  ok(s, 0, cmd::foreman_take{});
  REQUIRE(s.current_step == step::harvest_helper);
  ok(s, 0, cmd::harvest_helper{pf5});
  CHECK(count_on(s, 0, F("PF5-A")) == 2);  // 1 by the harvest, 2 by the Harvest helper
  CHECK(s.current_phase == phase::card);
}

TEST_CASE("Foreman + Harvest helper in one hand: 2 additional vegetables on a field sown this phase") {
  state s = action_game(2, ruleset::original);
  give(s, 0, C("harvest-helper"));
  give(s, 0, C("foreman"));
  s.players[0].cart = vegs({{veg::wheat, 1}});
  ok(s, 0, cmd::activate_helper{C("harvest-helper")});
  ok(s, 0, cmd::foreman_take{});
  ok(s, 0, cmd::activate_helper{C("harvest-helper")});
  REQUIRE(s.current_step == step::main);  // the Foreman is gone: nobody is asked
  ok(s, 0, cmd::sow{veg::wheat, F("PF3-A")});
  CHECK(count_on(s, 0, F("PF3-A")) == 5);
  require_invariants(s);
}

TEST_CASE("Foreman during a Book-keeper step: the Book-keeper in use stays until he is done (fuzz finding)") {
  // Player 0 arranges his shop with the Book-keeper; player 1 discards a Helper out of turn,
  // and the Foreman's offer interrupts. Player 0 is not active then, but his Book-keeper is
  // still in use: discarding it would leave book_keeper_done without its card.
  state s = action_game(2, ruleset::original);
  give(s, 0, C("book-keeper"));
  give(s, 1, C("shopper"));
  give(s, 1, C("foreman"));
  ok(s, 0, cmd::use_book_keeper{});
  REQUIRE(s.current_step == step::book_keeper);
  ok(s, 1, cmd::discard_helper{C("shopper")});
  REQUIRE(s.current_step == step::foreman);
  REQUIRE(s.active == 1);
  refused(s, 0, cmd::discard_helper{C("book-keeper")}, "wrong_step");
  CHECK_FALSE(listed(s, 0, cmd::discard_helper{C("book-keeper")}));
  ok(s, 1, cmd::foreman_pass{});
  REQUIRE(s.current_step == step::book_keeper);
  REQUIRE(s.active == 0);
  ok(s, 0, cmd::book_keeper_done{veg::wheat});
  CHECK_FALSE(in_play(s, 0, C("book-keeper")));
  require_invariants(s);
}

TEST_CASE("Foreman: a Helper discarded while he is being asked is not offered, and the offer stays the first discarder's") {
  state s = action_game(2, ruleset::original);
  give(s, 0, C("shopper"));
  give(s, 1, C("foreman"));
  give(s, 1, C("haggler"));
  ok(s, 0, cmd::discard_helper{C("shopper")});
  REQUIRE(s.current_step == step::foreman);
  REQUIRE(s.foreman_offer == C("shopper"));
  // The Foreman's holder discards a Helper of his own while deciding (any time is allowed).
  ok(s, 1, cmd::discard_helper{C("haggler")});
  CHECK(s.current_step == step::foreman);
  CHECK(s.foreman_offer == C("shopper"));
  event_list events;
  REQUIRE_FALSE(apply(s, 1, cmd::foreman_take{}, &events).has_value());
  bool told = false;
  for (const auto& e : events) {
    if (const auto* t = std::get_if<ev::foreman_took>(&e)) {
      CHECK(t->player == 1);
      CHECK(t->from == 0);  // the shopper was player 0's, whoever discarded since
      CHECK(t->card == C("shopper"));
      told = true;
    }
  }
  CHECK(told);
  CHECK(in_play(s, 1, C("shopper")));
  CHECK(s.current_step == step::main);  // the haggler is not offered afterwards
  require_invariants(s);
}
