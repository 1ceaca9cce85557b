// Helpers around fields and the shop: Harvest helper, Plough-man, Subsistence farmer,
// Tenant-farmer, Book-keeper (Helper Reference of both rule files).
#include "fixture.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

namespace {
const field* field_of(const state& s, player_id p, field_id f) {
  for (const auto& x : s.players[static_cast<std::size_t>(p)].fields)
    if (x.id == f) return &x;
  return nullptr;
}
std::uint16_t mask(field_id f) { return static_cast<std::uint16_t>(1u << f); }

/// A common field card in p's field row, sown with `count` of `crop`.
void add_common_field(state& s, player_id p, card_id c, veg crop, int count) {
  take_from_piles(s, c);
  s.players[static_cast<std::size_t>(p)].fields.push_back(
      field{common_field_of(c), crop, static_cast<std::uint8_t>(count), no_card});
}

/// Ends round 1 plainly; stops at the Harvest helper decision of round 2 (or the Card phase).
void to_round_two_harvest(state& s) {
  autoplay_until(s, [](const state& x) {
    return x.round == 2 && (x.current_step == step::harvest_helper || x.current_phase == phase::card);
  });
}
}  // namespace

// --- Harvest helper ---

TEST_CASE("Harvest helper option 1 (yucata): a special turn after the harvest, fields with at least 3 left") {
  state s = action_game();
  give(s, 0, C("harvest-helper"));
  add_field(s, 0, F("PF5-A"), veg::wheat, 5);
  add_field(s, 0, F("PF6-A"), veg::pumpkin, 3);
  add_field(s, 0, F("PF5-B"), veg::turnip, 4);
  to_round_two_harvest(s);
  REQUIRE(s.current_step == step::harvest_helper);
  CHECK(s.current_phase == phase::harvest);
  CHECK(s.active == 0);
  CHECK(field_of(s, 0, F("PF5-A"))->count == 4);  // the automatic harvest came first
  CHECK(field_of(s, 0, F("PF6-A"))->count == 2);
  refused(s, 0, cmd::harvest_helper{mask(F("PF6-A"))}, "no_fields_chosen");
  refused(s, 0, cmd::harvest_helper{mask(home_field)}, "no_fields_chosen");  // never the Home field
  refused(s, 0, cmd::activate_helper{C("harvest-helper")}, "wrong_step");
  CHECK(listed(s, 0, cmd::skip_harvest_helper{}));
  const veg_counts cart = s.players[0].cart;
  const int home = field_of(s, 0, home_field)->count;
  // The player chooses for each field whether to use it.
  ok(s, 0, cmd::harvest_helper{mask(F("PF5-A"))});
  CHECK(field_of(s, 0, F("PF5-A"))->count == 3);
  CHECK(field_of(s, 0, F("PF5-B"))->count == 3);
  CHECK(field_of(s, 0, home_field)->count == home);
  CHECK(s.players[0].cart[veg::wheat] == cart[veg::wheat] + 1);
  CHECK_FALSE(in_play(s, 0, C("harvest-helper")));
  CHECK(s.current_phase == phase::card);
}

TEST_CASE("Harvest helper option 1 (original): counted before harvesting, at least 4") {
  state s = action_game(2, ruleset::original);
  give(s, 0, C("harvest-helper"));
  add_field(s, 0, F("PF5-A"), veg::wheat, 4);
  add_field(s, 0, F("PF6-A"), veg::pumpkin, 3);  // 4 spaces are not enough: it needs 4 tokens
  to_round_two_harvest(s);
  REQUIRE(s.current_step == step::harvest_helper);
  CHECK(listed(s, 0, cmd::harvest_helper{mask(F("PF5-A"))}));
  CHECK_FALSE(listed(s, 0, cmd::harvest_helper{mask(F("PF6-A"))}));
  ok(s, 0, cmd::harvest_helper{mask(F("PF5-A"))});
  CHECK(field_of(s, 0, F("PF5-A"))->count == 2);  // 2 harvested from it this round
}

TEST_CASE("Harvest helper: kept when skipped; no turn without a field to use it on") {
  state s = action_game();
  give(s, 0, C("harvest-helper"));
  add_field(s, 0, F("PF5-A"), veg::wheat, 5);
  to_round_two_harvest(s);
  REQUIRE(s.current_step == step::harvest_helper);
  ok(s, 0, cmd::skip_harvest_helper{});
  CHECK(in_play(s, 0, C("harvest-helper")));
  CHECK(s.current_phase == phase::card);

  state t = action_game();
  give(t, 0, C("harvest-helper"));
  add_field(t, 0, F("PF5-A"), veg::wheat, 3);
  to_round_two_harvest(t);
  CHECK(t.current_phase == phase::card);  // 2 left: nothing to harvest, no decision
}

TEST_CASE("Harvest helper option 2: fields sown in this Action phase get one more vegetable") {
  state s = action_game();
  give(s, 0, C("harvest-helper"));
  refused(s, 0, cmd::harvest_helper{mask(F("PF3-A"))}, "wrong_step");  // option 1 only in phase 1
  s.players[0].cart = vegs({{veg::bean, 1}, {veg::wheat, 1}});
  ok(s, 0, cmd::activate_helper{C("harvest-helper")});
  CHECK_FALSE(in_play(s, 0, C("harvest-helper")));
  ok(s, 0, cmd::sow{veg::bean, F("PF3-A")});
  CHECK(field_of(s, 0, F("PF3-A"))->count == 4);
  require_invariants(s);
}

// --- Plough-man ---

TEST_CASE("Plough-man option 1: empties an own field of 2 or more; it can be re-sown") {
  state s = action_game();
  give(s, 0, C("plough-man"));
  add_field(s, 0, F("PF5-A"), veg::wheat, 4);
  add_field(s, 0, F("PF6-A"), veg::wheat, 1);
  refused(s, 0, cmd::plough_clear{home_field}, "no_such_field");
  refused(s, 0, cmd::plough_clear{F("PF6-A")}, "field_too_small");
  refused(s, 0, cmd::plough_clear{F("PF4-B")}, "no_such_field");
  ok(s, 0, cmd::plough_clear{F("PF5-A")});
  CHECK(field_of(s, 0, F("PF5-A"))->count == 0);
  CHECK(s.players[0].cash == 10);  // no compensation
  CHECK(s.players[0].cart == veg_counts{});
  s.players[0].cart = vegs({{veg::pumpkin, 1}});
  ok(s, 0, cmd::sow{veg::pumpkin, F("PF5-A")});
  CHECK(field_of(s, 0, F("PF5-A"))->count == 5);
}

TEST_CASE("Plough-man: a re-sown Common field is not paid for again") {
  state s = action_game();
  give(s, 0, C("plough-man"));
  add_common_field(s, 0, C("CF4-1"), veg::wheat, 3);
  ok(s, 0, cmd::plough_clear{F("CF4-1")});
  s.players[0].cart = vegs({{veg::bean, 1}});
  ok(s, 0, cmd::sow{veg::bean, F("CF4-1")});
  CHECK(s.players[0].cash == 10);
  CHECK(field_of(s, 0, F("CF4-1"))->count == 4);
}

TEST_CASE("Plough-man option 2: harvests every own field with exactly one vegetable") {
  state s = action_game();
  give(s, 0, C("plough-man"));
  add_field(s, 0, F("PF5-A"), veg::wheat, 3);
  refused(s, 0, cmd::plough_harvest{}, "field_too_small");
  add_field(s, 0, F("PF6-A"), veg::turnip, 1);
  add_common_field(s, 0, C("CF3-1"), veg::leek, 1);
  s.players[0].fields.front().count = 1;  // never the Home field
  ok(s, 0, cmd::plough_harvest{});
  CHECK(s.players[0].cart == vegs({{veg::turnip, 1}, {veg::leek, 1}}));
  CHECK(field_of(s, 0, F("PF6-A")) == nullptr);  // an emptied private field leaves the game
  CHECK(field_of(s, 0, F("CF3-1")) == nullptr);
  CHECK(s.discard_pile.back() == C("plough-man"));
  CHECK(std::find(s.discard_pile.begin(), s.discard_pile.end(), C("CF3-1")) != s.discard_pile.end());
  CHECK(field_of(s, 0, F("PF5-A"))->count == 3);
  CHECK(field_of(s, 0, home_field)->count == 1);
  require_invariants(s);
}

// --- Subsistence farmer ---

TEST_CASE("Subsistence farmer: 1 vegetable from another player's field of 4 or more, for 1 Cash") {
  state s = action_game();
  give(s, 0, C("subsistence-farmer"));
  add_field(s, 1, F("PF5-A"), veg::pumpkin, 4);
  add_field(s, 1, F("PF6-A"), veg::wheat, 3);
  add_field(s, 0, F("PF5-A"), veg::wheat, 5);
  const veg_counts cart1 = s.players[1].cart;
  refused(s, 0, cmd::subsistence_farmer{1, home_field}, "no_such_field");
  refused(s, 0, cmd::subsistence_farmer{1, F("PF6-A")}, "field_too_small");
  refused(s, 0, cmd::subsistence_farmer{0, F("PF5-A")}, "not_other_player");
  s.players[0].cash = 0;
  refused(s, 0, cmd::subsistence_farmer{1, F("PF5-A")}, "not_enough_cash");
  s.players[0].cash = 10;
  ok(s, 0, cmd::subsistence_farmer{1, F("PF5-A")});
  CHECK(s.players[0].cart == vegs({{veg::pumpkin, 1}}));
  CHECK(field_of(s, 1, F("PF5-A"))->count == 3);
  CHECK(s.players[0].cash == 9);
  CHECK(s.players[1].cash == 11);
  CHECK(s.players[1].cart == cart1);
}

TEST_CASE("Subsistence farmer: only in the Action phase") {
  state s = two_player_game({C("M01"), C("M02"), C("M03"), C("M04")}, {C("M05"), C("M06"), C("M07"), C("M08")});
  give(s, 0, C("subsistence-farmer"));
  add_field(s, 1, F("PF5-A"), veg::pumpkin, 5);
  refused(s, 0, cmd::subsistence_farmer{1, F("PF5-A")}, "wrong_step");
}

// --- Tenant-farmer ---

TEST_CASE("Tenant-farmer option 1: pay 3 for any field of the own pile; the order stays") {
  state s = action_game();
  give(s, 0, C("tenant-farmer"));
  const auto before = s.players[0].field_pile;  // back() is the top: PF4-A
  s.players[0].cash = 2;
  refused(s, 0, cmd::tenant_buy_field{F("PF6-A")}, "not_enough_cash");
  s.players[0].cash = 10;
  refused(s, 0, cmd::tenant_buy_field{F("PF3-A")}, "not_in_field_pile");  // already turned over
  ok(s, 0, cmd::tenant_buy_field{F("PF6-A")});
  CHECK(s.players[0].cash == 7);
  REQUIRE(field_of(s, 0, F("PF6-A")) != nullptr);
  CHECK(field_of(s, 0, F("PF6-A"))->count == 0);
  auto expected = before;
  expected.erase(std::find(expected.begin(), expected.end(), F("PF6-A")));
  CHECK(s.players[0].field_pile == expected);
}

TEST_CASE("Tenant-farmer option 2: an unsown field goes under the pile, another comes out of it") {
  state s = action_game();
  give(s, 0, C("tenant-farmer"));
  add_field(s, 0, F("PF5-A"), veg::wheat, 5);
  refused(s, 0, cmd::tenant_swap_field{F("PF5-A"), F("PF6-B")}, "field_sown");
  refused(s, 0, cmd::tenant_swap_field{home_field, F("PF6-B")}, "no_such_field");
  ok(s, 0, cmd::tenant_swap_field{F("PF3-A"), F("PF6-B")});
  CHECK(field_of(s, 0, F("PF3-A")) == nullptr);
  CHECK(field_of(s, 0, F("PF6-B")) != nullptr);
  CHECK(s.players[0].field_pile.front() == F("PF3-A"));  // the bottom
  CHECK(s.players[0].cash == 10);
}

TEST_CASE("Tenant-farmer: a Common field under the pile is not paid for when it comes back") {
  state s = action_game();
  give(s, 0, C("tenant-farmer"));
  add_common_field(s, 0, C("CF3-2"), veg::wheat, 0);
  ok(s, 0, cmd::tenant_swap_field{F("CF3-2"), F("PF4-A")});
  CHECK(s.players[0].field_pile.front() == F("CF3-2"));
  require_invariants(s);
  // Leave it alone on the pile: it is turned over at the next harvest.
  while (s.players[0].field_pile.size() > 1) s.players[0].field_pile.pop_back();
  const int cash = s.players[0].cash;
  end_turn_plainly(s);
  autoplay_until(s, [](const state& x) { return x.round == 2; });
  CHECK(field_of(s, 0, F("CF3-2")) != nullptr);
  CHECK(s.players[0].cash == cash);
}

TEST_CASE("Tenant-farmer: a player must take a field; without one there is nothing to use it for") {
  state s = action_game();
  give(s, 0, C("tenant-farmer"));
  s.players[0].field_pile.clear();
  for (const auto& c : legal_commands(s, 0)) {
    const auto name = command_name(c);
    CHECK(name != "tenant_buy_field");
    CHECK(name != "tenant_swap_field");
  }
}

// --- Book-keeper ---

namespace {
state book_keeper_game(ruleset rules) {
  state s = action_game(2, rules);
  give(s, 0, C("book-keeper"));
  add_field(s, 0, F("PF5-A"), veg::pumpkin, 5);
  add_field(s, 0, F("PF6-A"), veg::pumpkin, 6);
  s.players[0].shop = vegs({{veg::wheat, 3}, {veg::pumpkin, 2}, {veg::bean, 1}});
  return s;
}
}  // namespace

TEST_CASE("Book-keeper: arrange the shop freely, then 1 Cash per field sown with one vegetable") {
  state s = book_keeper_game(ruleset::original);
  ok(s, 0, cmd::use_book_keeper{});
  CHECK(s.current_step == step::book_keeper);
  refused(s, 0, cmd::buy{veg::wheat}, "wrong_step");
  refused(s, 0, cmd::shop_add{veg::wheat}, "shop_space");
  refused(s, 0, cmd::shop_remove{veg::leek}, "shop_space");
  refused(s, 0, cmd::discard_helper{C("book-keeper")}, "wrong_step");
  ok(s, 0, cmd::shop_add{veg::leek});
  ok(s, 0, cmd::shop_add{veg::leek});
  ok(s, 0, cmd::shop_remove{veg::wheat});
  CHECK(s.players[0].cash == 10);  // the shop is arranged without paying
  // Original rules: the player chooses the vegetable (wheat: the Home field only).
  ok(s, 0, cmd::book_keeper_done{veg::wheat});
  CHECK(s.players[0].cash == 11);
  CHECK(s.players[0].shop == vegs({{veg::wheat, 2}, {veg::pumpkin, 2}, {veg::bean, 1}, {veg::leek, 2}}));
  CHECK(s.current_step == step::main);
  CHECK_FALSE(in_play(s, 0, C("book-keeper")));
}

TEST_CASE("Book-keeper (yucata): pays for the vegetable that gives the most") {
  state s = book_keeper_game(ruleset::yucata);
  ok(s, 0, cmd::use_book_keeper{});
  refused(s, 0, cmd::book_keeper_done{veg::wheat}, "no_book_keeper_best");
  CHECK_FALSE(listed(s, 0, cmd::book_keeper_done{veg::wheat}));
  ok(s, 0, cmd::book_keeper_done{veg::pumpkin});
  CHECK(s.players[0].cash == 12);
}

TEST_CASE("Book-keeper: usable in the Card phase to finance a new field") {
  state s = two_player_game({C("CF3-1"), C("M02"), C("M03"), C("M04")}, {C("M05"), C("M06"), C("M07"), C("M08")});
  ok(s, 0, cmd::place_in_courtyard{C("M04")});
  ok(s, 1, cmd::take_cards{C("M05"), C("M04")});
  give(s, 0, C("book-keeper"));
  add_field(s, 0, F("PF5-A"), veg::pumpkin, 5);
  add_field(s, 0, F("PF6-A"), veg::pumpkin, 6);
  s.players[0].cash = 0;
  refused(s, 0, cmd::take_cards{C("CF3-1"), C("M06")}, "not_enough_cash");
  refused(s, 1, cmd::use_book_keeper{}, "not_your_turn");
  ok(s, 0, cmd::use_book_keeper{});
  ok(s, 0, cmd::book_keeper_done{veg::pumpkin});
  CHECK(s.current_step == step::distribution);
  CHECK(s.active == 0);
  ok(s, 0, cmd::take_cards{C("CF3-1"), C("M06")});
  CHECK(s.players[0].cash == 0);
  CHECK(field_of(s, 0, F("CF3-1")) != nullptr);
}
