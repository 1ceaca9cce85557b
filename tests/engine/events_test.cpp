// Engine events per kind: the exact events of commands a player would recognise, from fixed
// setups (fixture.hpp).
#include <algorithm>
#include <sstream>

#include "fixture.hpp"
#include "loyang/engine/events.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

namespace Catch {
/// Failures print events as `name{member values}`.
template <>
struct StringMaker<event> {
  static std::string convert(const event& e) {
    std::ostringstream out;
    out << event_name(e) << "{";
    std::visit(
        [&](const auto& x) {
          const auto put = [&](const char* name, auto v) { out << name << "=" << static_cast<long long>(v) << " "; };
          const auto card_named = [&](const char* name, card_id c) {
            out << name << "=" << (c == no_card ? "none" : c == hidden_card ? "hidden" : std::string(card(c).id)) << " ";
          };
          if constexpr (requires { x.player; }) put("player", x.player);
          if constexpr (requires { x.from; }) put("from", static_cast<int>(x.from));
          if constexpr (requires { x.to; }) put("to", x.to);
          if constexpr (requires { x.amount; }) put("amount", x.amount);
          if constexpr (requires { x.reason; }) put("reason", static_cast<int>(x.reason));
          if constexpr (requires { x.card; }) card_named("card", x.card);
          if constexpr (requires { x.under; }) card_named("under", x.under);
          if constexpr (requires { x.from_under; }) card_named("from_under", x.from_under);
          if constexpr (requires { x.field; }) out << "field=" << field_name(x.field) << " ";
          if constexpr (requires { x.left; }) put("left", x.left);
          if constexpr (requires { x.round; }) put("round", x.round);
          if constexpr (requires { x.position; }) put("position", x.position);
          if constexpr (requires { x.cash; }) put("cash", x.cash);
          if constexpr (requires { x.rank; }) put("rank", x.rank);
          if constexpr (requires { x.tie_break; }) put("tie_break", x.tie_break);
          if constexpr (requires { x.cards.size(); })
            for (card_id c : x.cards) card_named("card", c);
        },
        e);
    out << "}";
    return out.str();
  }
};
}  // namespace Catch

namespace {

/// Applies a command that must be accepted and returns all its events.
event_list all_events_of(state& s, player_id p, const command& c) {
  event_list out;
  const auto e = apply(s, p, c, &out);
  INFO("command " << command_name(c) << " by player " << int(p));
  if (e) FAIL(e->code << ": " << e->message);
  return out;
}

/// The same without vegetables_moved and players_ordered: the cases below pin cards, Cash and
/// the Path; "events: vegetables moved ..." pins those two.
event_list events_of(state& s, player_id p, const command& c) {
  event_list out = all_events_of(s, p, c);
  std::erase_if(out, [](const event& e) {
    return std::holds_alternative<ev::vegetables_moved>(e) || std::holds_alternative<ev::players_ordered>(e);
  });
  return out;
}

template <class E>
std::vector<E> only(const event_list& events) {
  std::vector<E> out;
  for (const auto& e : events)
    if (const auto* x = std::get_if<E>(&e)) out.push_back(*x);
  return out;
}

using R = pay_reason;
using ev::card_source;
using ev::discard_reason;

const std::vector<field_id>& fixed_pile() {
  static const std::vector<field_id> pile{F("PF3-A"), F("PF4-A"), F("PF5-A"), F("PF6-A"),
                                          F("PF3-B"), F("PF4-B"), F("PF5-B"), F("PF6-B")};
  return pile;
}

/// Round 1's Action phase, player 0's turn: he holds R09 and M07, player 1 R02 and C01.
state action_turn(std::vector<card_id> deck = {}) {
  state s = two_player_game({C("R09"), C("M02"), C("C01"), C("trader-1")},
                            {C("M01"), C("R02"), C("M07"), C("C02")}, ruleset::yucata, std::move(deck));
  ok(s, 0, cmd::place_in_courtyard{C("C01")});
  ok(s, 1, cmd::take_cards{C("R02"), C("C01")});
  ok(s, 0, cmd::take_cards{C("R09"), C("M07")});
  play_to_turn(s, 0);
  return s;
}

}  // namespace

TEST_CASE("events: the last Home field planted starts round 1: its price, the round, the harvest", "[events]") {
  setup_override f;
  f.starting = 0;
  f.hands = {{C("R09"), C("M07"), C("C01"), C("trader-1")}, {C("M01"), C("R02"), C("CF3-1"), C("C02")}};
  f.field_piles = {fixed_pile(), fixed_pile()};
  state s = new_game(options{2, ruleset::yucata, false}, 42, f);
  CHECK(events_of(s, 0, cmd::plant_home{veg::wheat}) == event_list{ev::payment{0, no_player, 3, R::home_field, no_card}});
  CHECK(events_of(s, 1, cmd::plant_home{veg::turnip}) ==
        event_list{ev::payment{1, no_player, 5, R::home_field, no_card},
                   ev::round_started{1},
                   ev::phase_started{phase::harvest},
                   ev::field_turned{0, F("PF3-A")},
                   ev::harvested{0, home_field, veg::wheat, 1, 8, 0},
                   ev::field_turned{1, F("PF3-A")},
                   ev::harvested{1, home_field, veg::turnip, 1, 8, 1},
                   ev::phase_started{phase::card}});  // Yucata dealt the first hands at setup
}

TEST_CASE("events: the Card phase: cards to the Courtyard, a common field paid for, the rest of the hand, the Action phase",
          "[events]") {
  state s = two_player_game({C("R09"), C("M07"), C("C01"), C("trader-1")},
                            {C("M01"), C("R02"), C("CF3-1"), C("C02")}, ruleset::yucata, {C("M02"), C("R05")});
  CHECK(events_of(s, 0, cmd::reveal_courtyard{}) == event_list{ev::cards_to_courtyard{0, {C("M02")}, true}});
  CHECK(events_of(s, 0, cmd::place_in_courtyard{C("M07")}) == event_list{ev::cards_to_courtyard{0, {C("M07")}, false}});
  CHECK(events_of(s, 1, cmd::take_cards{C("CF3-1"), C("M02")}) ==
        event_list{ev::payment{1, no_player, 2, R::common_field, C("CF3-1")},
                   ev::card_played{1, C("CF3-1"), card_source::hand, no_card},
                   ev::card_played{1, C("M02"), card_source::courtyard, no_card},
                   ev::cards_to_courtyard{1, {C("M01"), C("R02"), C("C02")}, false}});
  // The last to take ends the Card phase: the Courtyard is discarded and he starts the Action phase.
  CHECK(events_of(s, 0, cmd::take_cards{C("R09"), C("M07")}) ==
        event_list{ev::card_played{0, C("R09"), card_source::hand, no_card},
                   ev::card_played{0, C("M07"), card_source::courtyard, no_card},
                   ev::cards_to_courtyard{0, {C("C01"), C("trader-1")}, false},
                   ev::card_discarded{no_player, C("M01"), discard_reason::courtyard},
                   ev::card_discarded{no_player, C("R02"), discard_reason::courtyard},
                   ev::card_discarded{no_player, C("C02"), discard_reason::courtyard},
                   ev::card_discarded{no_player, C("C01"), discard_reason::courtyard},
                   ev::card_discarded{no_player, C("trader-1"), discard_reason::courtyard},
                   ev::phase_started{phase::action},
                   ev::turn_started{0}});
}

TEST_CASE("events: buying, selling, a loan, the Storehouse and the Path; the next turn", "[events]") {
  state s = action_turn();
  s.players[0].cart = {};
  s.players[0].cash = 20;
  CHECK(events_of(s, 0, cmd::take_loan{}) == event_list{ev::payment{no_player, 0, 5, R::loan, no_card}});
  CHECK(events_of(s, 0, cmd::buy{veg::wheat}) == event_list{ev::payment{0, no_player, 3, R::purchase, no_card}});
  CHECK(events_of(s, 0, cmd::buy{veg::turnip}) == event_list{ev::payment{0, no_player, 5, R::purchase, no_card}});
  CHECK(events_of(s, 0, cmd::sell{veg::turnip}) == event_list{ev::payment{no_player, 0, 1, R::sale, no_card}});
  ok(s, 0, cmd::skip_regular{C("R09")});
  s.players[0].cart = vegs({{veg::wheat, 3}});  // too many for the small Storehouse
  CHECK(events_of(s, 0, cmd::end_turn{}).empty());
  CHECK(events_of(s, 0, cmd::upgrade_storehouse{}) == event_list{ev::payment{0, no_player, 2, R::storehouse, no_card}});
  const int cost = path_cost(1, 2);
  CHECK(events_of(s, 0, cmd::advance{2}) == event_list{ev::payment{0, no_player, cost, R::path, no_card},
                                                        ev::advanced{0, 2, 3}, ev::turn_started{1}});
}

TEST_CASE("events: a Regular customer: blue marker turns red, then a penalty; served for the last time, discarded",
          "[events]") {
  state s = action_turn();
  const card_id r09 = C("R09");
  const auto next_round = [&] {
    end_turn_plainly(s);
    play_to_turn(s, 0);
  };
  CHECK(events_of(s, 0, cmd::skip_regular{r09}) == event_list{ev::marker_turned{0, r09, true}});
  next_round();
  CHECK(events_of(s, 0, cmd::skip_regular{r09}) == event_list{ev::payment{0, no_player, 2, R::penalty, r09}});
  next_round();
  s.players[0].played[0].deliveries = 3;
  s.players[0].cart = vegs({{veg::turnip, 1}, {veg::cabbage, 1}});
  CHECK(events_of(s, 0, cmd::serve_regular{r09}) ==
        event_list{ev::payment{no_player, 0, 8, R::customer, r09},
                   ev::card_discarded{0, r09, discard_reason::customer_done}});
}

TEST_CASE("events: original rules: the end of the turn skips waiting customers (marker, penalty)", "[events]") {
  state s = action_game(2, ruleset::original);
  give(s, 0, C("R09"));
  give(s, 0, C("R05")).red = true;
  CHECK(events_of(s, 0, cmd::end_turn{}) == event_list{ev::marker_turned{0, C("R09"), true},
                                                       ev::payment{0, no_player, 2, R::penalty, C("R05")}});
}

TEST_CASE("events: a Casual customer served with the modifier", "[events]") {
  state s = action_turn();
  give(s, 0, C("C03"));  // R09 and C03: equal counts, the printed price
  s.players[0].cart = vegs({{veg::wheat, 1}, {veg::turnip, 2}});
  CHECK(events_of(s, 0, cmd::serve_casual{C("C03")}) ==
        event_list{ev::payment{no_player, 0, 8, R::customer, C("C03")},
                   ev::card_discarded{0, C("C03"), discard_reason::casual_served}});
}

TEST_CASE("events: Claudia's Two-pack: drawn, kept one on the other, the customer revealed under the emptied stall",
          "[events]") {
  state s = action_turn({C("R05"), C("M03")});
  CHECK(events_of(s, 0, cmd::buy_two_pack{}) ==
        event_list{ev::payment{0, no_player, 1, R::two_pack, no_card}, ev::two_pack_drawn{0, C("R05"), C("M03")}});
  CHECK(events_of(s, 0, cmd::keep_two_pack{C("M03"), C("R05")}) ==
        event_list{ev::card_played{0, C("M03"), card_source::two_pack, C("R05")}});
  s.players[0].cart = vegs({{veg::wheat, 3}});
  CHECK(events_of(s, 0, cmd::trade{C("M03"), veg::wheat, veg::wheat, std::nullopt}).empty());
  ok(s, 0, cmd::trade{C("M03"), veg::turnip, veg::wheat, std::nullopt});
  CHECK(events_of(s, 0, cmd::trade{C("M03"), veg::leek, veg::wheat, std::nullopt}) ==
        event_list{ev::card_discarded{0, C("M03"), discard_reason::stall_emptied},
                   ev::card_played{0, C("R05"), card_source::under, no_card},
                   ev::customer_revealed{0, C("R05"), C("M03"), true}});  // her turn is not over: due
}

TEST_CASE("events: a Two-pack card not kept, a common field kept", "[events]") {
  state s = action_turn({C("CF4-1"), C("M03")});
  ok(s, 0, cmd::buy_two_pack{});
  CHECK(events_of(s, 0, cmd::keep_two_pack{C("CF4-1"), no_card}) ==
        event_list{ev::card_discarded{0, C("M03"), discard_reason::two_pack_unkept},
                   ev::payment{0, no_player, 2, R::keep_card, C("CF4-1")},
                   ev::card_played{0, C("CF4-1"), card_source::two_pack, no_card}});
}

TEST_CASE("events: an empty draw pile is reshuffled for a Two-pack", "[events]") {
  state s = action_turn();
  s.discard_pile.insert(s.discard_pile.end(), s.draw_pile.begin(), s.draw_pile.end());
  s.draw_pile.clear();
  const auto cards = static_cast<std::uint8_t>(s.discard_pile.size());
  const auto events = events_of(s, 0, cmd::buy_two_pack{});
  REQUIRE(events.size() == 3);
  CHECK(events[1] == event{ev::reshuffled{cards}});
  CHECK(events[2] == event{ev::two_pack_drawn{0, s.two_pack[0], s.two_pack[1]}});
}

TEST_CASE("events: the harvest of round 2: the Storehouse, an emptied private and common field, a customer under it",
          "[events]") {
  state s = action_turn();
  ok(s, 0, cmd::skip_regular{C("R09")});
  ok(s, 0, cmd::end_turn{});
  s.players[0].cart = vegs({{veg::bean, 1}});
  ok(s, 0, cmd::advance{0});  // the bean is stored
  auto& p0 = s.players[0];
  p0.fields[0].count = 5;
  p0.fields[1] = field{F("PF3-A"), veg::leek, 1, no_card};
  take_from_piles(s, C("CF3-2"));
  take_from_piles(s, C("R05"));
  p0.fields.push_back(field{common_field_of(C("CF3-2")), veg::cabbage, 1, C("R05")});
  REQUIRE(s.active == 1);
  const auto events = events_of(s, 1, cmd::skip_regular{C("R02")});
  ok(s, 1, cmd::end_turn{});
  auto events2 = events_of(s, 1, cmd::advance{0});
  const event_list p0_harvest(std::find(events2.begin(), events2.end(), event{ev::field_turned{0, F("PF4-A")}}),
                              std::find(events2.begin(), events2.end(), event{ev::field_turned{1, F("PF4-A")}}));
  CHECK(events == event_list{ev::marker_turned{1, C("R02"), true}});
  REQUIRE(events2.size() > 3);
  CHECK(events2[0] == event{ev::round_started{2}});
  CHECK(events2[1] == event{ev::phase_started{phase::harvest}});
  CHECK(p0_harvest ==
        event_list{ev::field_turned{0, F("PF4-A")},
                   ev::storehouse_emptied{0, vegs({{veg::bean, 1}})},
                   ev::harvested{0, home_field, veg::wheat, 1, 4, 0},
                   ev::harvested{0, F("PF3-A"), veg::leek, 1, 0, 0},
                   ev::field_emptied{0, F("PF3-A"), false},
                   ev::harvested{0, common_field_of(C("CF3-2")), veg::cabbage, 1, 0, 0},
                   ev::field_emptied{0, common_field_of(C("CF3-2")), true},
                   ev::card_discarded{0, C("CF3-2"), discard_reason::field_emptied},
                   ev::card_played{0, C("R05"), card_source::under, no_card},
                   ev::customer_revealed{0, C("R05"), C("CF3-2"), false}});  // not due in the Harvest phase
}

TEST_CASE("events: round 2's Card phase reshuffles and deals; others see the dealt cards hidden", "[events]") {
  state s = action_turn();
  ok(s, 0, cmd::skip_regular{C("R09")});
  end_turn_plainly(s);
  ok(s, 1, cmd::skip_regular{C("R02")});
  ok(s, 1, cmd::end_turn{});
  s.players[1].cart = {};
  const auto events = events_of(s, 1, cmd::advance{0});
  const auto dealt = only<ev::cards_dealt>(events);
  REQUIRE(dealt.size() == 2);
  // The Starting player (player 0 took last in round 1) is dealt first.
  CHECK(dealt[0].player == 0);
  CHECK(dealt[1].player == 1);
  for (const auto& d : dealt) {
    const auto& hand = s.players[static_cast<std::size_t>(d.player)].hand;
    CHECK(d.cards == std::vector<card_id>(hand.begin(), hand.end()));
  }
  CHECK(only<ev::reshuffled>(events).size() == 1);
  const auto seen_by_1 = only<ev::cards_dealt>(redact(events, 1));
  CHECK(seen_by_1[0].cards == std::vector<card_id>(4, hidden_card));
  CHECK(seen_by_1[1].cards == dealt[1].cards);
  for (const auto& d : only<ev::cards_dealt>(redact(events, no_player)))
    CHECK(d.cards == std::vector<card_id>(4, hidden_card));
  CHECK(only<ev::phase_started>(events) ==
        std::vector<ev::phase_started>{{phase::harvest}, {phase::card}});
}

TEST_CASE("events: undo is one event; an undo_tracker names the version taken back", "[events]") {
  state s = action_turn();
  s.players[0].cart = {};
  undo_tracker undo;
  const auto step = [&](const command& c) {
    event_list events = events_of(s, 0, c);
    undo.on_applied(s.version, events, s);
    return events;
  };
  step(cmd::buy{veg::wheat});
  const auto wheat = s.version;
  step(cmd::buy{veg::pumpkin});
  const auto pumpkin = s.version;
  state copy = s;
  CHECK(events_of(copy, 0, cmd::undo{}) == event_list{ev::undone{0}});  // apply cannot know
  // Two undos in a row take back the pumpkin, then the wheat (not the first undo).
  CHECK(step(cmd::undo{}) == event_list{ev::undone{pumpkin}});
  CHECK(step(cmd::undo{}) == event_list{ev::undone{wheat}});
  // Buy, undo, buy again, undo: each undo names the purchase just before it.
  step(cmd::buy{veg::bean});
  const auto bean = s.version;
  CHECK(step(cmd::undo{}) == event_list{ev::undone{bean}});
  step(cmd::buy{veg::cabbage});
  const auto cabbage = s.version;
  CHECK(step(cmd::undo{}) == event_list{ev::undone{cabbage}});
}

TEST_CASE("events: Helpers: a price, the Helper used, the card under it revealed", "[events]") {
  state s = action_game();
  give(s, 0, C("haggler"), C("R05"));
  s.players[0].shop[veg::wheat] = 2;
  CHECK(events_of(s, 0, cmd::haggler{veg::wheat}) ==
        event_list{ev::payment{0, no_player, 3, R::helper, C("haggler")},
                   ev::card_discarded{0, C("haggler"), discard_reason::helper_used},
                   ev::card_played{0, C("R05"), card_source::under, no_card},
                   ev::customer_revealed{0, C("R05"), C("haggler"), true}});
  give(s, 0, C("maid"));
  CHECK(events_of(s, 0, cmd::discard_helper{C("maid")}) ==
        event_list{ev::card_discarded{0, C("maid"), discard_reason::helper_discarded}});
}

TEST_CASE("events: Saleswoman: red markers turn blue", "[events]") {
  state s = action_game();
  give(s, 0, C("R05")).red = true;
  give(s, 0, C("R06"));
  give(s, 0, C("saleswoman"));
  CHECK(events_of(s, 0, cmd::saleswoman_blue{}) ==
        event_list{ev::marker_turned{0, C("R05"), false},
                   ev::card_discarded{0, C("saleswoman"), discard_reason::helper_used}});
}

TEST_CASE("events: Foreman: the Helper just used is taken", "[events]") {
  state s = action_game(2, ruleset::original);
  give(s, 0, C("haggler"));
  give(s, 1, C("foreman"));
  s.players[0].shop[veg::wheat] = 2;
  ok(s, 0, cmd::haggler{veg::wheat});
  CHECK(events_of(s, 1, cmd::foreman_take{}) ==
        event_list{ev::foreman_took{1, 0, C("haggler")},
                   ev::card_played{1, C("haggler"), card_source::discard_pile, no_card},
                   ev::card_discarded{1, C("foreman"), discard_reason::helper_used}});
}

TEST_CASE("events: Con man and Tout: cards change areas; the Tout's purchase pays the owner", "[events]") {
  state s = action_game();
  give(s, 0, C("haggler"));
  give(s, 1, C("con-man"));
  give(s, 1, C("tout"));
  give(s, 0, C("C03"));
  end_turn_plainly(s);
  REQUIRE(s.active == 1);
  CHECK(events_of(s, 1, cmd::con_man{0, C("haggler")}) ==
        event_list{ev::card_moved{1, 0, C("con-man")}, ev::card_moved{0, 1, C("haggler")}});
  s.players[1].cart = vegs({{veg::wheat, 1}, {veg::turnip, 2}});
  // Player 1 has no other customers: the bought one alone makes 1 Casual > 0 Regular: 2 less.
  CHECK(events_of(s, 1, cmd::tout_buy{0, C("C03")}) ==
        event_list{ev::payment{no_player, 1, 6, R::customer, C("C03")},
                   ev::payment{1, 0, 2, R::helper, C("tout")},
                   ev::card_discarded{1, C("C03"), discard_reason::casual_served},
                   ev::card_discarded{1, C("tout"), discard_reason::helper_used}});
}

TEST_CASE("events: Tenant-farmer: a field under the pile, another out of it; Subsistence farmer", "[events]") {
  state s = action_game();
  give(s, 0, C("tenant-farmer"));
  CHECK(events_of(s, 0, cmd::tenant_swap_field{F("PF3-A"), F("PF6-B")}) ==
        event_list{ev::field_returned{0, F("PF3-A")}, ev::field_turned{0, F("PF6-B")},
                   ev::card_discarded{0, C("tenant-farmer"), discard_reason::helper_used}});
  give(s, 0, C("subsistence-farmer"));
  add_field(s, 1, F("PF5-A"), veg::pumpkin, 5);
  CHECK(events_of(s, 0, cmd::subsistence_farmer{1, F("PF5-A")}) ==
        event_list{ev::harvested{1, F("PF5-A"), veg::pumpkin, 1, 4, 0},
                   ev::payment{0, 1, 1, R::helper, C("subsistence-farmer")},
                   ev::card_discarded{0, C("subsistence-farmer"), discard_reason::helper_used}});
}

TEST_CASE("events: the end of the game: loans moved back, the tie-break by vegetables", "[events]") {
  state s = action_turn();
  ok(s, 0, cmd::skip_regular{C("R09")});
  s.round = rounds;
  for (auto& ps : s.players) {
    ps.cart = {};
    ps.storehouse = {};
    ps.cash = 20;
    ps.fields.resize(1);
  }
  s.players[0].position = 10;
  s.players[0].loans = 2;
  s.players[0].fields[0].count = 3;
  s.players[1].position = 8;
  s.players[1].fields[0].count = 5;
  end_turn_plainly(s);
  ok(s, 1, cmd::skip_regular{C("R02")});
  ok(s, 1, cmd::end_turn{});
  CHECK(events_of(s, 1, cmd::advance{0}) ==
        event_list{ev::game_ended{},
                   ev::scored{1, 0, 8, 20, 5, 1, 2},  // same space and Cash: more vegetables win
                   ev::scored{0, 2, 8, 20, 3, 2, 2}});
}

TEST_CASE("events: the end of the game: a shared rank", "[events]") {
  state s = action_turn();
  ok(s, 0, cmd::skip_regular{C("R09")});
  s.round = rounds;
  for (auto& ps : s.players) {
    ps.cart = {};
    ps.storehouse = {};
    ps.cash = 7;
    ps.fields.resize(1);
    ps.fields[0].count = 2;
    ps.position = 6;
  }
  end_turn_plainly(s);
  ok(s, 1, cmd::skip_regular{C("R02")});
  ok(s, 1, cmd::end_turn{});
  CHECK(events_of(s, 1, cmd::advance{0}) ==
        event_list{ev::game_ended{}, ev::scored{0, 0, 6, 7, 2, 1, 3}, ev::scored{1, 0, 6, 7, 2, 1, 3}});
}

namespace {
/// A solo game at the start of its first Action phase (the Offer left as dealt).
state solo_action_turn(std::uint64_t seed = 5) {
  state s = new_game(options{1, ruleset::yucata, false}, seed);
  ok(s, 0, cmd::plant_home{veg::wheat});
  REQUIRE(s.current_step == step::offer);
  return s;
}
}  // namespace

TEST_CASE("events: solo: the Offer's second row discarded, the Offer refilled, the Action phase", "[events]") {
  state s = solo_action_turn();
  const state before = s;
  const auto events = events_of(s, 0, cmd::finish_offer{});
  event_list expected;
  for (std::size_t i = 3; i < 6; ++i) expected.push_back(ev::card_discarded{no_player, before.offer[i], discard_reason::offer});
  // The rows move up; the bottom row is turned from the draw pile.
  std::vector<card_id> turned(before.draw_pile.rbegin(), before.draw_pile.rbegin() + 3);
  expected.push_back(ev::offer_refilled{turned});
  expected.push_back(ev::phase_started{phase::action});
  expected.push_back(ev::turn_started{0});
  CHECK(events == expected);
  CHECK(std::vector<card_id>(s.offer.begin() + 9, s.offer.end()) == turned);
}

TEST_CASE("events: solo: buying from the Offer; the rating at the end", "[events]") {
  state s = solo_action_turn();
  const card_id top_left = s.offer[0];
  const int field_cost = kind_of(top_left) == card_kind::common_field ? 2 : 0;
  const auto bought = events_of(s, 0, cmd::buy_from_offer{top_left});
  event_list expected;
  if (field_cost) expected.push_back(ev::payment{0, no_player, field_cost, R::offer, top_left});
  expected.push_back(ev::card_played{0, top_left, card_source::offer, no_card});
  CHECK(bought == expected);
  ok(s, 0, cmd::finish_offer{});
  REQUIRE(s.current_step == step::main);
  s.round = rounds;
  auto& p = s.players[0];
  p.position = 17;
  p.cash = 30;
  p.loans = 0;
  p.cart = {};
  p.storehouse = {};
  p.fields.resize(1);
  p.fields[0].count = 4;
  p.played.clear();  // no customers waiting
  ok(s, 0, cmd::end_turn{});
  CHECK(events_of(s, 0, cmd::advance{1}) ==
        event_list{ev::payment{0, no_player, 1, R::path, no_card}, ev::advanced{0, 1, 18}, ev::game_ended{},
                   ev::scored{0, 0, 18, 29, 4, 1, 0}, ev::solo_rated{18, solo_rating::very_good}});
}

TEST_CASE("events: every kind has its wire name", "[events]") {
  CHECK(event_name(ev::round_started{1}) == "round_started");
  CHECK(event_name(ev::undone{3}) == "undone");
  CHECK(event_name(ev::offer_refilled{}) == "offer_refilled");
}

TEST_CASE("events: vegetables moved (plant, sow, buy, sell, trade, Trader, deliver, store) and the turn order", "[events]") {
  using P = ev::veg_place;
  const auto one = [](veg v, int n = 1) { return vegs({{v, n}}); };
  // Planting the Home field: one from the shop, the rest of its tokens from the supply.
  options o;
  o.players = 2;
  setup_override f;
  f.starting = 0;
  state g = new_game(o, 42, f);
  CHECK(only<ev::vegetables_moved>(all_events_of(g, 0, cmd::plant_home{veg::wheat})) ==
        std::vector<ev::vegetables_moved>{{0, P::shop, P::field, one(veg::wheat), home_field, no_player, no_card},
                                          {0, P::supply, P::field, one(veg::wheat, 8), home_field, no_player, no_card}});

  state a = action_game();
  a.players[0].cart = vegs({{veg::wheat, 2}, {veg::pumpkin, 2}, {veg::turnip, 1}});
  CHECK(all_events_of(a, 0, cmd::sow{veg::pumpkin, F("PF3-A")}) ==
        event_list{ev::vegetables_moved{0, P::cart, P::field, one(veg::pumpkin), F("PF3-A"), no_player, no_card},
                   ev::vegetables_moved{0, P::supply, P::field, one(veg::pumpkin, 2), F("PF3-A"), no_player, no_card}});
  CHECK(only<ev::vegetables_moved>(all_events_of(a, 0, cmd::buy{veg::wheat})) ==
        std::vector<ev::vegetables_moved>{{0, P::shop, P::cart, one(veg::wheat), ev::no_field, no_player, no_card}});
  CHECK(only<ev::vegetables_moved>(all_events_of(a, 0, cmd::sell{veg::wheat})) ==
        std::vector<ev::vegetables_moved>{{0, P::cart, P::shop, one(veg::wheat), ev::no_field, no_player, no_card}});
  // Bob (seat 0 here) trades 2 wheat for a leek at his own stall, then a pumpkin for a wheat at
  // Ann's stall with the Trader.
  give(a, 0, C("M08"));  // wheat 1, bean 1, leek 2
  CHECK(all_events_of(a, 0, cmd::trade{C("M08"), veg::leek, veg::wheat, veg::wheat}) ==
        event_list{ev::vegetables_moved{0, P::cart, P::supply, one(veg::wheat, 2), ev::no_field, no_player, no_card},
                   ev::vegetables_moved{0, P::stall, P::cart, one(veg::leek), ev::no_field, 0, C("M08")}});
  give(a, 1, C("M05"));  // wheat 1, pumpkin 1, leek 1
  give(a, 0, C("trader-1"));
  CHECK(only<ev::vegetables_moved>(all_events_of(a, 0, cmd::trader{C("trader-1"), 1, C("M05"), veg::wheat, veg::pumpkin, std::nullopt})) ==
        std::vector<ev::vegetables_moved>{
            {0, P::cart, P::supply, one(veg::pumpkin), ev::no_field, no_player, no_card},
            {0, P::stall, P::cart, one(veg::wheat), ev::no_field, 1, C("M05")}});
  // Delivering: to the supply.
  give(a, 0, C("C01"));  // wheat, pumpkin, turnip
  a.players[0].cart = vegs({{veg::wheat, 1}, {veg::pumpkin, 1}, {veg::turnip, 1}, {veg::leek, 1}});
  CHECK(only<ev::vegetables_moved>(all_events_of(a, 0, cmd::serve_casual{C("C01")})) ==
        std::vector<ev::vegetables_moved>{
            {0, P::cart, P::supply, vegs({{veg::wheat, 1}, {veg::pumpkin, 1}, {veg::turnip, 1}}), ev::no_field, no_player,
             no_card}});
  // The end of the turn: discard what does not fit, store the rest.
  a.players[0].cart = vegs({{veg::leek, 1}, {veg::bean, 1}});
  CHECK(all_events_of(a, 0, cmd::end_turn{}).empty());
  CHECK(all_events_of(a, 0, cmd::discard_veg{veg::bean}) ==
        event_list{ev::vegetables_moved{0, P::cart, P::supply, one(veg::bean), ev::no_field, no_player, no_card}});
  CHECK(only<ev::vegetables_moved>(all_events_of(a, 0, cmd::advance{0})) ==
        std::vector<ev::vegetables_moved>{{0, P::cart, P::storehouse, one(veg::leek), ev::no_field, no_player, no_card}});
  // The Card phase's end names the Starting and Second player.
  autoplay_until(a, [](const state& x) { return x.round == 2 && x.current_step == step::distribution; });
  bool told = false;
  for (int n = 0; n < 100 && a.current_phase == phase::card; ++n) {
    const player_id p = a.active;
    const auto legal = legal_commands(a, p);
    const command* pick = nullptr;
    for (const char* want : {"take_cards", "finish_taking", "place_in_courtyard", "take_loan"}) {
      for (const auto& c : legal)
        if (command_name(c) == want) {
          pick = &c;
          break;
        }
      if (pick) break;
    }
    REQUIRE(pick != nullptr);
    for (const auto& e : all_events_of(a, p, *pick))
      if (const auto* x = std::get_if<ev::players_ordered>(&e)) {
        CHECK(x->starting == a.starting);
        CHECK(x->second == a.second);
        told = true;
      }
  }
  CHECK(told);
}
