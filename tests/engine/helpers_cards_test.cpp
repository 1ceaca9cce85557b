// Helpers that move cards (Con man, Squire) and the notes that hold for every Helper: revealed
// cards, lantern Helpers, 4-player partners, other players' Home field, Cart and Storehouse.
#include "fixture.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

// --- Con man ---

TEST_CASE("Con man: cannot be used by the Starting player") {
  state s = action_game();
  give(s, 0, C("con-man"));
  give(s, 1, C("haggler"));
  REQUIRE(s.starting == 0);
  refused(s, 0, cmd::con_man{1, C("haggler")}, "starting_player_con_man");
}

TEST_CASE("Con man: swaps himself for an uncovered Helper of a player who has finished his Action phase") {
  state s = action_game();
  give(s, 0, C("haggler"));
  give(s, 0, C("maid"), C("trader-1"));  // the Trader under the Maid cannot be taken
  give(s, 1, C("con-man"));
  end_turn_plainly(s);
  REQUIRE(s.active == 1);
  refused(s, 1, cmd::con_man{0, C("trader-1")}, "no_such_helper");
  refused(s, 1, cmd::con_man{0, C("M01")}, "no_such_helper");
  ok(s, 1, cmd::con_man{0, C("haggler")});
  CHECK(in_play(s, 1, C("haggler")));
  CHECK(in_play(s, 0, C("con-man")));  // he stays in the game
  CHECK(std::find(s.discard_pile.begin(), s.discard_pile.end(), C("con-man")) == s.discard_pile.end());
  // The Helper can be used at once.
  s.players[1].shop[veg::wheat] = 2;
  ok(s, 1, cmd::haggler{veg::wheat});
  require_invariants(s);
}

TEST_CASE("Con man: not from a player who has still to play his Action phase") {
  state s = action_game(3);
  const player_id second = s.action_order[1], third = s.action_order[2];
  give(s, second, C("con-man"));
  give(s, 0, C("haggler"));
  give(s, third, C("shopper"));
  end_turn_plainly(s);
  REQUIRE(s.active == second);
  refused(s, second, cmd::con_man{third, C("shopper")}, "not_finished_yet");
  CHECK_FALSE(listed(s, second, cmd::con_man{third, C("shopper")}));
  CHECK(listed(s, second, cmd::con_man{0, C("haggler")}));
  ok(s, second, cmd::con_man{0, C("haggler")});
}

TEST_CASE("Con man: only in the Action phase") {
  state s = two_player_game({C("M01"), C("M02"), C("M03"), C("M04")}, {C("M05"), C("M06"), C("M07"), C("M08")});
  give(s, 1, C("con-man"));
  give(s, 0, C("haggler"));
  ok(s, 0, cmd::place_in_courtyard{C("M04")});
  refused(s, 1, cmd::con_man{0, C("haggler")}, "wrong_step");
}

// --- Squire ---

namespace {
/// Round 1 Card phase: player 0 holds a usable Squire and must take from a Courtyard of four.
state squire_game(ruleset rules = ruleset::yucata) {
  state s = two_player_game({C("M01"), C("M02"), C("M03"), C("M04")}, {C("M05"), C("M06"), C("M07"), C("M08")}, rules);
  give(s, 0, C("squire"));
  ok(s, 0, cmd::place_in_courtyard{C("M04")});
  ok(s, 1, cmd::place_in_courtyard{C("M08")});
  ok(s, 0, cmd::place_in_courtyard{C("M03")});
  ok(s, 1, cmd::take_cards{C("M05"), C("M04")});
  // Courtyard: M08, M03, M06, M07.
  return s;
}
}  // namespace

TEST_CASE("Squire (yucata): after taking the first Courtyard card, up to 2 more") {
  state s = squire_game();
  refused(s, 0, cmd::squire_take{C("M08")}, "wrong_step");  // first the usual take
  ok(s, 0, cmd::take_cards{C("M01"), C("M08")});
  CHECK(s.current_step == step::squire);
  CHECK(s.active == 0);
  CHECK(s.players[0].hand.size() == 1);  // the rest of the hand waits
  ok(s, 0, cmd::squire_take{C("M03")});
  CHECK_FALSE(in_play(s, 0, C("squire")));
  CHECK(s.discard_pile.back() == C("squire"));
  ok(s, 0, cmd::squire_take{C("M06")});
  // One hand card and three Courtyard cards, each played on its own.
  for (const char* c : {"M01", "M08", "M03", "M06"}) {
    REQUIRE(in_play(s, 0, C(c)));
    CHECK(find_card(s.players[0], C(c))->under == no_card);
  }
  CHECK(s.courtyard.empty());  // the Card phase is over: the rest was discarded
  CHECK(s.current_phase == phase::action);
  require_invariants(s);
}

TEST_CASE("Squire: taking only one more, or none (then the Squire stays)") {
  state s = squire_game();
  ok(s, 0, cmd::take_cards{C("M01"), C("M08")});
  ok(s, 0, cmd::squire_take{C("M03")});
  ok(s, 0, cmd::finish_taking{});
  CHECK_FALSE(in_play(s, 0, C("M06")));
  state t = squire_game(ruleset::original);
  ok(t, 0, cmd::take_cards{C("M01"), C("M08")});
  ok(t, 0, cmd::finish_taking{});
  CHECK(in_play(t, 0, C("squire")));
}

TEST_CASE("Squire: cannot be used in the round it was played") {
  state s = two_player_game({C("squire"), C("M02"), C("M03"), C("M04")}, {C("M05"), C("M06"), C("M07"), C("M08")});
  ok(s, 0, cmd::place_in_courtyard{C("M04")});
  ok(s, 1, cmd::place_in_courtyard{C("M08")});
  ok(s, 0, cmd::place_in_courtyard{C("M03")});
  ok(s, 1, cmd::take_cards{C("M05"), C("M04")});
  ok(s, 0, cmd::take_cards{C("squire"), C("M08")});
  CHECK(s.current_step != step::squire);
  CHECK(in_play(s, 0, C("squire")));
  CHECK(s.current_phase == phase::action);
  // He is to act (the last to take starts), but not with the Squire: a specific reason.
  REQUIRE(s.active == 0);
  refused(s, 0, cmd::squire_take{C("M03")}, "squire_just_played");
  CHECK_FALSE(listed(s, 0, cmd::squire_take{C("M03")}));
  refused(s, 1, cmd::squire_take{C("M03")}, "not_your_turn");  // his Squire, not player 1's
}

TEST_CASE("Squire: not a Helper of the Action phase") {
  state s = action_game();
  give(s, 0, C("squire"));
  refused(s, 0, cmd::squire_take{C("M01")}, "wrong_step");
  refused(s, 0, cmd::finish_taking{}, "wrong_step");
}

// --- Every Helper ---

TEST_CASE("a used Helper that covered another card reveals it at once") {
  state s = action_game();
  give(s, 0, C("haggler"), C("R05"));
  give(s, 0, C("shopper"), C("official"));
  s.players[0].shop[veg::wheat] = 2;
  ok(s, 0, cmd::haggler{veg::wheat});
  const auto* r05 = find_card(s.players[0], C("R05"));
  REQUIRE(r05 != nullptr);
  CHECK_FALSE(r05->handled);  // due this round
  CHECK_FALSE(r05->red);
  ok(s, 0, cmd::shopper{veg::pumpkin, false});
  ok(s, 0, cmd::activate_helper{C("official")});  // the revealed Helper can be used at once
  CHECK(two_pack_price(s, 0) == 0);
}

TEST_CASE("a Helper discarded unused also reveals the card under it, any time") {
  state s = action_game();
  give(s, 1, C("haggler"), C("M02"));
  ok(s, 1, cmd::discard_helper{C("haggler")});  // out of turn
  CHECK(in_play(s, 1, C("M02")));
  CHECK(find_card(s.players[1], C("M02"))->stall_left == 0b111);
}

TEST_CASE("lantern Helpers in a 4-player game: only the current partner") {
  state s = action_game(4);
  REQUIRE(s.current_step == step::choose_partner);
  const player_id second = s.second;
  player_id partner = 1;
  while (partner == second) ++partner;
  player_id other = 1;
  while (other == second || other == partner) ++other;
  ok(s, 0, cmd::choose_partner{partner});
  REQUIRE(s.active == 0);
  for (player_id q = 1; q < 4; ++q) {
    give(s, q, C(q == 1 ? "M02" : q == 2 ? "M03" : "M04"));
    give(s, q, C(q == 1 ? "C01" : q == 2 ? "C02" : "C03"));
    add_field(s, q, F("PF5-A"), veg::wheat, 5);
  }
  const auto stall_of = [](player_id q) { return C(q == 1 ? "M02" : q == 2 ? "M03" : "M04"); };
  const auto casual_of = [](player_id q) { return C(q == 1 ? "C01" : q == 2 ? "C02" : "C03"); };
  give(s, 0, C("trader-1"));
  give(s, 0, C("subsistence-farmer"));
  give(s, 0, C("tout"));
  give(s, 0, C("market-woman"));
  give(s, 0, C("M05"));
  give(s, 0, C("C04"));
  s.players[0].cart = vegs({{veg::wheat, 1}});
  for (player_id q : {second, other}) {
    refused(s, 0, cmd::trader{C("trader-1"), q, stall_of(q), veg::wheat, veg::wheat, std::nullopt}, "not_other_player");
    refused(s, 0, cmd::subsistence_farmer{q, F("PF5-A")}, "not_other_player");
    refused(s, 0, cmd::tout_swap{C("C04"), q, casual_of(q)}, "not_other_player");
    refused(s, 0, cmd::market_woman{C("M05"), q, stall_of(q)}, "not_other_player");
  }
  for (const auto& c : legal_commands(s, 0))
    if (const auto* t = std::get_if<cmd::trader>(&c)) CHECK(t->owner == partner);
  ok(s, 0, cmd::trader{C("trader-1"), partner, stall_of(partner), veg::wheat, veg::wheat, std::nullopt});
  ok(s, 0, cmd::subsistence_farmer{partner, F("PF5-A")});
}

TEST_CASE("no Helper touches another player's Home field, Cart or Storehouse") {
  state s = action_game();
  auto& other = s.players[1];
  other.cart = vegs({{veg::cabbage, 2}, {veg::leek, 1}});
  other.storehouse = vegs({{veg::bean, 1}});
  const veg_counts cart1 = other.cart, store1 = other.storehouse;
  const field home1 = other.fields.front();
  give(s, 1, C("M07"));
  give(s, 1, C("R06"));
  give(s, 1, C("C05"));
  give(s, 1, C("haggler"));
  add_field(s, 1, F("PF5-A"), veg::pumpkin, 5);
  for (const char* h : {"trader-1", "subsistence-farmer", "deliveryman", "tout", "market-woman"}) give(s, 0, C(h));
  give(s, 0, C("M02"));
  s.players[0].cart = vegs({{veg::wheat, 2}, {veg::pumpkin, 1}, {veg::cabbage, 3}});
  refused(s, 0, cmd::subsistence_farmer{1, home_field}, "no_such_field");
  ok(s, 0, cmd::trader{C("trader-1"), 1, C("M07"), veg::pumpkin, veg::wheat, std::nullopt});
  ok(s, 0, cmd::subsistence_farmer{1, F("PF5-A")});
  ok(s, 0, cmd::deliveryman{1, C("R06")});
  ok(s, 0, cmd::tout_buy{1, C("C05")});
  ok(s, 0, cmd::market_woman{C("M02"), 1, C("M07")});
  CHECK(s.players[1].cart == cart1);
  CHECK(s.players[1].storehouse == store1);
  CHECK(s.players[1].fields.front() == home1);
  require_invariants(s);
}
