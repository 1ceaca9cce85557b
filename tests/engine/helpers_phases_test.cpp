// When Helpers can be used: [1] Harvest phase, [2] Card phase, [3] Action phase, as listed in
// the Helper Reference; and undo of a Helper's use within the turn.
#include <set>
#include <string>

#include "fixture.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

namespace {
const char* const every_helper[] = {
    "book-keeper", "con-man", "deliveryman", "haggler", "harvest-helper", "maid", "market-crier",
    "market-woman", "merchant", "messenger-boy", "official", "plough-man", "saleswoman", "shopper",
    "squire", "subsistence-farmer", "tenant-farmer", "tout", "trader-1"};

/// Every Helper for player 0, and for player 1 the cards other players' Helpers reach for.
void give_everything(state& s) {
  for (const char* h : every_helper) give(s, 0, C(h));
  for (const char* c : {"M02", "R02", "R06", "C01"}) give(s, 0, C(c));
  for (const char* c : {"M07", "R09", "C05"}) give(s, 1, C(c));
  if (s.opts.rules == ruleset::original) give(s, 1, C("foreman"));
  add_field(s, 0, F("PF5-A"), veg::wheat, 5);
  add_field(s, 0, F("PF6-A"), veg::wheat, 1);
  add_field(s, 1, F("PF5-A"), veg::pumpkin, 5);
  s.players[0].cart = vegs({{veg::wheat, 3}, {veg::pumpkin, 3}, {veg::turnip, 3}, {veg::cabbage, 3}});
  s.players[0].cash = 30;
}

std::set<std::string> listed_names(const state& s, player_id p) {
  std::set<std::string> out;
  for (const auto& c : legal_commands(s, p)) out.insert(std::string(command_name(c)));
  return out;
}

// Any time: sell, take a loan, discard a Helper unused.
const std::set<std::string> any_time{"sell", "take_loan", "discard_helper"};

std::set<std::string> without_any_time(std::set<std::string> names) {
  for (const auto& n : any_time) names.erase(n);
  return names;
}
}  // namespace

TEST_CASE("phase [3]: the Action phase offers every Action phase Helper, no Card or Harvest phase one") {
  state s = action_game(2, ruleset::original);
  give_everything(s);
  const auto names = listed_names(s, 0);
  for (const char* n : {"use_book_keeper", "haggler", "shopper", "merchant", "activate_helper", "saleswoman_blue",
                        "market_crier_refill", "market_crier_sell", "plough_clear", "plough_harvest",
                        "tenant_buy_field", "tenant_swap_field", "deliveryman", "market_woman",
                        "subsistence_farmer", "tout_swap", "tout_buy", "trader"}) {
    INFO(n);
    CHECK(names.count(n) == 1);
  }
  for (const char* n : {"squire_take", "finish_taking", "harvest_helper", "skip_harvest_helper", "foreman_take",
                        "con_man"}) {  // the Con man: player 0 is the Starting player
    INFO(n);
    CHECK(names.count(n) == 0);
  }
  // Another player, out of turn, may only do what is allowed any time.
  CHECK(without_any_time(listed_names(s, 1)).empty());
}

TEST_CASE("phase [2]: in the Card phase only the Book-keeper (and the Squire after taking); on yucata also the Market crier's sale") {
  // The Book-keeper only to finance a field (rules_letter_test): one in hand, and no Cash.
  state y = two_player_game({C("CF3-1"), C("M03"), C("M04"), C("M05")}, {C("M06"), C("M08"), C("M09"), C("M10")});
  give_everything(y);
  y.players[0].cash = 0;
  y.players[0].shop = {};
  auto yucata_names = without_any_time(listed_names(y, 0));
  for (const char* n : {"reveal_courtyard", "place_in_courtyard"}) yucata_names.erase(n);
  CHECK(yucata_names == std::set<std::string>{"use_book_keeper", "market_crier_sell"});

  state s = two_player_game({C("CF3-1"), C("M03"), C("M04"), C("M05")}, {C("M06"), C("M08"), C("M09"), C("M10")},
                            ruleset::original);
  give_everything(s);
  s.players[0].cash = 0;
  s.players[0].shop = {};
  auto names = without_any_time(listed_names(s, 0));
  for (const char* n : {"reveal_courtyard", "place_in_courtyard"}) names.erase(n);
  CHECK(names == std::set<std::string>{"use_book_keeper"});  // the Helper Reference: Market crier [3]
  ok(s, 0, cmd::place_in_courtyard{C("M05")});
  ok(s, 1, cmd::take_cards{C("M06"), C("M05")});
  ok(s, 0, cmd::take_loan{});  // (the field costs 2)
  ok(s, 0, cmd::take_cards{C("CF3-1"), C("M08")});
  REQUIRE(s.current_step == step::squire);
  names = without_any_time(listed_names(s, 0));
  CHECK(names == std::set<std::string>{"squire_take", "finish_taking"});
}

TEST_CASE("phase [1]: in the Harvest phase only the Harvest helper's decision") {
  state s = action_game();
  give_everything(s);
  s.players[0].cart = {};
  autoplay_until(s, [](const state& x) { return x.current_step == step::harvest_helper; });
  REQUIRE(s.active == 0);
  CHECK(s.current_phase == phase::harvest);
  CHECK(without_any_time(listed_names(s, 0)) == std::set<std::string>{"harvest_helper", "skip_harvest_helper"});
}

TEST_CASE("undo takes back a Helper's use in the own turn; lantern Helpers cannot be taken back") {
  state s = action_game();
  give(s, 0, C("haggler"), C("R05"));
  give(s, 0, C("trader-1"));
  give(s, 1, C("M02"));
  s.players[0].shop[veg::wheat] = 2;
  s.players[0].cart = vegs({{veg::pumpkin, 1}});
  const state before = s;
  ok(s, 0, cmd::haggler{veg::wheat});
  REQUIRE(undo_available(s, 0));
  ok(s, 0, cmd::undo{});
  CHECK(s.players == before.players);
  CHECK(s.discard_pile == before.discard_pile);
  ok(s, 0, cmd::trader{C("trader-1"), 1, C("M02"), veg::wheat, veg::pumpkin, std::nullopt});
  CHECK_FALSE(undo_available(s, 0));
  refused(s, 0, cmd::undo{}, "nothing_to_undo");
}
