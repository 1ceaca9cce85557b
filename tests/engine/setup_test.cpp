// Game setup and the Home field (rulebook: "Game Setup"; Yucata's first hand).
#include "fixture.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

TEST_CASE("a new game gives every player 10 Cash, a stocked shop and 8 face-down fields") {
  options o;
  o.players = 3;
  const state s = new_game(o, 7);
  REQUIRE(s.players.size() == 3);
  for (const auto& p : s.players) {
    CHECK(p.cash == 10);
    CHECK(p.position == 1);
    CHECK(p.shop[veg::wheat] == 3);
    CHECK(p.shop[veg::pumpkin] == 2);
    CHECK(p.shop[veg::bean] == 1);
    CHECK(p.shop[veg::leek] == 1);
    CHECK(p.field_pile.size() == 8);
    REQUIRE(p.fields.size() == 1);
    CHECK(p.fields[0].id == home_field);
    CHECK(p.fields[0].count == 0);
    // Yucata: the first hand is dealt before the Home field is planted.
    CHECK(p.hand.size() == 4);
  }
  CHECK(s.current_step == step::plant_home);
  CHECK(s.active == s.starting);
  CHECK(s.out_of_game.size() == 1);  // the Foreman is not in Yucata's deck
  CHECK(check_invariants(s).empty());
}

TEST_CASE("the field pile is two separately shuffled sets of 3, 4, 5 and 6 spaces") {
  for (std::uint64_t seed = 1; seed < 20; ++seed) {
    const state s = new_game(options{}, seed);
    for (const auto& p : s.players) {
      // back() is the top: the first four drawn are one set, the next four the other.
      std::vector<int> first, second;
      for (int i = 0; i < 4; ++i) first.push_back(field_size(p.field_pile[7 - i]));
      for (int i = 4; i < 8; ++i) second.push_back(field_size(p.field_pile[7 - i]));
      std::sort(first.begin(), first.end());
      std::sort(second.begin(), second.end());
      CHECK(first == std::vector<int>{3, 4, 5, 6});
      CHECK(second == std::vector<int>{3, 4, 5, 6});
    }
  }
}

TEST_CASE("the original rules deal no hand before planting and keep the Foreman") {
  options o;
  o.rules = ruleset::original;
  const state s = new_game(o, 3);
  for (const auto& p : s.players) CHECK(p.hand.empty());
  CHECK(s.out_of_game.empty());
  CHECK(s.draw_pile.size() == 70);
}

TEST_CASE("Ralph plants wheat on his Home field and has 7 Cash left") {
  options o;
  setup_override f;
  f.starting = 0;
  state s = new_game(o, 1, f);
  ok(s, 0, cmd::plant_home{veg::wheat});
  const auto& ralph = s.players[0];
  CHECK(ralph.cash == 7);
  CHECK(ralph.fields[0].crop == veg::wheat);
  CHECK(ralph.fields[0].count == 9);  // the other spaces are filled from the supply
  CHECK(ralph.shop[veg::wheat] == 2);
  CHECK(s.active == 1);
}

TEST_CASE("the Home field takes only wheat, pumpkins or turnips, and at most two players per type") {
  options o;
  o.players = 4;
  setup_override f;
  f.starting = 2;
  state s = new_game(o, 1, f);
  refused(s, 2, cmd::plant_home{veg::bean}, "not_home_crop");
  refused(s, 0, cmd::plant_home{veg::wheat}, "not_your_turn");
  ok(s, 2, cmd::plant_home{veg::pumpkin});
  ok(s, 3, cmd::plant_home{veg::pumpkin});
  CHECK_FALSE(listed(s, 0, cmd::plant_home{veg::pumpkin}));
  refused(s, 0, cmd::plant_home{veg::pumpkin}, "crop_taken");
  ok(s, 0, cmd::plant_home{veg::turnip});
  CHECK(s.players[0].cash == 5);
  ok(s, 1, cmd::plant_home{veg::wheat});
  // All planted: round 1 begins with the harvest.
  CHECK(s.round == 1);
  CHECK(s.current_phase == phase::card);
}

TEST_CASE("the Introductory version deals one START customer per player and returns the rest") {
  options o;
  o.players = 2;
  o.introductory = true;
  const state s = new_game(o, 5);
  int start_in_deck = 0;
  for (card_id c : s.draw_pile) start_in_deck += card(c).start;
  for (const auto& p : s.players)
    for (card_id c : p.hand) start_in_deck += card(c).start;
  CHECK(start_in_deck == 2);
  for (const auto& p : s.players) {
    REQUIRE(p.intro != no_card);
    CHECK(card(p.intro).start);
  }
  CHECK(check_invariants(s).empty());
}

TEST_CASE("a fixed setup cannot deal one intro card to two players (fuzz finding)") {
  options o;
  o.players = 3;
  o.introductory = true;
  setup_override fixed;
  fixed.intro = {*card_by_name("R03"), *card_by_name("R03"), *card_by_name("R04")};
  CHECK_THROWS_AS(new_game(o, 11, fixed), std::invalid_argument);
  fixed.intro = {*card_by_name("R03"), *card_by_name("R01"), *card_by_name("R04")};
  CHECK(check_invariants(new_game(o, 11, fixed)).empty());
}

TEST_CASE("the same options and seed give the same game; another seed another game") {
  const state a = new_game(options{}, 99);
  const state b = new_game(options{}, 99);
  const state c = new_game(options{}, 100);
  CHECK(a == b);
  CHECK(state_hash(a) == state_hash(b));
  CHECK(state_hash(a) != state_hash(c));
}

TEST_CASE("bad options are refused") {
  options o;
  o.players = 5;
  REQUIRE(validate(o).has_value());
  CHECK(validate(o)->code == "bad_options");
  CHECK_THROWS_AS(new_game(o, 1), std::invalid_argument);
}
