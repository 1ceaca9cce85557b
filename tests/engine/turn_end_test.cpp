// End of turn (storing, the Path of Prosperity), loans and the end of the game.
#include "fixture.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

namespace {
state first_turn() {
  state s = two_player_game({C("M02"), C("M03"), C("C01"), C("trader-1")},
                            {C("M01"), C("M04"), C("M05"), C("C02")});
  ok(s, 0, cmd::place_in_courtyard{C("C01")});
  ok(s, 1, cmd::take_cards{C("M01"), C("C01")});
  ok(s, 0, cmd::take_cards{C("M02"), C("M04")});
  play_to_turn(s, 0);
  return s;
}
}  // namespace

TEST_CASE("Nell on space 15: 1 Cash to 16, 35 more to reach 18") {
  CHECK(path_cost(15, 0) == 0);
  CHECK(path_cost(15, 1) == 1);
  CHECK(path_cost(15, 3) == 36);
  state s = first_turn();
  auto& nell = s.players[0];
  nell.position = 15;
  nell.cash = 35;
  nell.cart = {};
  ok(s, 0, cmd::end_turn{});
  CHECK(s.current_step == step::advance);
  CHECK(listed(s, 0, cmd::advance{2}));
  CHECK_FALSE(listed(s, 0, cmd::advance{3}));
  refused(s, 0, cmd::advance{3}, "not_enough_cash");
  ok(s, 0, cmd::take_loan{});
  ok(s, 0, cmd::advance{3});
  CHECK(s.players[0].position == 18);
  CHECK(s.players[0].cash == 4);
  CHECK(s.active == 1);
}

TEST_CASE("the Path ends at space 20") {
  state s = first_turn();
  s.players[0].position = 19;
  s.players[0].cash = 100;
  s.players[0].cart = {};
  ok(s, 0, cmd::end_turn{});
  refused(s, 0, cmd::advance{2}, "bad_steps");
  ok(s, 0, cmd::advance{1});
  CHECK(s.players[0].position == 20);
}

TEST_CASE("the Storehouse holds 1; extra vegetables are sold or thrown away, or it is upgraded") {
  state s = first_turn();
  auto& p0 = s.players[0];
  p0.cart = {};
  p0.cart[veg::bean] = 2;
  p0.cart[veg::leek] = 1;
  p0.cart[veg::wheat] = 2;
  p0.shop[veg::bean] = 1;
  // Only while the cart overflows at the end of the turn (as on Yucata), never in the main step.
  CHECK_FALSE(listed(s, 0, cmd::upgrade_storehouse{}));
  refused(s, 0, cmd::upgrade_storehouse{}, "wrong_step");
  ok(s, 0, cmd::end_turn{});
  CHECK(s.current_step == step::store);
  CHECK(listed(s, 0, cmd::upgrade_storehouse{}));
  refused(s, 0, cmd::advance{0}, "wrong_step");
  ok(s, 0, cmd::sell{veg::bean});
  ok(s, 0, cmd::discard_veg{veg::wheat});
  CHECK(s.current_step == step::store);
  ok(s, 0, cmd::upgrade_storehouse{});  // now 4: the 3 left fit
  CHECK(s.current_step == step::advance);
  ok(s, 0, cmd::advance{0});
  CHECK(s.players[0].storehouse.total() == 3);
  CHECK(s.players[0].cart.total() == 0);
  // The next Harvest phase brings them back to the cart.
  end_turn_plainly(s);
  CHECK(s.round == 2);
  CHECK(s.players[0].storehouse.total() == 0);
  CHECK(s.players[0].cart[veg::bean] == 1);
}

TEST_CASE("Yucata allows at most 31 loans; the original rules none") {
  state s = first_turn();
  s.players[1].loans = 31;
  refused(s, 1, cmd::take_loan{}, "loan_limit");
  CHECK_FALSE(listed(s, 1, cmd::take_loan{}));
  state t = two_player_game({C("M02"), C("M03"), C("C01"), C("trader-1")},
                            {C("M01"), C("M04"), C("M05"), C("C02")}, ruleset::original);
  t.players[1].loans = 31;
  ok(t, 1, cmd::take_loan{});
  CHECK(t.players[1].loans == 32);
}

TEST_CASE("after round 9 loans move markers back and the ranking uses Cash, then vegetables") {
  options o;
  o.players = 3;
  state s = new_game(o, 2024);
  autoplay_until(s, [](const state& x) { return x.round == 9 && x.current_phase == phase::action &&
                                                x.current_step == step::main; });
  // Give three players the same final situation, then break the ties one by one.
  for (auto& p : s.players) {
    p.position = 12;
    p.loans = 0;
    p.cash = 0;
    p.cart = {};
    p.storehouse = {};
    for (auto& f : p.fields) f.count = 0;
    p.played.clear();
  }
  s.discard_pile.clear();  // (cards out of play areas no longer matter here)
  s.players[0].position = 14;
  s.players[0].loans = 2;       // ends on 12
  s.players[1].cash = 3;        // 12 with more Cash
  s.players[2].cash = 3;
  s.players[2].fields.push_back(field{F("PF3-A"), veg::wheat, 2, no_card});  // one vegetable more
  autoplay_until(s, [](const state& x) { return x.current_phase == phase::finished; });
  REQUIRE(s.ranking.size() == 3);
  CHECK(s.ranking[0].player == 2);
  CHECK(s.ranking[0].rank == 1);
  CHECK(s.ranking[1].player == 1);
  CHECK(s.ranking[1].rank == 2);
  CHECK(s.ranking[2].player == 0);
  CHECK(s.ranking[2].position == 12);
  CHECK(s.ranking[2].rank == 3);
  CHECK(legal_commands(s, 0).empty());
  refused(s, 0, cmd::take_loan{}, "game_over");
}

TEST_CASE("fully tied players share the win") {
  options o;
  state s = new_game(o, 77);
  autoplay_until(s, [](const state& x) { return x.round == 9 && x.current_phase == phase::action &&
                                                x.current_step == step::main; });
  for (auto& p : s.players) {
    p.position = 5;
    p.loans = 0;
    p.cash = 1;
    p.cart = {};
    p.storehouse = {};
    p.played.clear();
    p.fields.clear();
  }
  autoplay_until(s, [](const state& x) { return x.current_phase == phase::finished; });
  CHECK(s.ranking[0].rank == 1);
  CHECK(s.ranking[1].rank == 1);
}

TEST_CASE("the Home field's nine vegetables last exactly nine rounds") {
  state s = new_game(options{}, 5);
  autoplay_until(s, [](const state& x) { return x.round == 9 && x.current_phase == phase::card; });
  for (const auto& p : s.players) {
    CHECK(std::none_of(p.fields.begin(), p.fields.end(), [](const field& f) { return f.id == home_field; }));
    CHECK(p.field_pile.empty());  // the last round turns no field
  }
}
