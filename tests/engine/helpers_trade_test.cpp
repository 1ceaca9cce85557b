// Helpers that buy and trade vegetables: Haggler, Shopper, Merchant, Maid, Trader, Market
// crier, Market woman (Helper Reference of both rule files).
#include "fixture.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

namespace {
bool discarded(const state& s, card_id c) {
  return std::find(s.discard_pile.begin(), s.discard_pile.end(), c) != s.discard_pile.end();
}
}  // namespace

// --- Haggler ---

TEST_CASE("Haggler: two of one vegetable from the own shop for the price of one") {
  state s = action_game();
  give(s, 0, C("haggler"));
  s.players[0].shop[veg::pumpkin] = 2;
  s.players[0].shop[veg::bean] = 1;
  refused(s, 0, cmd::haggler{veg::bean}, "not_in_shop");  // only when the shop holds two
  CHECK_FALSE(listed(s, 0, cmd::haggler{veg::bean}));
  ok(s, 0, cmd::haggler{veg::pumpkin});
  CHECK(s.players[0].cash == 10 - 4);
  CHECK(s.players[0].cart == vegs({{veg::pumpkin, 2}}));
  CHECK(s.players[0].shop[veg::pumpkin] == 0);
  CHECK_FALSE(in_play(s, 0, C("haggler")));  // once only
  CHECK(s.discard_pile.back() == C("haggler"));
  refused(s, 0, cmd::haggler{veg::wheat}, "no_such_helper_kind");
  require_invariants(s);
}

TEST_CASE("Haggler: only in the own Action phase turn") {
  state s = action_game();
  give(s, 1, C("haggler"));
  refused(s, 1, cmd::haggler{veg::wheat}, "not_your_turn");
  state card_phase = two_player_game({C("M01"), C("M02"), C("M03"), C("M04")},
                                     {C("M05"), C("M06"), C("M07"), C("M08")});
  give(card_phase, 0, C("haggler"));
  refused(card_phase, 0, cmd::haggler{veg::wheat}, "wrong_step");
  CHECK_FALSE(listed(card_phase, 0, cmd::haggler{veg::wheat}));
}

// --- Shopper ---

TEST_CASE("Shopper: one vegetable from the supply for 2 less than the shop price") {
  state s = action_game();
  give(s, 0, C("shopper"));
  s.players[0].shop = {};  // the supply, not the shop
  ok(s, 0, cmd::shopper{veg::leek, false});
  CHECK(s.players[0].cash == 10 - 4);
  CHECK(s.players[0].cart == vegs({{veg::leek, 1}}));
  CHECK(s.players[0].shop == veg_counts{});
  CHECK(s.discard_pile.back() == C("shopper"));
}

TEST_CASE("Shopper prices: wheat 1, pumpkins 2, turnips and cabbages 3, beans and leeks 4") {
  const std::pair<veg, int> prices[] = {{veg::wheat, 1}, {veg::pumpkin, 2}, {veg::turnip, 3},
                                        {veg::cabbage, 3}, {veg::bean, 4}, {veg::leek, 4}};
  for (auto [v, price] : prices) {
    state s = action_game();
    give(s, 0, C("shopper"));
    s.players[0].cash = price - 1;
    refused(s, 0, cmd::shopper{v, false}, "not_enough_cash");
    s.players[0].cash = price;
    ok(s, 0, cmd::shopper{v, false});
    CHECK(s.players[0].cash == 0);
  }
}

TEST_CASE("Haggler + Shopper: two of a kind from the supply for the Shopper's price of one") {
  state s = action_game();
  give(s, 0, C("shopper"));
  refused(s, 0, cmd::shopper{veg::cabbage, true}, "no_such_helper_kind");
  give(s, 0, C("haggler"));
  s.players[0].shop[veg::cabbage] = 0;  // the Haggler needs no shop stock with the Shopper
  ok(s, 0, cmd::shopper{veg::cabbage, true});
  CHECK(s.players[0].cash == 10 - 3);
  CHECK(s.players[0].cart == vegs({{veg::cabbage, 2}}));
  CHECK_FALSE(in_play(s, 0, C("shopper")));
  CHECK_FALSE(in_play(s, 0, C("haggler")));
  require_invariants(s);
}

// --- Merchant ---

namespace {
/// The rulebook's example: Regular customers wheat/wheat, pumpkin/cabbage and pumpkin/leek.
state merchant_game() {
  state s = action_game();
  give(s, 0, C("merchant"));
  give(s, 0, C("R02"));
  give(s, 0, C("R06"));
  give(s, 0, C("R11"));
  s.players[0].shop = vegs({{veg::wheat, 3}, {veg::pumpkin, 2}, {veg::cabbage, 2}, {veg::leek, 1}});
  return s;
}
constexpr std::uint8_t bit(veg v) { return static_cast<std::uint8_t>(1u << static_cast<int>(v)); }
}  // namespace

TEST_CASE("Merchant example: wheat/wheat, pumpkin/cabbage, pumpkin/leek buy 1 wheat and 1 pumpkin for 1 each") {
  state s = merchant_game();
  refused(s, 0, cmd::merchant{bit(veg::cabbage), {}, {}}, "not_wanted_twice");
  refused(s, 0, cmd::merchant{bit(veg::leek), {}, {}}, "not_wanted_twice");
  CHECK(listed(s, 0, cmd::merchant{static_cast<std::uint8_t>(bit(veg::wheat) | bit(veg::pumpkin)), {}, {}}));
  ok(s, 0, cmd::merchant{static_cast<std::uint8_t>(bit(veg::wheat) | bit(veg::pumpkin)), {}, {}});
  CHECK(s.players[0].cash == 10 - 2);
  CHECK(s.players[0].cart == vegs({{veg::wheat, 1}, {veg::pumpkin, 1}}));
  CHECK(s.players[0].shop[veg::wheat] == 2);
  CHECK(s.players[0].shop[veg::pumpkin] == 1);
  CHECK_FALSE(in_play(s, 0, C("merchant")));
}

TEST_CASE("Merchant: at most 1 of a vegetable even if wanted four times") {
  state s = merchant_game();
  give(s, 0, C("R01"));  // wheat/pumpkin
  give(s, 0, C("R04"));  // wheat/cabbage: wheat is wanted 4 times now
  ok(s, 0, cmd::merchant{bit(veg::wheat), {}, {}});
  CHECK(s.players[0].cart == vegs({{veg::wheat, 1}}));
}

TEST_CASE("Merchant: only Regular customers still to be served this round count") {
  state s = action_game();
  give(s, 0, C("merchant"));
  give(s, 0, C("C02"));  // a Casual customer wanting wheat twice does not count
  refused(s, 0, cmd::merchant{bit(veg::wheat), {}, {}}, "not_wanted_twice");
  give(s, 0, C("R02"));
  s.players[0].cart = vegs({{veg::wheat, 2}});
  ok(s, 0, cmd::serve_regular{C("R02")});  // delivered: nothing more to deliver this round
  refused(s, 0, cmd::merchant{bit(veg::wheat), {}, {}}, "not_wanted_twice");
}

TEST_CASE("Merchant: never a vegetable that is not in the shop") {
  state s = merchant_game();
  s.players[0].shop[veg::pumpkin] = 0;
  refused(s, 0, cmd::merchant{bit(veg::pumpkin), {}, {}}, "not_in_shop");
  s.players[0].cash = 0;
  refused(s, 0, cmd::merchant{bit(veg::wheat), {}, {}}, "not_enough_cash");
}

TEST_CASE("Haggler + Merchant: two identical vegetables for 1 Cash") {
  state s = merchant_game();
  refused(s, 0, cmd::merchant{bit(veg::wheat), veg::wheat, {}}, "no_such_helper_kind");
  give(s, 0, C("haggler"));
  refused(s, 0, cmd::merchant{bit(veg::wheat), veg::pumpkin, {}}, "merchant_choice");
  ok(s, 0, cmd::merchant{static_cast<std::uint8_t>(bit(veg::wheat) | bit(veg::pumpkin)), veg::wheat, {}});
  CHECK(s.players[0].cash == 10 - 2);
  CHECK(s.players[0].cart == vegs({{veg::wheat, 2}, {veg::pumpkin, 1}}));
  CHECK(s.players[0].shop[veg::wheat] == 1);
  CHECK_FALSE(in_play(s, 0, C("haggler")));
  CHECK_FALSE(in_play(s, 0, C("merchant")));
}

TEST_CASE("Merchant + Shopper: one of the Merchant's vegetables from the supply for 0") {
  state s = merchant_game();
  give(s, 0, C("shopper"));
  give(s, 0, C("haggler"));
  refused(s, 0, cmd::merchant{bit(veg::wheat), veg::wheat, veg::wheat}, "merchant_choice");  // not both
  ok(s, 0, cmd::merchant{static_cast<std::uint8_t>(bit(veg::wheat) | bit(veg::pumpkin)), {}, veg::pumpkin});
  CHECK(s.players[0].cash == 10 - 1);
  CHECK(s.players[0].cart == vegs({{veg::wheat, 1}, {veg::pumpkin, 1}}));
  CHECK(s.players[0].shop[veg::pumpkin] == 2);  // from the supply
  CHECK_FALSE(in_play(s, 0, C("shopper")));
  CHECK(in_play(s, 0, C("haggler")));
}

TEST_CASE("Merchant + Shopper: only a vegetable the Merchant could buy from the shop") {
  state s = merchant_game();
  give(s, 0, C("shopper"));
  s.players[0].shop[veg::pumpkin] = 0;
  refused(s, 0, cmd::merchant{bit(veg::pumpkin), {}, veg::pumpkin}, "not_in_shop");
}

// --- Maid ---

TEST_CASE("Maid: 1:1 at every 2:1 space for the rest of the Action phase") {
  state s = action_game();
  give(s, 0, C("maid"));
  give(s, 0, C("M06"));  // turnip 1, cabbage 2, leek 2
  s.players[0].cart = vegs({{veg::wheat, 3}});
  refused(s, 0, cmd::trade{C("M06"), veg::leek, veg::wheat, std::nullopt}, "wrong_give_count");
  ok(s, 0, cmd::activate_helper{C("maid")});
  CHECK(s.discard_pile.back() == C("maid"));
  refused(s, 0, cmd::trade{C("M06"), veg::leek, veg::wheat, veg::wheat}, "wrong_give_count");
  ok(s, 0, cmd::trade{C("M06"), veg::leek, veg::wheat, std::nullopt});
  ok(s, 0, cmd::trade{C("M06"), veg::cabbage, veg::wheat, std::nullopt});
  CHECK(s.players[0].cart == vegs({{veg::wheat, 1}, {veg::cabbage, 1}, {veg::leek, 1}}));
  // The effect ends with the Action phase.
  end_turn_plainly(s);
  play_to_turn(s, 0);
  CHECK(s.players[0].effects == 0);
}

TEST_CASE("John and the Maid: activated, a cheaper Two-pack, then a 1:1 trade at a 2:1 stall") {
  state s = action_game();
  give(s, 0, C("maid"));
  give(s, 0, C("haggler"));
  give(s, 0, C("M06"));
  s.players[0].cart = vegs({{veg::turnip, 1}});
  CHECK(two_pack_price(s, 0) == 2);  // two Helpers
  ok(s, 0, cmd::activate_helper{C("maid")});
  CHECK(two_pack_price(s, 0) == 1);
  ok(s, 0, cmd::buy_two_pack{});
  CHECK(s.players[0].cash == 10 - 1);
  ok(s, 0, cmd::keep_two_pack{no_card, no_card});
  ok(s, 0, cmd::trade{C("M06"), veg::cabbage, veg::turnip, std::nullopt});
  CHECK(s.players[0].cart == vegs({{veg::cabbage, 1}}));
}

TEST_CASE("Maid: is not a Helper of the Card phase") {
  state s = two_player_game({C("M01"), C("M02"), C("M03"), C("M04")}, {C("M05"), C("M06"), C("M07"), C("M08")});
  give(s, 0, C("maid"));
  refused(s, 0, cmd::activate_helper{C("maid")}, "wrong_step");
}

// --- Trader ---

TEST_CASE("Trader: trade 1 vegetable at another player's Market stall, free before round 8") {
  state s = action_game();
  give(s, 0, C("trader-2"));
  give(s, 0, C("M02"));
  give(s, 1, C("M07"));  // pumpkin 1, cabbage 1, leek 2
  s.players[0].cart = vegs({{veg::wheat, 2}, {veg::turnip, 1}});
  const veg_counts cart1 = s.players[1].cart;
  refused(s, 0, cmd::trader{C("trader-2"), 0, C("M02"), veg::wheat, veg::turnip, std::nullopt}, "not_other_player");
  refused(s, 0, cmd::trader{C("trader-1"), 1, C("M07"), veg::pumpkin, veg::wheat, std::nullopt}, "no_such_helper");
  refused(s, 0, cmd::trader{C("trader-2"), 1, C("M07"), veg::leek, veg::wheat, std::nullopt}, "wrong_give_count");
  ok(s, 0, cmd::trader{C("trader-2"), 1, C("M07"), veg::leek, veg::wheat, veg::wheat});
  CHECK(s.players[0].cart == vegs({{veg::turnip, 1}, {veg::leek, 1}}));
  CHECK(s.players[0].cash == 10);
  CHECK(s.players[1].cash == 10);
  CHECK(s.players[1].cart == cart1);  // another player's Cart is never touched
  CHECK(find_card(s.players[1], C("M07"))->stall_left == 0b011);
  CHECK_FALSE(in_play(s, 0, C("trader-2")));
  require_invariants(s);
}

TEST_CASE("Trader: pays the stall's owner 1 Cash in round 8 and 2 in round 9") {
  state s = action_game();
  for (int round : {8, 9}) {
    autoplay_until(s, [round](const state& x) {
      return x.round == round && x.current_phase == phase::action && x.current_step == step::main;
    });
    clear_areas(s);
    const player_id p = s.active;
    const player_id owner = static_cast<player_id>(1 - p);
    give(s, p, C("trader-1"));
    give(s, owner, C("M02"));
    s.players[static_cast<std::size_t>(p)].cart = vegs({{veg::pumpkin, 1}});
    const int fee = round == 8 ? 1 : 2;
    s.players[static_cast<std::size_t>(p)].cash = fee - 1;
    refused(s, p, cmd::trader{C("trader-1"), owner, C("M02"), veg::wheat, veg::pumpkin, std::nullopt}, "not_enough_cash");
    s.players[static_cast<std::size_t>(p)].cash = 5;
    ok(s, p, cmd::trader{C("trader-1"), owner, C("M02"), veg::wheat, veg::pumpkin, std::nullopt});
    CHECK(s.players[static_cast<std::size_t>(p)].cash == 5 - fee);
    CHECK(s.players[static_cast<std::size_t>(owner)].cash == 10 + fee);
    s.players[static_cast<std::size_t>(p)].cart = {};
  }
}

TEST_CASE("Maid + Trader: 1:1 at another player's 2:1 stall") {
  state s = action_game();
  give(s, 0, C("trader-3"));
  give(s, 0, C("maid"));
  give(s, 1, C("M09"));  // pumpkin 1, bean 2, leek 2
  s.players[0].cart = vegs({{veg::wheat, 1}});
  ok(s, 0, cmd::activate_helper{C("maid")});
  CHECK(listed(s, 0, cmd::trader{C("trader-3"), 1, C("M09"), veg::bean, veg::wheat, std::nullopt}));
  ok(s, 0, cmd::trader{C("trader-3"), 1, C("M09"), veg::bean, veg::wheat, std::nullopt});
  CHECK(s.players[0].cart == vegs({{veg::bean, 1}}));
}

TEST_CASE("Trader: each of the three Traders gets exactly one vegetable") {
  state s = action_game();
  for (const char* t : {"trader-1", "trader-2", "trader-3"}) give(s, 0, C(t));
  give(s, 1, C("M02"));
  s.players[0].cart = vegs({{veg::pumpkin, 3}});
  ok(s, 0, cmd::trader{C("trader-1"), 1, C("M02"), veg::wheat, veg::pumpkin, std::nullopt});
  ok(s, 0, cmd::trader{C("trader-2"), 1, C("M02"), veg::turnip, veg::pumpkin, std::nullopt});
  refused(s, 0, cmd::trader{C("trader-1"), 1, C("M02"), veg::bean, veg::pumpkin, std::nullopt}, "no_such_helper");
  ok(s, 0, cmd::trader{C("trader-3"), 1, C("M02"), veg::bean, veg::pumpkin, std::nullopt});
  // The emptied stall goes to its owner's discard pile.
  CHECK_FALSE(in_play(s, 1, C("M02")));
  CHECK(discarded(s, C("M02")));
  CHECK(s.players[0].cart == vegs({{veg::wheat, 1}, {veg::turnip, 1}, {veg::bean, 1}}));
}

// --- Market crier ---

TEST_CASE("Market crier option 1: refills all own Market stalls") {
  state s = action_game();
  give(s, 0, C("market-crier"));
  give(s, 0, C("M02")).stall_left = 0b001;
  give(s, 0, C("M03")).stall_left = 0b110;
  give(s, 1, C("M04")).stall_left = 0b001;
  ok(s, 0, cmd::market_crier_refill{});
  CHECK(find_card(s.players[0], C("M02"))->stall_left == 0b111);
  CHECK(find_card(s.players[0], C("M03"))->stall_left == 0b111);
  CHECK(find_card(s.players[1], C("M04"))->stall_left == 0b001);  // only the own stalls
  CHECK(s.discard_pile.back() == C("market-crier"));
}

TEST_CASE("Market crier: an emptied Market stall is gone and cannot be refilled") {
  state s = action_game();
  give(s, 0, C("market-crier"));
  give(s, 0, C("M02"));  // wheat, turnip, bean: 1 each
  s.players[0].cart = vegs({{veg::pumpkin, 3}});
  ok(s, 0, cmd::trade{C("M02"), veg::wheat, veg::pumpkin, std::nullopt});
  ok(s, 0, cmd::trade{C("M02"), veg::turnip, veg::pumpkin, std::nullopt});
  ok(s, 0, cmd::trade{C("M02"), veg::bean, veg::pumpkin, std::nullopt});
  CHECK_FALSE(in_play(s, 0, C("M02")));
  refused(s, 0, cmd::market_crier_refill{}, "nothing_to_refill");
  CHECK_FALSE(listed(s, 0, cmd::market_crier_refill{}));
}

TEST_CASE("Gerald and the Market crier: a bean and a leek into the shop pay 3, not 4") {
  state s = action_game();
  give(s, 0, C("market-crier"));
  give(s, 0, C("M02"));  // wheat, turnip, bean
  give(s, 0, C("M03"));  // wheat, turnip, leek
  s.players[0].shop = vegs({{veg::bean, 1}, {veg::leek, 1}});
  const cmd::market_crier_sell sale{{std::pair{C("M02"), veg::bean}, std::pair{C("M03"), veg::leek}, {}}, 2};
  CHECK(listed(s, 0, sale));
  ok(s, 0, sale);
  CHECK(s.players[0].cash == 10 + 3);
  CHECK(s.players[0].cart == veg_counts{});  // nothing traded in from the cart
  CHECK(s.players[0].shop == vegs({{veg::bean, 2}, {veg::leek, 2}}));
  CHECK(find_card(s.players[0], C("M02"))->stall_left == 0b011);
  CHECK(find_card(s.players[0], C("M03"))->stall_left == 0b011);
  CHECK_FALSE(in_play(s, 0, C("market-crier")));
}

TEST_CASE("Market crier option 2: 1 to 3 goods, only into free shop spaces") {
  state s = action_game();
  give(s, 0, C("market-crier"));
  give(s, 0, C("M02"));  // wheat, turnip, bean
  s.players[0].shop = vegs({{veg::wheat, 3}});
  const auto one = [](veg v) { return cmd::market_crier_sell{{std::pair{C("M02"), v}, {}, {}}, 1}; };
  refused(s, 0, one(veg::wheat), "shop_full");
  refused(s, 0, one(veg::leek), "crier_choice");
  refused(s, 0, cmd::market_crier_sell{{}, 0}, "crier_choice");
  // Selling all the goods of a stall empties it: it goes to the discard pile.
  s.players[0].shop = {};
  ok(s, 0, cmd::market_crier_sell{{std::pair{C("M02"), veg::wheat}, std::pair{C("M02"), veg::turnip},
                                    std::pair{C("M02"), veg::bean}}, 3});
  CHECK(s.players[0].cash == 10 + 3);  // 1 + 1 + 2 = 4, at most 3
  CHECK_FALSE(in_play(s, 0, C("M02")));
  CHECK(discarded(s, C("M02")));
  require_invariants(s);
}

TEST_CASE("Market crier option 2: goods beyond the count are refused, not ignored (fuzz finding)") {
  // Found by fuzz/engine.cpp: one good listed twice, the second time in a slot `count` leaves
  // unused, was accepted although legal_commands lists that sale only with empty extra slots.
  state s = action_game();
  give(s, 0, C("market-crier"));
  give(s, 0, C("M02"));  // wheat, turnip, bean
  s.players[0].shop = {};
  const cmd::market_crier_sell padded{{std::pair{C("M02"), veg::bean}, std::pair{C("M02"), veg::wheat}, {}}, 1};
  CHECK_FALSE(listed(s, 0, padded));
  const state before = s;
  refused(s, 0, padded, "crier_choice");
  CHECK(s == before);
  ok(s, 0, cmd::market_crier_sell{{std::pair{C("M02"), veg::bean}, {}, {}}, 1});
}

TEST_CASE("Market crier: selling works in the Card phase, refilling only in the Action phase") {
  state s = two_player_game({C("M01"), C("M03"), C("M04"), C("M05")}, {C("M06"), C("M07"), C("M08"), C("M09")});
  give(s, 0, C("market-crier"));
  give(s, 0, C("M02"));
  s.players[0].shop = {};
  refused(s, 0, cmd::market_crier_refill{}, "wrong_step");
  refused(s, 1, cmd::market_crier_sell{{std::pair{C("M02"), veg::bean}, {}, {}}, 1}, "not_your_turn");
  const cmd::market_crier_sell sale{{std::pair{C("M02"), veg::bean}, {}, {}}, 1};
  CHECK(listed(s, 0, sale));
  const int cash = s.players[0].cash;
  ok(s, 0, sale);
  CHECK(s.players[0].cash == cash + 2);
  CHECK(s.current_step == step::distribution);
  CHECK(s.active == 0);  // still his turn
}

TEST_CASE("Market crier (original): an Action phase Helper, so no selling in the Card phase") {
  // The Helper Reference marks him [3]; only Yucata's own rules add the Card phase.
  state s = two_player_game({C("M01"), C("M03"), C("M04"), C("M05")}, {C("M06"), C("M07"), C("M08"), C("M09")},
                            ruleset::original);
  give(s, 0, C("market-crier"));
  give(s, 0, C("M02"));
  s.players[0].shop = {};
  const cmd::market_crier_sell sale{{std::pair{C("M02"), veg::bean}, {}, {}}, 1};
  CHECK_FALSE(listed(s, 0, sale));
  refused(s, 0, sale, "crier_action_phase");
  refused(s, 1, sale, "not_your_turn");

  state a = action_game(2, ruleset::original);
  give(a, 0, C("market-crier"));
  give(a, 0, C("M02"));
  a.players[0].shop = {};
  CHECK(listed(a, 0, sale));
  ok(a, 0, sale);
  CHECK(a.players[0].cash == 10 + 2);
}

// --- Market woman ---

TEST_CASE("Market woman: swaps an own Market stall for another player's; both are refilled") {
  state s = action_game();
  give(s, 0, C("market-woman"));
  give(s, 0, C("M02")).stall_left = 0b100;
  give(s, 1, C("M07"), C("R05")).stall_left = 0b001;  // a Regular customer under it
  ok(s, 0, cmd::market_woman{C("M02"), 1, C("M07")});
  CHECK(find_card(s.players[0], C("M07"))->stall_left == 0b111);
  CHECK(find_card(s.players[1], C("M02"))->stall_left == 0b111);
  CHECK(find_card(s.players[0], C("M07"))->under == no_card);
  CHECK(in_play(s, 1, C("R05")));  // revealed for its owner
  CHECK_FALSE(in_play(s, 0, C("market-woman")));
  require_invariants(s);
}

TEST_CASE("Market woman: needs an own stall and another player's uncovered stall") {
  state s = action_game();
  give(s, 0, C("market-woman"));
  give(s, 1, C("M07"));
  give(s, 1, C("haggler"), C("M08"));  // a stall under a Helper cannot be taken
  refused(s, 0, cmd::market_woman{C("M02"), 1, C("M07")}, "no_such_stall");
  give(s, 0, C("M02"));
  refused(s, 0, cmd::market_woman{C("M02"), 1, C("M08")}, "no_such_stall");
  refused(s, 0, cmd::market_woman{C("M02"), 0, C("M02")}, "not_other_player");
  ok(s, 0, cmd::market_woman{C("M02"), 1, C("M07")});
}
