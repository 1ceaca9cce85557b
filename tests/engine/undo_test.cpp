// Undo within a turn, back to the last point of no return.
#include "fixture.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

namespace {
state turn_start() {
  state s = two_player_game({C("M02"), C("M03"), C("C01"), C("trader-1")},
                            {C("M01"), C("M04"), C("M05"), C("C02")}, ruleset::yucata,
                            {C("R05"), C("M06")});
  ok(s, 0, cmd::place_in_courtyard{C("C01")});
  ok(s, 1, cmd::take_cards{C("M01"), C("C01")});
  ok(s, 0, cmd::take_cards{C("M02"), C("M04")});
  play_to_turn(s, 0);
  return s;
}
}  // namespace

TEST_CASE("undo takes back the own commands of the turn one at a time") {
  state s = turn_start();
  CHECK_FALSE(undo_available(s, 0));
  CHECK_FALSE(listed(s, 0, cmd::undo{}));
  refused(s, 0, cmd::undo{}, "nothing_to_undo");
  s.players[0].cash = 20;
  const state start = s;
  ok(s, 0, cmd::buy{veg::bean});
  const state after_buy = s;
  ok(s, 0, cmd::sell{veg::bean});
  CHECK(listed(s, 0, cmd::undo{}));
  refused(s, 1, cmd::undo{}, "not_your_turn");
  ok(s, 0, cmd::undo{});
  CHECK(s.players[0] == after_buy.players[0]);
  CHECK(s.version == after_buy.version + 2);  // versions only grow: undo is a command too
  ok(s, 0, cmd::undo{});
  CHECK(s.players[0] == start.players[0]);
  CHECK_FALSE(undo_available(s, 0));
}

TEST_CASE("drawing a Two-pack is a point of no return; keeping its cards can be undone") {
  state s = turn_start();
  ok(s, 0, cmd::take_loan{});
  ok(s, 0, cmd::buy_two_pack{});
  CHECK_FALSE(undo_available(s, 0));
  const state drawn = s;
  ok(s, 0, cmd::keep_two_pack{C("M06"), C("R05")});
  ok(s, 0, cmd::undo{});
  CHECK(s.players == drawn.players);
  CHECK(s.two_pack == drawn.two_pack);
  CHECK(s.current_step == step::two_pack);
}

TEST_CASE("another player's command ends what can be undone") {
  state s = turn_start();
  ok(s, 0, cmd::take_loan{});
  CHECK(undo_available(s, 0));
  ok(s, 1, cmd::take_loan{});  // out of turn
  CHECK_FALSE(undo_available(s, 0));
}

TEST_CASE("the end of the turn is a point of no return; storing can be undone until then") {
  state s = turn_start();
  s.players[0].cart = {};
  s.players[0].cart[veg::wheat] = 3;
  ok(s, 0, cmd::end_turn{});
  ok(s, 0, cmd::discard_veg{veg::wheat});
  ok(s, 0, cmd::undo{});
  ok(s, 0, cmd::undo{});
  CHECK(s.current_step == step::main);  // back in the turn: end_turn was taken back
  ok(s, 0, cmd::end_turn{});
  ok(s, 0, cmd::discard_veg{veg::wheat});
  ok(s, 0, cmd::discard_veg{veg::wheat});
  ok(s, 0, cmd::advance{0});
  CHECK_FALSE(undo_available(s, 0));
  CHECK(s.active == 1);
}

TEST_CASE("Card phase commands cannot be undone") {
  state s = two_player_game({C("M02"), C("M03"), C("C01"), C("trader-1")},
                            {C("M01"), C("M04"), C("M05"), C("C02")});
  ok(s, 0, cmd::place_in_courtyard{C("C01")});
  CHECK_FALSE(undo_available(s, 0));
  CHECK_FALSE(undo_available(s, 1));
}
