// The solo game (players 1): setup of the imaginary opponent and the Offer, the solo Card
// phase, the one reshuffle, the solo Helper texts and the rating, from fixed setups.
#include <algorithm>

#include "fixture.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

namespace {

/// The opponent's cards when they are on top of the deck: exactly 2 + 2 + 2, nothing discarded.
const std::vector<const char*> opponent6{"M01", "R01", "M02", "C01", "R02", "C02"};
/// Cards under the Offer, drawn when it is refilled.
const std::vector<const char*> tail6{"R06", "C06", "M07", "R07", "C07", "M08"};

state solo_game(const std::vector<const char*>& offer, ruleset rules = ruleset::yucata,
                std::vector<const char*> top = opponent6, std::vector<fixed_order> reshuffles = {}) {
  options o;
  o.players = 1;
  o.rules = rules;
  setup_override f;
  f.reshuffles = std::move(reshuffles);
  for (auto* n : top) f.deck.push_back(C(n));
  for (auto* n : offer) f.deck.push_back(C(n));
  for (auto* n : tail6) f.deck.push_back(C(n));
  f.field_piles = {{F("PF3-A"), F("PF4-A"), F("PF5-A"), F("PF6-A"), F("PF3-B"), F("PF4-B"), F("PF5-B"),
                    F("PF6-B")}};
  return new_game(o, 7, f);
}

/// The default Offer, rows top first:   maid     M04      R03
///                                       C03      con-man  M05
///                                       R04      C04      subsistence-farmer
///                                       M06      R05      C05
const std::vector<const char*> offer12{"maid", "M04", "R03", "C03", "con-man", "M05",
                                       "R04",  "C04", "subsistence-farmer", "M06", "R05", "C05"};

/// Plain moves until `done(s)`: finish the Offer at once, skip customers, end turns, throw away
/// what does not fit the Storehouse, never advance; a loan when only money is missing.
template <class Pred>
void solo_autoplay(state& s, Pred done) {
  for (int n = 0; n < 5000 && !done(s); ++n) {
    REQUIRE(s.current_phase != phase::finished);
    const auto legal = legal_commands(s, 0);
    const command* pick = nullptr;
    for (const char* want : {"plant_home", "finish_offer", "end_turn", "skip_regular", "advance", "discard_veg",
                             "keep_two_pack", "skip_harvest_helper", "foreman_pass"}) {
      for (const auto& c : legal)
        if (command_name(c) == want) {
          pick = &c;
          break;
        }
      if (pick) break;
    }
    if (!pick) {
      ok(s, 0, cmd::take_loan{});
      continue;
    }
    ok(s, 0, *pick);
  }
  REQUIRE(done(s));
}

auto at_offer(int round) {
  return [round](const state& s) { return s.current_step == step::offer && s.round == round; };
}
auto at_main(int round) {
  return [round](const state& s) { return s.current_step == step::main && s.round == round; };
}

/// Index of `c` in a play area, or -1.
int find_played(const player_state& ps, card_id c) {
  for (std::size_t i = 0; i < ps.played.size(); ++i)
    if (ps.played[i].card == c) return static_cast<int>(i);
  return -1;
}

card_id slot(const state& s, int row, int col) { return s.offer[static_cast<std::size_t>(row * 3 + col)]; }

void require_clean(const state& s) {
  const auto bad = check_invariants(s);
  for (const auto& b : bad) UNSCOPED_INFO(b);
  REQUIRE(bad.empty());
}

}  // namespace

TEST_CASE("solo setup: the opponent turns cards until 2 stalls, 2 regulars and 2 casuals", "[solo]") {
  // The Squire, the third stall and the common field are turned too and go to the discard pile.
  const state s = solo_game(offer12, ruleset::yucata,
                            {"M01", "squire", "R01", "M02", "M03", "C01", "R02", "CF3-1", "C02"});
  REQUIRE(s.players.size() == 2);
  const auto& opp = s.players[solo_opponent];
  std::vector<card_id> got;
  for (const auto& pc : opp.played) got.push_back(pc.card);
  CHECK(got == std::vector<card_id>{C("M01"), C("R01"), C("M02"), C("C01"), C("R02"), C("C02")});
  for (const auto& pc : opp.played)
    if (kind_of(pc.card) == card_kind::market_stall) CHECK(pc.stall_left == 0b111);  // filled
  CHECK(s.discard_pile == static_vector<card_id, 72>{C("squire"), C("M03"), C("CF3-1")});
  // The Offer is laid out before the Home field is sown, row by row.
  CHECK(s.current_step == step::plant_home);
  for (int i = 0; i < offer_slots; ++i) CHECK(s.offer[static_cast<std::size_t>(i)] == C(offer12[static_cast<std::size_t>(i)]));
  CHECK(s.players[0].hand.empty());
  CHECK(s.draw_pile.size() == 70u - 1u /* Foreman, yucata */ - 9u - 12u);
  require_clean(s);
}

TEST_CASE("solo options: no Introductory version, no hands in a fixed setup", "[solo]") {
  CHECK(validate(options{1, ruleset::original, false}) == std::nullopt);
  CHECK(validate(options{1, ruleset::yucata, true}).has_value());
  CHECK(validate(options{0, ruleset::yucata, false}).has_value());
  setup_override f;
  f.hands = {{C("M01")}};
  CHECK_THROWS_AS(new_game(options{1, ruleset::yucata, false}, 1, f), std::invalid_argument);
}

TEST_CASE("solo Card phase: prices by row, at most 2 cards, then the Offer moves up", "[solo]") {
  state s = solo_game(offer12);
  ok(s, 0, cmd::plant_home{veg::wheat});
  REQUIRE(s.current_phase == phase::card);
  REQUIRE(s.current_step == step::offer);
  CHECK(s.players[0].hand.empty());  // nothing is dealt
  const int cash = s.players[0].cash;

  refused(s, 0, cmd::buy_from_offer{C("M01")}, "not_in_offer");  // the opponent's stall
  ok(s, 0, cmd::buy_from_offer{C("R03")});                        // row 1: free
  CHECK(s.players[0].cash == cash);
  ok(s, 0, cmd::buy_from_offer{C("M05")});  // row 2: 1 Cash
  CHECK(s.players[0].cash == cash - 1);
  refused(s, 0, cmd::buy_from_offer{C("M06")}, "offer_limit");
  CHECK_FALSE(listed(s, 0, cmd::buy_from_offer{C("M06")}));
  CHECK(listed(s, 0, cmd::finish_offer{}));
  CHECK(s.players[0].played.size() == 2);
  CHECK(s.offer_bought == 2);

  const auto discard_before = s.discard_pile.size();
  ok(s, 0, cmd::finish_offer{});
  // Row 2's rest (C03, con-man) is discarded; the columns move up; the gaps are filled from the
  // draw pile, row by row.
  CHECK(s.discard_pile.size() == discard_before + 2);
  CHECK(s.discard_pile[discard_before] == C("C03"));
  CHECK(s.discard_pile[discard_before + 1] == C("con-man"));
  CHECK(slot(s, 0, 0) == C("maid"));
  CHECK(slot(s, 0, 1) == C("M04"));
  CHECK(slot(s, 0, 2) == C("subsistence-farmer"));
  CHECK(slot(s, 1, 0) == C("R04"));
  CHECK(slot(s, 1, 1) == C("C04"));
  CHECK(slot(s, 1, 2) == C("C05"));
  CHECK(slot(s, 2, 0) == C("M06"));
  CHECK(slot(s, 2, 1) == C("R05"));
  CHECK(slot(s, 2, 2) == C("R06"));
  CHECK(slot(s, 3, 0) == C("C06"));
  CHECK(slot(s, 3, 1) == C("M07"));
  CHECK(slot(s, 3, 2) == C("R07"));
  CHECK(s.offer_bought == 0);
  CHECK(s.current_phase == phase::action);
  CHECK(s.current_step == step::main);
  CHECK(s.active == 0);
  CHECK(s.action_order.size() == 1);
  require_clean(s);
}

TEST_CASE("solo Card phase: rows 3 and 4 cost 2, a common field 2 more", "[solo]") {
  std::vector<const char*> offer = offer12;
  offer[9] = "CF4-1";  // row 4
  state s = solo_game(offer);
  ok(s, 0, cmd::plant_home{veg::wheat});
  s.players[0].cash = 3;
  refused(s, 0, cmd::buy_from_offer{C("CF4-1")}, "not_enough_cash");
  ok(s, 0, cmd::buy_from_offer{C("C04")});  // row 3
  CHECK(s.players[0].cash == 1);
  s.players[0].cash = 4;
  ok(s, 0, cmd::buy_from_offer{C("CF4-1")});
  CHECK(s.players[0].cash == 0);
  CHECK(s.players[0].fields.back().id == F("CF4-1"));
  require_clean(s);
}

TEST_CASE("solo Squire: up to 4 cards from the Offer, not in the round he was bought", "[solo]") {
  std::vector<const char*> offer = offer12;
  offer[0] = "squire";
  state s = solo_game(offer);
  ok(s, 0, cmd::plant_home{veg::wheat});
  ok(s, 0, cmd::buy_from_offer{C("squire")});
  ok(s, 0, cmd::buy_from_offer{C("M04")});
  refused(s, 0, cmd::buy_from_offer{C("R03")}, "squire_just_played");  // bought this round
  CHECK_FALSE(listed(s, 0, cmd::buy_from_offer{C("R03")}));
  solo_autoplay(s, at_offer(2));
  s.players[0].cash = 20;
  std::vector<card_id> cards;
  for (card_id c : s.offer)
    if (c != no_card && kind_of(c) != card_kind::common_field) cards.push_back(c);
  REQUIRE(cards.size() >= 5);
  ok(s, 0, cmd::buy_from_offer{cards[0]});
  ok(s, 0, cmd::buy_from_offer{cards[1]});
  CHECK(find_played(s.players[0], C("squire")) >= 0);
  ok(s, 0, cmd::buy_from_offer{cards[2]});  // the Squire is used up
  CHECK(s.discard_pile.back() == C("squire"));
  CHECK(std::none_of(s.players[0].played.begin(), s.players[0].played.end(),
                     [](const played_card& pc) { return pc.card == C("squire"); }));
  ok(s, 0, cmd::buy_from_offer{cards[3]});
  refused(s, 0, cmd::buy_from_offer{cards[4]}, "offer_limit");
  CHECK(s.offer_bought == 4);
  require_clean(s);
}

TEST_CASE("solo Squire and Foreman: the Foreman takes the Squire back, still at most 4", "[solo]") {
  std::vector<const char*> offer = offer12;
  offer[0] = "squire";
  offer[1] = "foreman";
  state s = solo_game(offer, ruleset::original);
  ok(s, 0, cmd::plant_home{veg::wheat});
  ok(s, 0, cmd::buy_from_offer{C("squire")});
  ok(s, 0, cmd::buy_from_offer{C("foreman")});
  solo_autoplay(s, at_offer(2));
  s.players[0].cash = 20;
  std::vector<card_id> cards;
  for (card_id c : s.offer)
    if (c != no_card && kind_of(c) != card_kind::common_field && kind_of(c) != card_kind::helper) cards.push_back(c);
  REQUIRE(cards.size() >= 5);
  ok(s, 0, cmd::buy_from_offer{cards[0]});
  ok(s, 0, cmd::buy_from_offer{cards[1]});
  ok(s, 0, cmd::buy_from_offer{cards[2]});
  REQUIRE(s.current_step == step::foreman);
  CHECK(s.foreman_offer == C("squire"));
  ok(s, 0, cmd::foreman_take{});
  CHECK(s.current_step == step::offer);
  CHECK(find_played(s.players[0], C("squire")) >= 0);
  ok(s, 0, cmd::buy_from_offer{cards[3]});
  refused(s, 0, cmd::buy_from_offer{cards[4]}, "offer_limit");
  require_clean(s);
}

TEST_CASE("solo: the discard pile is shuffled in once, when the first field is emptied", "[solo]") {
  state s = solo_game(offer12);
  ok(s, 0, cmd::plant_home{veg::wheat});
  solo_autoplay(s, at_main(1));
  ok(s, 0, cmd::buy{veg::wheat});
  ok(s, 0, cmd::sow{veg::wheat, F("PF3-A")});  // empties in round 4's harvest
  solo_autoplay(s, at_main(2));
  ok(s, 0, cmd::buy{veg::wheat});
  ok(s, 0, cmd::sow{veg::wheat, F("PF4-A")});  // empties in round 6's harvest
  solo_autoplay(s, at_offer(3));
  // The Card phase does not reshuffle: row 2's discards of rounds 1 and 2 are still there.
  CHECK(s.discard_pile.size() >= 6);
  CHECK_FALSE(s.solo_reshuffled);
  solo_autoplay(s, at_main(3));
  const auto cards_in_piles = s.draw_pile.size() + s.discard_pile.size();
  solo_autoplay(s, at_offer(4));
  CHECK(s.solo_reshuffled);
  CHECK(s.discard_pile.empty());
  CHECK(s.draw_pile.size() == cards_in_piles);
  solo_autoplay(s, at_offer(6));
  // PF4-A was emptied in round 6's harvest too: no second reshuffle.
  CHECK(std::none_of(s.players[0].fields.begin(), s.players[0].fields.end(),
                     [](const field& f) { return f.id == F("PF4-A"); }));
  CHECK_FALSE(s.discard_pile.empty());
  require_clean(s);
}

TEST_CASE("solo: a fixed setup fixes the draw pile of the one reshuffle", "[solo][reshuffle]") {
  // Row 2 of round 1 (C03, con-man, M05) is discarded unbought, so it is reshuffled in round 4.
  state s = solo_game(offer12, ruleset::yucata, opponent6, {fixed_order{{C("con-man"), C("C03")}, true}});
  ok(s, 0, cmd::plant_home{veg::wheat});
  solo_autoplay(s, at_main(1));
  ok(s, 0, cmd::buy{veg::wheat});
  ok(s, 0, cmd::sow{veg::wheat, F("PF3-A")});  // empties in round 4's harvest
  solo_autoplay(s, at_offer(4));
  REQUIRE(s.solo_reshuffled);
  CHECK(s.draw_pile.back() == C("con-man"));
  CHECK(s.draw_pile[s.draw_pile.size() - 2] == C("C03"));
  CHECK(s.reshuffles.used == 1);
  require_clean(s);
}

TEST_CASE("solo: the Two-pack never reshuffles the discard pile", "[solo]") {
  state s = solo_game(offer12);
  ok(s, 0, cmd::plant_home{veg::wheat});
  solo_autoplay(s, at_main(1));
  // All but one card of the draw pile to the discard pile (conservation holds).
  while (s.draw_pile.size() > 1) {
    s.discard_pile.push_back(s.draw_pile.front());
    s.draw_pile.erase(s.draw_pile.begin());
  }
  s.players[0].cash = 10;
  const card_id last = s.draw_pile.back();
  ok(s, 0, cmd::buy_two_pack{});
  CHECK(s.two_pack[0] == last);
  CHECK(s.two_pack[1] == no_card);
  ok(s, 0, cmd::keep_two_pack{no_card, no_card});
  CHECK(s.draw_pile.empty());
  require_clean(s);
  solo_autoplay(s, at_main(2));
  CHECK(s.draw_pile.empty());
  refused(s, 0, cmd::buy_two_pack{}, "no_cards_left");
}

TEST_CASE("solo Con man: swaps with a Helper from the Offer", "[solo]") {
  std::vector<const char*> offer = offer12;
  offer[0] = "con-man";
  offer[4] = "maid";  // row 2, stays there: not bought
  offer[1] = "shopper";
  state s = solo_game(offer);
  ok(s, 0, cmd::plant_home{veg::wheat});
  ok(s, 0, cmd::buy_from_offer{C("con-man")});
  ok(s, 0, cmd::finish_offer{});  // maid (row 2) goes to the discard pile
  REQUIRE(s.current_step == step::main);
  CHECK(slot(s, 0, 1) == C("shopper"));
  refused(s, 0, cmd::con_man_offer{C("M04")}, "no_helper_in_offer");
  refused(s, 0, cmd::con_man_offer{C("maid")}, "no_helper_in_offer");
  CHECK(listed(s, 0, cmd::con_man_offer{C("shopper")}));
  // The 2-player Con man cannot reach the Offer or the opponent.
  for (const auto& c : legal_commands(s, 0)) CHECK(command_name(c) != "con_man");
  ok(s, 0, cmd::con_man_offer{C("shopper")});
  CHECK(slot(s, 0, 1) == C("con-man"));
  CHECK(find_played(s.players[0], C("shopper")) >= 0);
  CHECK(find_played(s.players[0], C("con-man")) < 0);
  require_clean(s);
}

TEST_CASE("solo Subsistence farmer: wheat, pumpkin or turnip from the supply for 1", "[solo]") {
  std::vector<const char*> offer = offer12;
  offer[0] = "subsistence-farmer";
  offer[8] = "maid";
  state s = solo_game(offer);
  ok(s, 0, cmd::plant_home{veg::wheat});
  ok(s, 0, cmd::buy_from_offer{C("subsistence-farmer")});
  ok(s, 0, cmd::finish_offer{});
  const auto before = s.players[0];
  refused(s, 0, cmd::subsistence_farmer_supply{veg::cabbage}, "subsistence_crop");
  for (const auto& c : legal_commands(s, 0)) CHECK(command_name(c) != "subsistence_farmer");
  ok(s, 0, cmd::subsistence_farmer_supply{veg::pumpkin});
  CHECK(s.players[0].cash == before.cash - 1);
  CHECK(s.players[0].cart[veg::pumpkin] == 1);
  CHECK(s.players[0].shop == before.shop);  // from the supply
  CHECK(s.discard_pile.back() == C("subsistence-farmer"));
  require_clean(s);
}

TEST_CASE("solo: the Trader and the Market woman use the opponent's stalls", "[solo]") {
  std::vector<const char*> offer = offer12;
  offer[0] = "trader-1";
  offer[1] = "market-woman";
  offer[2] = "M04";
  state s = solo_game(offer);
  ok(s, 0, cmd::plant_home{veg::wheat});
  ok(s, 0, cmd::buy_from_offer{C("trader-1")});
  ok(s, 0, cmd::buy_from_offer{C("market-woman")});
  ok(s, 0, cmd::finish_offer{});
  ok(s, 0, cmd::buy{veg::wheat});
  const int cash = s.players[0].cash;
  ok(s, 0, cmd::trader{C("trader-1"), solo_opponent, C("M01"), veg::pumpkin, veg::wheat, std::nullopt});
  CHECK(s.players[0].cart[veg::pumpkin] == 1);
  CHECK(s.players[0].cash == cash);  // no fee before round 8
  const auto& opp = s.players[solo_opponent];
  CHECK(opp.played[static_cast<std::size_t>(find_played(opp, C("M01")))].stall_left == 0b110);
  // Round 2: buy a stall and swap it for the opponent's half-empty M01.
  solo_autoplay(s, at_offer(2));
  s.players[0].cash = 20;
  card_id stall = no_card;
  for (card_id c : s.offer)
    if (c != no_card && kind_of(c) == card_kind::market_stall) stall = c;
  REQUIRE(stall != no_card);
  ok(s, 0, cmd::buy_from_offer{stall});
  ok(s, 0, cmd::finish_offer{});
  ok(s, 0, cmd::market_woman{stall, solo_opponent, C("M01")});
  const auto& me = s.players[0];
  CHECK(me.played[static_cast<std::size_t>(find_played(me, C("M01")))].stall_left == 0b111);  // refilled
  CHECK(find_played(s.players[solo_opponent], stall) >= 0);
  require_clean(s);
}

TEST_CASE("solo: the opponent never acts; the view shows the Offer and his cards, not the draw pile", "[solo]") {
  state s = solo_game(offer12);
  refused(s, solo_opponent, cmd::take_loan{}, "bad_player");
  CHECK(legal_commands(s, solo_opponent).empty());
  CHECK(to_act(s) == std::vector<player_id>{0});
  const state v = view(s, 0);
  CHECK(v.offer == s.offer);
  CHECK(v.players[solo_opponent].played == s.players[solo_opponent].played);
  CHECK(std::all_of(v.draw_pile.begin(), v.draw_pile.end(), [](card_id c) { return c == hidden_card; }));
}

TEST_CASE("solo result: the level reached and the rulebook's rating", "[solo]") {
  state s = solo_game(offer12);
  solo_autoplay(s, [](const state& x) { return x.round == 9 && x.current_step == step::advance; });
  struct expect {
    int position, loans;
    solo_rating rating;
  };
  for (const auto& e : {expect{15, 0, solo_rating::none}, expect{16, 0, solo_rating::good},
                        expect{17, 0, solo_rating::very_good}, expect{18, 0, solo_rating::master},
                        expect{19, 0, solo_rating::master}, expect{17, 1, solo_rating::good}}) {
    state end = s;
    end.players[0].position = static_cast<std::int16_t>(e.position);
    end.players[0].loans = static_cast<std::int16_t>(e.loans);
    end.players[0].cash = 100;
    ok(end, 0, cmd::advance{1});
    INFO("moved to " << e.position + 1 << " with " << e.loans << " loans");
    REQUIRE(end.current_phase == phase::finished);
    REQUIRE(end.ranking.size() == 1);
    CHECK(end.ranking[0].position == e.position + 1 - e.loans);
    CHECK(end.rating == e.rating);
    require_clean(end);
  }
}
