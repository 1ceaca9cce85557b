// Helpers around customers and the Two-pack: Deliveryman, Messenger-boy, Saleswoman, Tout,
// Official (Helper Reference of both rule files).
#include "fixture.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

// --- Deliveryman ---

TEST_CASE("Deliveryman: delivers to another player's Regular customer and keeps the proceeds") {
  state s = action_game();
  give(s, 0, C("deliveryman"));
  give(s, 1, C("R09")).deliveries = 1;  // turnip + cabbage; pays 5/6/7/8
  s.players[0].cart = vegs({{veg::turnip, 1}, {veg::cabbage, 1}});
  const veg_counts cart1 = s.players[1].cart;
  refused(s, 0, cmd::deliveryman{0, C("R09")}, "not_other_player");
  ok(s, 0, cmd::deliveryman{1, C("R09")});
  CHECK(s.players[0].cash == 10 + 6);
  CHECK(s.players[1].cash == 10);
  CHECK(s.players[0].cart == veg_counts{});
  CHECK(s.players[1].cart == cart1);
  const auto* r09 = find_card(s.players[1], C("R09"));
  REQUIRE(r09 != nullptr);
  CHECK(r09->deliveries == 2);
  // The owner must still deliver (or skip) this round.
  CHECK_FALSE(r09->handled);
  end_turn_plainly(s);
  REQUIRE(s.active == 1);
  refused(s, 1, cmd::end_turn{}, "regulars_pending");
  s.players[1].cart = vegs({{veg::turnip, 1}, {veg::cabbage, 1}});
  const int cash = s.players[1].cash;
  ok(s, 1, cmd::serve_regular{C("R09")});
  CHECK(s.players[1].cash == cash + 7);
}

TEST_CASE("Deliveryman: on the last delivery the owner gets 2 of the proceeds") {
  state s = action_game();
  give(s, 0, C("deliveryman"));
  give(s, 1, C("R09")).deliveries = 3;
  s.players[0].cart = vegs({{veg::turnip, 1}, {veg::cabbage, 1}});
  ok(s, 0, cmd::deliveryman{1, C("R09")});
  CHECK(s.players[0].cash == 10 + 8 - 2);
  CHECK(s.players[1].cash == 10 + 2);
  CHECK_FALSE(in_play(s, 1, C("R09")));  // full: discarded
  require_invariants(s);
}

TEST_CASE("Deliveryman: needs the vegetables on the own cart and an uncovered Regular customer") {
  state s = action_game();
  give(s, 0, C("deliveryman"));
  give(s, 1, C("haggler"), C("R05"));
  give(s, 1, C("R09"));
  s.players[0].cart = vegs({{veg::turnip, 2}});
  s.players[1].cart = vegs({{veg::turnip, 1}, {veg::cabbage, 1}});  // the owner's cart is no help
  refused(s, 0, cmd::deliveryman{1, C("R09")}, "not_in_cart");
  refused(s, 0, cmd::deliveryman{1, C("R05")}, "no_such_customer");
  refused(s, 0, cmd::deliveryman{1, C("haggler")}, "no_such_customer");
}

// --- Messenger-boy ---

TEST_CASE("Messenger-boy: two deliveries at once to a customer's row, paid twice") {
  state s = action_game();
  give(s, 0, C("messenger-boy"));
  give(s, 0, C("R09"));  // 5/6/7/8
  s.players[0].cart = vegs({{veg::turnip, 2}, {veg::cabbage, 2}});
  refused(s, 0, cmd::serve_regular_twice{C("R09")}, "messenger_inactive");
  ok(s, 0, cmd::activate_helper{C("messenger-boy")});
  CHECK(s.discard_pile.back() == C("messenger-boy"));
  ok(s, 0, cmd::serve_regular_twice{C("R09")});
  CHECK(s.players[0].cash == 10 + 5 + 5);
  const auto* r09 = find_card(s.players[0], C("R09"));
  REQUIRE(r09 != nullptr);
  CHECK(r09->deliveries == 1);  // still four rounds to go: five deliveries in all
  CHECK(r09->handled);
  refused(s, 0, cmd::serve_regular_twice{C("R09")}, "customer_handled");
}

TEST_CASE("Messenger-boy: to any or each Regular customer, also on the top row") {
  state s = action_game();
  give(s, 0, C("messenger-boy"));
  give(s, 0, C("R09")).deliveries = 3;  // top row pays 8
  give(s, 0, C("R02"));                 // 4/5/5/6
  s.players[0].cart = vegs({{veg::turnip, 2}, {veg::cabbage, 2}, {veg::wheat, 3}});
  ok(s, 0, cmd::activate_helper{C("messenger-boy")});
  refused(s, 0, cmd::serve_regular_twice{C("R02")}, "not_in_cart");  // both at the same time
  ok(s, 0, cmd::serve_regular_twice{C("R09")});
  CHECK(s.players[0].cash == 10 + 16);
  CHECK_FALSE(in_play(s, 0, C("R09")));
  s.players[0].cart[veg::wheat] = 4;
  ok(s, 0, cmd::serve_regular_twice{C("R02")});
  CHECK(s.players[0].cash == 10 + 16 + 8);
  require_invariants(s);
}

TEST_CASE("Messenger-boy: deliver once, buy with the proceeds, then deliver the second time") {
  state s = action_game();
  give(s, 0, C("messenger-boy"));
  give(s, 0, C("R09"));  // turnip + cabbage, 5/6/7/8
  s.players[0].cash = 0;
  s.players[0].shop = vegs({{veg::turnip, 1}, {veg::cabbage, 1}});
  s.players[0].cart = vegs({{veg::turnip, 1}, {veg::cabbage, 1}});
  ok(s, 0, cmd::activate_helper{C("messenger-boy")});
  ok(s, 0, cmd::serve_regular{C("R09")});
  CHECK(s.players[0].cash == 5);
  ok(s, 0, cmd::buy{veg::turnip});
  ok(s, 0, cmd::take_loan{});
  ok(s, 0, cmd::buy{veg::cabbage});
  CHECK(listed(s, 0, cmd::serve_regular{C("R09")}));
  ok(s, 0, cmd::serve_regular{C("R09")});
  CHECK(s.players[0].cash == 5 - 5 + 5 - 5 + 5);  // the same row pays again
  CHECK(find_card(s.players[0], C("R09"))->deliveries == 1);
  s.players[0].cart = vegs({{veg::turnip, 1}, {veg::cabbage, 1}});
  refused(s, 0, cmd::serve_regular{C("R09")}, "customer_handled");  // twice, not more
  require_invariants(s);
}

TEST_CASE("Messenger-boy: no second delivery without him, after a skip, or after the top row") {
  state s = action_game();
  give(s, 0, C("messenger-boy"));
  give(s, 0, C("R09"));
  give(s, 0, C("R05")).deliveries = 3;  // turnip + turnip; top row pays 7
  give(s, 0, C("R02"));
  s.players[0].cart = vegs({{veg::turnip, 6}, {veg::cabbage, 2}});
  ok(s, 0, cmd::serve_regular{C("R09")});
  refused(s, 0, cmd::serve_regular{C("R09")}, "customer_handled");
  // Activated after the first delivery: still this Action phase.
  ok(s, 0, cmd::activate_helper{C("messenger-boy")});
  ok(s, 0, cmd::skip_regular{C("R02")});
  refused(s, 0, cmd::serve_regular{C("R02")}, "customer_handled");
  ok(s, 0, cmd::serve_regular{C("R05")});
  CHECK_FALSE(in_play(s, 0, C("R05")));  // both top-row deliveries must come at once
  ok(s, 0, cmd::serve_regular{C("R09")});
  CHECK(s.players[0].cash == 10 + 5 + 7 + 5);
}

TEST_CASE("Messenger-boy: only in the own Action phase turn") {
  state s = action_game();
  give(s, 1, C("messenger-boy"));
  refused(s, 1, cmd::activate_helper{C("messenger-boy")}, "not_your_turn");
}

// --- Saleswoman ---

TEST_CASE("Fraser and the Saleswoman: skip the blue one, then all three markers turn blue") {
  state s = action_game();
  give(s, 0, C("saleswoman"));
  give(s, 0, C("R02")).red = true;
  give(s, 0, C("R05")).red = true;
  give(s, 0, C("R09"));
  ok(s, 0, cmd::skip_regular{C("R09")});
  CHECK(find_card(s.players[0], C("R09"))->red);
  ok(s, 0, cmd::saleswoman_blue{});
  for (const char* r : {"R02", "R05", "R09"}) CHECK_FALSE(find_card(s.players[0], C(r))->red);
  CHECK_FALSE(in_play(s, 0, C("saleswoman")));
  // He still has to serve (or now skip without a penalty) the first two.
  refused(s, 0, cmd::end_turn{}, "regulars_pending");
  ok(s, 0, cmd::skip_regular{C("R02")});
  CHECK(s.players[0].cash == 10);
  CHECK(find_card(s.players[0], C("R02"))->red);
}

TEST_CASE("Saleswoman option 2: Casual customers pay +2 all Action phase, activated now and used later") {
  state s = action_game();
  give(s, 0, C("saleswoman"));
  give(s, 0, C("haggler"));
  give(s, 0, C("C01"));  // 7: wheat, pumpkin, turnip
  give(s, 0, C("C03"));  // 8: wheat, turnip, turnip
  CHECK(two_pack_price(s, 0) == 2);
  ok(s, 0, cmd::activate_helper{C("saleswoman")});
  CHECK(two_pack_price(s, 0) == 1);
  ok(s, 0, cmd::buy_two_pack{});
  ok(s, 0, cmd::keep_two_pack{no_card, no_card});
  s.players[0].cart = vegs({{veg::wheat, 2}, {veg::pumpkin, 1}, {veg::turnip, 3}});
  const int cash = s.players[0].cash;
  // Two Casual and no Regular customers would pay 2 less; the Saleswoman makes it 2 more.
  ok(s, 0, cmd::serve_casual{C("C01")});
  CHECK(s.players[0].cash == cash + 9);
  ok(s, 0, cmd::serve_casual{C("C03")});
  CHECK(s.players[0].cash == cash + 9 + 10);
  refused(s, 0, cmd::saleswoman_blue{}, "no_such_helper_kind");  // one option per use
}

// --- Tout ---

TEST_CASE("Tout option 1: swaps an own Casual customer for another player's") {
  state s = action_game();
  give(s, 0, C("tout"));
  give(s, 0, C("C01"));
  give(s, 1, C("C14"));
  give(s, 1, C("haggler"), C("C13"));
  refused(s, 0, cmd::tout_swap{C("C01"), 1, C("C13")}, "no_such_customer");  // covered
  refused(s, 0, cmd::tout_swap{C("C02"), 1, C("C14")}, "no_such_customer");
  ok(s, 0, cmd::tout_swap{C("C01"), 1, C("C14")});
  CHECK(in_play(s, 0, C("C14")));
  CHECK(in_play(s, 1, C("C01")));
  CHECK(s.players[0].cash == 10);
  CHECK(s.players[1].cash == 10);
  CHECK_FALSE(in_play(s, 0, C("tout")));
}

TEST_CASE("Jon and the Tout: the bought customer is served at once; the Regular customer under the Tout does not count") {
  state s = action_game();
  give(s, 0, C("tout"), C("R02"));  // Jon: the Tout on a Regular customer
  give(s, 1, C("C05"));             // Larry: 9, wheat + cabbage + cabbage
  s.players[0].cart = vegs({{veg::wheat, 1}, {veg::cabbage, 1}});
  refused(s, 0, cmd::tout_buy{1, C("C05")}, "not_in_cart");  // must be served at once
  s.players[0].cart[veg::cabbage] = 2;
  s.players[0].cash = 0;  // paid from the proceeds
  ok(s, 0, cmd::tout_buy{1, C("C05")});
  // One Casual (the bought one), no Regular: 9 - 2, and 2 to Larry.
  CHECK(s.players[0].cash == 9 - 2 - 2);
  CHECK(s.players[1].cash == 10 + 2);
  CHECK(s.players[0].cart == veg_counts{});
  CHECK_FALSE(in_play(s, 1, C("C05")));
  CHECK_FALSE(in_play(s, 0, C("C05")));
  // Revealed only after: the Regular customer is now in play and due.
  const auto* r02 = find_card(s.players[0], C("R02"));
  REQUIRE(r02 != nullptr);
  CHECK_FALSE(r02->handled);
  require_invariants(s);
}

TEST_CASE("Tout option 2: the buyer's own customers set the modifier") {
  state s = action_game();
  give(s, 0, C("tout"));
  give(s, 0, C("R02"));
  give(s, 0, C("R05"));
  give(s, 1, C("C01"));  // 7
  s.players[0].cart = vegs({{veg::wheat, 1}, {veg::pumpkin, 1}, {veg::turnip, 1}});
  ok(s, 0, cmd::tout_buy{1, C("C01")});
  CHECK(s.players[0].cash == 10 + 7 + 2 - 2);  // 1 Casual < 2 Regular
}

// --- Official ---

TEST_CASE("Official: the Two-pack is free for the rest of the Action phase") {
  state s = action_game();
  give(s, 0, C("official"));
  give(s, 0, C("haggler"));
  give(s, 0, C("shopper"));
  CHECK(two_pack_price(s, 0) == 3);
  ok(s, 0, cmd::activate_helper{C("official")});
  refused(s, 0, cmd::activate_helper{C("official")}, "no_such_helper");
  CHECK(two_pack_price(s, 0) == 0);
  s.players[0].cash = 0;
  ok(s, 0, cmd::buy_two_pack{});
  CHECK(s.players[0].cash == 0);
  ok(s, 0, cmd::keep_two_pack{no_card, no_card});
  end_turn_plainly(s);
  play_to_turn(s, 0);
  CHECK(s.players[0].effects == 0);  // only for that Action phase
  CHECK(two_pack_price(s, 0) > 0);
}

TEST_CASE("Official: a player with no Helpers or Market stalls pays nothing anyway") {
  state s = action_game();
  CHECK(two_pack_price(s, 0) == 0);
}
