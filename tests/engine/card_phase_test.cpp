// The Card phase: the Distribution round, the 2-player rule, fields, new Starting player.
#include "fixture.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

namespace {
state round_one() {
  return two_player_game({C("R09"), C("M07"), C("C01"), C("trader-1")},
                         {C("M01"), C("R02"), C("CF3-1"), C("C02")}, ruleset::yucata, {C("M02"), C("R05")});
}
}  // namespace

TEST_CASE("the first Harvest phase turns a field and harvests the Home field") {
  const state s = round_one();
  CHECK(s.round == 1);
  const auto& p0 = s.players[0];
  REQUIRE(p0.fields.size() == 2);
  CHECK(p0.fields[1].id == F("PF3-A"));
  CHECK(p0.fields[1].count == 0);  // turned over but not sown
  CHECK(p0.fields[0].count == 8);
  CHECK(p0.cart[veg::wheat] == 1);
  CHECK(s.current_step == step::distribution);
  CHECK(s.active == 0);
}

TEST_CASE("a Distribution round as written") {
  state s = round_one();
  // The Starting player opens the Courtyard: he cannot take from an empty one.
  refused(s, 0, cmd::take_cards{C("R09"), no_card}, "courtyard_card_needed");
  refused(s, 1, cmd::place_in_courtyard{C("M01")}, "not_your_turn");
  ok(s, 0, cmd::place_in_courtyard{C("M07")});
  CHECK(s.courtyard == std::vector<card_id>{C("M07")});
  CHECK(s.active == 1);

  // Player 1 takes the Market stall and plays a common field from his hand: 2 Cash at once.
  const int cash_before = s.players[1].cash;
  ok(s, 1, cmd::take_cards{C("CF3-1"), C("M07")});
  CHECK(s.players[1].cash == cash_before - 2);
  CHECK(s.players[1].fields.back().id == F("CF3-1"));
  REQUIRE(s.players[1].played.size() == 1);
  CHECK(s.players[1].played[0].card == C("M07"));
  CHECK(s.players[1].played[0].stall_left == 0b111);  // filled when played
  // The rest of his hand goes to the Courtyard; he is out of this Distribution round.
  CHECK(s.courtyard == std::vector<card_id>{C("M01"), C("R02"), C("C02")});

  // The last player may no longer add a card: he must take.
  CHECK(s.active == 0);
  refused(s, 0, cmd::place_in_courtyard{C("C01")}, "must_take");
  CHECK_FALSE(listed(s, 0, cmd::place_in_courtyard{C("C01")}));
  ok(s, 0, cmd::take_cards{C("R09"), C("M01")});

  // The last player to take starts the Action phase; the second-last is Second player.
  CHECK(s.starting == 0);
  CHECK(s.second == 1);
  CHECK(s.current_phase == phase::action);
  CHECK(s.action_order == std::vector<player_id>{0, 1});
  // The Courtyard's remainder is the new discard pile.
  CHECK(s.courtyard.empty());
  CHECK(s.discard_pile.size() == 4);
  // A played Regular customer has a blue marker and is due this round.
  const auto& r09 = s.players[0].played[0];
  CHECK(r09.card == C("R09"));
  CHECK_FALSE(r09.red);
  CHECK_FALSE(r09.handled);
  CHECK(check_invariants(s).empty());
}

TEST_CASE("with 2 players a card may be turned into the Courtyard at the start of a turn") {
  state s = round_one();
  ok(s, 0, cmd::reveal_courtyard{});
  CHECK(s.courtyard == std::vector<card_id>{C("M02")});
  refused(s, 0, cmd::reveal_courtyard{}, "already_revealed");
  // ...which lets the Starting player take at once.
  ok(s, 0, cmd::take_cards{C("R09"), C("M02")});
  CHECK(s.active == 1);
  // The last player may also turn a card before taking.
  ok(s, 1, cmd::reveal_courtyard{});
  CHECK(std::count(s.courtyard.begin(), s.courtyard.end(), C("R05")) == 1);
}

TEST_CASE("only 2-player games turn cards into the Courtyard") {
  options o;
  o.players = 3;
  state s = new_game(o, 11);
  autoplay_until(s, [](const state& x) { return x.current_step == step::distribution; });
  refused(s, s.active, cmd::reveal_courtyard{}, "not_two_players");
}

TEST_CASE("a common field needs 2 Cash: sell or take a loan first") {
  state s = round_one();
  ok(s, 0, cmd::place_in_courtyard{C("M07")});
  s.players[1].cash = 1;
  refused(s, 1, cmd::take_cards{C("CF3-1"), C("M07")}, "not_enough_cash");
  ok(s, 1, cmd::sell{veg::turnip});  // out of the cart: the harvested turnip, +1
  ok(s, 1, cmd::take_cards{C("CF3-1"), C("M07")});
  CHECK(s.players[1].cash == 0);
}

TEST_CASE("a player's last hand card cannot go to the Courtyard") {
  // Three players; player 0 places cards until one is left.
  options o;
  o.players = 3;
  setup_override f;
  f.starting = 0;
  state s = new_game(o, 5, f);
  autoplay_until(s, [](const state& x) { return x.current_step == step::distribution; });
  for (int i = 0; i < 3; ++i) {
    ok(s, s.active, cmd::place_in_courtyard{s.players[static_cast<std::size_t>(s.active)].hand.front()});
  }
  // Each has placed one card; now player 0 again with 3 cards: place two more rounds.
  ok(s, 0, cmd::place_in_courtyard{s.players[0].hand.front()});
  ok(s, 1, cmd::place_in_courtyard{s.players[1].hand.front()});
  ok(s, 2, cmd::place_in_courtyard{s.players[2].hand.front()});
  ok(s, 0, cmd::place_in_courtyard{s.players[0].hand.front()});
  REQUIRE(s.players[0].hand.size() == 1);
  ok(s, 1, cmd::place_in_courtyard{s.players[1].hand.front()});
  ok(s, 2, cmd::place_in_courtyard{s.players[2].hand.front()});
  CHECK(s.active == 0);
  refused(s, 0, cmd::place_in_courtyard{s.players[0].hand.front()}, "must_take");
  const card_id last = s.players[0].hand.front();
  ok(s, 0, cmd::take_cards{last, s.courtyard.front()});
  CHECK(s.players[0].hand.empty());
}

TEST_CASE("the discard pile is shuffled into the draw pile at the start of the next Card phase") {
  state s = round_one();
  ok(s, 0, cmd::place_in_courtyard{C("M07")});
  ok(s, 1, cmd::take_cards{C("R02"), C("M07")});
  ok(s, 0, cmd::take_cards{C("R09"), C("M01")});
  const auto discards = s.discard_pile;
  REQUIRE(discards.size() == 4);
  const std::size_t draw_before = s.draw_pile.size();
  play_to_turn(s, 0);
  end_turn_plainly(s);
  end_turn_plainly(s);
  CHECK(s.round == 2);
  CHECK(s.discard_pile.empty());
  CHECK(s.draw_pile.size() == draw_before + 4 - 8);
  for (const auto& p : s.players) CHECK(p.hand.size() == 4);
}

TEST_CASE("a short draw pile is dealt evenly in the Card phase") {
  state s = round_one();
  ok(s, 0, cmd::place_in_courtyard{C("M07")});
  ok(s, 1, cmd::take_cards{C("R02"), C("M07")});
  ok(s, 0, cmd::take_cards{C("R09"), C("M01")});
  // Leave 5 cards in the game's deck: 2 each can be dealt, one stays.
  s.out_of_game.insert(s.out_of_game.end(), s.discard_pile.begin(), s.discard_pile.end());
  s.discard_pile.clear();
  while (s.draw_pile.size() > 5) {
    s.out_of_game.push_back(s.draw_pile.front());
    s.draw_pile.erase(s.draw_pile.begin());
  }
  play_to_turn(s, 0);
  end_turn_plainly(s);
  end_turn_plainly(s);
  CHECK(s.round == 2);
  CHECK(s.players[0].hand.size() == 2);
  CHECK(s.players[1].hand.size() == 2);
  CHECK(s.draw_pile.size() == 1);
}

TEST_CASE("Introductory version: the START customer is played instead of a hand card") {
  options o;
  o.players = 2;
  o.introductory = true;
  setup_override f;
  f.starting = 0;
  f.intro = {C("R09"), C("R01")};
  f.hands = {{C("M07"), C("C01"), C("M02"), C("trader-1")}, {C("M01"), C("R02"), C("C03"), C("C02")}};
  state s = new_game(o, 3, f);
  ok(s, 0, cmd::plant_home{veg::wheat});
  ok(s, 1, cmd::plant_home{veg::pumpkin});
  ok(s, 0, cmd::place_in_courtyard{C("M07")});
  ok(s, 1, cmd::take_cards{C("R01"), C("M07")});
  // His whole hand went to the Courtyard: he played no hand card.
  CHECK(s.courtyard.size() == 4);
  CHECK(s.players[1].intro == no_card);
  CHECK(s.players[1].played.front().card == C("R01"));
  CHECK(check_invariants(s).empty());
}
