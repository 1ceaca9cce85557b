// Issue 35, section 1: three points where the engine now follows the rulebook's own words (the
// Helper Reference and "End of the Action phase" of shared/rules/original-rules-en.txt; the
// Yucata rules text says the same). Each test quotes the rule it checks.
#include "fixture.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

namespace {
const ruleset both[] = {ruleset::yucata, ruleset::original};
}

// --- Book-keeper: "As well as during the Action phase, the Book-keeper can be used during the
// Card phase, if he is needed to finance a new Field." ---

TEST_CASE("Book-keeper in the Card phase: refused with no field to pay for, allowed when a field costs more than the Cash") {
  for (auto rules : both) {
    INFO(to_string(rules));
    state s = two_player_game({C("M01"), C("M03"), C("M04"), C("M05")}, {C("CF3-1"), C("M08"), C("M09"), C("M10")},
                              rules);
    give(s, 0, C("book-keeper"));
    // No field in his hand or the Courtyard: nothing to finance.
    refused(s, 0, cmd::use_book_keeper{}, "book_keeper_no_field");
    CHECK_FALSE(listed(s, 0, cmd::use_book_keeper{}));
    ok(s, 0, cmd::place_in_courtyard{C("M05")});
    ok(s, 1, cmd::place_in_courtyard{C("CF3-1")});
    // A common field (2 Cash) in the Courtyard, but he has the Cash: he does not need him.
    REQUIRE(s.players[0].cash >= 2);
    refused(s, 0, cmd::use_book_keeper{}, "book_keeper_no_field");
    // One Cash: now the Book-keeper finances the field.
    s.players[0].cash = 1;
    CHECK(listed(s, 0, cmd::use_book_keeper{}));
    ok(s, 0, cmd::use_book_keeper{});
    ok(s, 0, cmd::book_keeper_done{veg::wheat});  // the Home field is sown with wheat: +1
    CHECK(s.players[0].cash == 2);
    CHECK(s.current_step == step::distribution);
    ok(s, 0, cmd::take_cards{C("M01"), C("CF3-1")});
    CHECK(s.players[0].cash == 0);
    CHECK(s.players[0].fields.back().id == F("CF3-1"));
  }
}

TEST_CASE("Book-keeper in the Card phase: a field in the own hand, and fields the Squire could take, count") {
  state s = two_player_game({C("CF4-1"), C("M03"), C("M04"), C("M05")}, {C("CF3-1"), C("CF3-2"), C("M09"), C("M10")});
  give(s, 0, C("book-keeper"));
  give(s, 0, C("squire"));  // played in an earlier round: usable
  s.players[0].cash = 3;    // the hand's field alone he can pay
  refused(s, 0, cmd::use_book_keeper{}, "book_keeper_no_field");
  ok(s, 0, cmd::place_in_courtyard{C("M05")});
  ok(s, 1, cmd::place_in_courtyard{C("CF3-1")});
  ok(s, 0, cmd::place_in_courtyard{C("M04")});
  ok(s, 1, cmd::place_in_courtyard{C("CF3-2")});
  // Hand field + a Courtyard field + one more with the Squire: 6 Cash within reach.
  s.players[0].cash = 5;
  CHECK(listed(s, 0, cmd::use_book_keeper{}));
  s.players[0].cash = 6;
  refused(s, 0, cmd::use_book_keeper{}, "book_keeper_no_field");
  ok(s, 0, cmd::take_cards{C("CF4-1"), C("CF3-1")});
  REQUIRE(s.current_step == step::squire);
  CHECK(s.players[0].cash == 2);
  refused(s, 0, cmd::use_book_keeper{}, "book_keeper_no_field");  // 2 Cash pays the last field
  s.players[0].cash = 1;
  ok(s, 0, cmd::use_book_keeper{});  // also after taking, for the Squire's field
  ok(s, 0, cmd::book_keeper_done{veg::wheat});
  CHECK(s.current_step == step::squire);
  ok(s, 0, cmd::squire_take{C("CF3-2")});
  CHECK(s.players[0].cash == 0);
}

TEST_CASE("Book-keeper in the Action phase needs no field to finance") {
  state s = action_game();
  give(s, 0, C("book-keeper"));
  ok(s, 0, cmd::use_book_keeper{});
}

TEST_CASE("a game of rules edition 1 (stored before issue 35) keeps its Book-keeper in any Card phase turn") {
  // Replaying a stored game must give what its players saw; new games get the current edition.
  CHECK(options{}.edition == current_edition);
  options o;
  o.edition = first_edition;
  setup_override f;
  f.starting = 0;
  f.hands = {{C("M01"), C("M03"), C("M04"), C("M05")}, {C("M06"), C("M08"), C("M09"), C("M10")}};
  state s = new_game(o, 42, f);
  ok(s, 0, cmd::plant_home{veg::wheat});
  ok(s, 1, cmd::plant_home{veg::turnip});
  give(s, 0, C("book-keeper"));
  ok(s, 0, cmd::use_book_keeper{});
  o.edition = current_edition + 1;
  CHECK(validate(o).has_value());
}

TEST_CASE("a game of rules edition 1 goes on under its rules: no Saleswoman activated ahead, no upgrade when the cart fits") {
  options o;
  o.players = 2;
  o.rules = ruleset::original;
  o.edition = first_edition;
  state s = new_game(o, 7);
  autoplay_until(s, [](const state& x) { return x.current_phase == phase::action; });
  clear_areas(s);
  const player_id p = s.active;
  give(s, p, C("saleswoman"));
  CHECK_FALSE(listed(s, p, cmd::activate_saleswoman_blue{}));
  refused(s, p, cmd::activate_saleswoman_blue{}, "older_edition");
  s.players[static_cast<std::size_t>(p)].played.clear();
  s.players[static_cast<std::size_t>(p)].cart = vegs({{veg::wheat, 1}});
  ok(s, p, cmd::end_turn{});
  REQUIRE(s.current_step == step::advance);
  refused(s, p, cmd::upgrade_storehouse{}, "wrong_step");
}

// --- Saleswoman: "The player can activate Option 1 for the current Action phase without using it
// immediately: he may take other actions before using the Saleswoman." Option 1 is "Turn all
// your own Satisfaction markers to the blue side" (the card's first text, and the rulebook's
// "Example for Option 1"). ---

TEST_CASE("Saleswoman: activate option 1, buy the cheaper Two-pack, skip a customer, then turn the markers blue") {
  for (auto rules : both) {
    INFO(to_string(rules));
    state s = action_game(2, rules);
    give(s, 0, C("saleswoman"));
    give(s, 0, C("haggler"));
    give(s, 0, C("R02")).red = true;
    give(s, 0, C("R05")).red = true;
    give(s, 0, C("R09"));
    CHECK(two_pack_price(s, 0) == 2);
    CHECK(listed(s, 0, cmd::activate_saleswoman_blue{}));
    ok(s, 0, cmd::activate_saleswoman_blue{});
    CHECK_FALSE(in_play(s, 0, C("saleswoman")));
    CHECK(s.discard_pile.back() == C("saleswoman"));
    CHECK(two_pack_price(s, 0) == 1);
    const int cash = s.players[0].cash;
    ok(s, 0, cmd::buy_two_pack{});
    CHECK(s.players[0].cash == cash - 1);
    ok(s, 0, cmd::keep_two_pack{no_card, no_card});
    // Fraser's example: first he skips the blue one, then all three turn blue.
    ok(s, 0, cmd::skip_regular{C("R09")});
    CHECK(find_card(s.players[0], C("R09"))->red);
    CHECK(listed(s, 0, cmd::saleswoman_blue{}));
    ok(s, 0, cmd::saleswoman_blue{});
    for (const char* r : {"R02", "R05", "R09"}) CHECK_FALSE(find_card(s.players[0], C(r))->red);
    // One use: neither option again, and not the other one.
    refused(s, 0, cmd::saleswoman_blue{}, "no_such_helper_kind");
    refused(s, 0, cmd::activate_helper{C("saleswoman")}, "no_such_helper");
    CHECK((s.players[0].effects & effect_saleswoman_blue) == 0);
  }
}

TEST_CASE("Saleswoman: option 1 activated is not option 2, and lapses unused at the end of the Action phase") {
  state s = action_game();
  give(s, 0, C("saleswoman"));
  give(s, 0, C("C01"));  // 7: wheat, pumpkin, turnip; one Casual, no Regular customer: -2
  ok(s, 0, cmd::activate_saleswoman_blue{});
  refused(s, 0, cmd::activate_saleswoman_blue{}, "no_such_helper_kind");
  s.players[0].cart = vegs({{veg::wheat, 1}, {veg::pumpkin, 1}, {veg::turnip, 1}});
  const int cash = s.players[0].cash;
  ok(s, 0, cmd::serve_casual{C("C01")});
  CHECK(s.players[0].cash == cash + 5);  // no +2 bonus
  end_turn_plainly(s);
  CHECK(s.players[0].effects & effect_saleswoman_blue);  // (his turn is over: no use)
  refused(s, 0, cmd::saleswoman_blue{}, "not_your_turn");
  autoplay_until(s, [](const state& x) { return x.round == 2 && x.current_phase == phase::action; });
  CHECK((s.players[0].effects & effect_saleswoman_blue) == 0);
}

// --- Storehouse (End of the Action phase, Store Vegetables): "A Storehouse with a capacity of
// only 1 vegetable can be upgraded for a cost of 2 Cash." ---

TEST_CASE("original: the Storehouse can be upgraded at the end of the turn also when the cart fits") {
  state s = action_game(2, ruleset::original);
  s.players[0].cart = vegs({{veg::wheat, 1}});
  ok(s, 0, cmd::end_turn{});
  REQUIRE(s.current_step == step::advance);  // nothing to store away: the cart fits
  CHECK(listed(s, 0, cmd::upgrade_storehouse{}));
  ok(s, 0, cmd::upgrade_storehouse{});
  CHECK(s.players[0].cash == 8);
  CHECK(s.players[0].storehouse_upgraded);
  refused(s, 0, cmd::upgrade_storehouse{}, "storehouse_upgraded");
  ok(s, 0, cmd::advance{0});
  CHECK(storehouse_capacity(s.players[0]) == 4);
  CHECK(s.players[0].storehouse == vegs({{veg::wheat, 1}}));
}

TEST_CASE("yucata: the Storehouse is upgraded only when the cart does not fit, as Yucata's site plays it") {
  // Yucata: "If the current capacity of the storehouse is exceeded, the player can increase the
  // capacity of the storehouse to 4 vegetables if he has enough cash."
  state s = action_game(2, ruleset::yucata);
  s.players[0].cart = vegs({{veg::wheat, 1}});
  ok(s, 0, cmd::end_turn{});
  REQUIRE(s.current_step == step::advance);
  refused(s, 0, cmd::upgrade_storehouse{}, "wrong_step");
  CHECK_FALSE(listed(s, 0, cmd::upgrade_storehouse{}));
}

TEST_CASE("both rulesets: the Storehouse can be upgraded when the cart does not fit") {
  for (auto rules : both) {
    state s = action_game(2, rules);
    s.players[0].cart = vegs({{veg::wheat, 2}});
    ok(s, 0, cmd::end_turn{});
    REQUIRE(s.current_step == step::store);
    ok(s, 0, cmd::upgrade_storehouse{});
    CHECK(s.current_step == step::advance);
  }
}
