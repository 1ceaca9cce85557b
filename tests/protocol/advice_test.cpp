// The advice in a seat's view: each legal command's price and effect (and whether it can be
// taken back), the obvious commands refused with the engine's reasons, and nothing a seat may
// not know.
#include <algorithm>

#include "../engine/fixture.hpp"
#include "json_fixture.hpp"
#include "loyang/protocol/advice.hpp"
#include "loyang/protocol/client_view.hpp"
#include "loyang/protocol/command_json.hpp"

using nlohmann::json;
using namespace loyang;
using namespace loyang::engine::test;
using loyang::protocol::advise;

namespace {

// The advice JSON of `seat` in its client view.
json advice_of(const engine::state& s, engine::player_id seat) {
  return protocol::client_view(s, seat).at("advice");
}

// The preview of legal command `c` (which must be listed).
json preview_of(const engine::state& s, engine::player_id seat, const engine::command& c) {
  const json view = protocol::client_view(s, seat);
  const json want = protocol::command_to_json(c);
  const auto& legal = view.at("legal");
  REQUIRE(view.at("advice").at("legal").size() == legal.size());
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (legal[i] == want) return view.at("advice").at("legal")[i];
  FAIL("not legal: " << want.dump());
  return nullptr;
}

// The refusal of `c` in the seat's blocked list, or null.
json blocked_entry(const json& advice, const engine::command& c) {
  const json want = protocol::command_to_json(c);
  for (const auto& b : advice.at("blocked"))
    if (b.at("cmd") == want) return b;
  return nullptr;
}

}  // namespace

TEST_CASE("a red Regular customer and 1 Cash: skipping costs 2, ending the turn waits for him",
          "[protocol][advice]") {
  auto s = action_game(2, engine::ruleset::yucata);
  auto& r09 = give(s, 0, C("R09"));
  r09.red = true;
  s.players[0].cash = 1;
  require_invariants(s);

  const json advice = advice_of(s, 0);
  INFO(advice.dump(1));
  const json skip = blocked_entry(advice, engine::cmd::skip_regular{C("R09")});
  REQUIRE(skip.is_object());
  CHECK(skip.at("code") == "not_enough_cash");
  CHECK(skip.at("cost") == 2);
  CHECK(skip.at("cash") == 1);
  CHECK(skip.at("message").get<std::string>().find("Cash") != std::string::npos);
  const json end = blocked_entry(advice, engine::cmd::end_turn{});
  REQUIRE(end.is_object());
  CHECK(end.at("code") == "regulars_pending");
  CHECK_FALSE(end.contains("cost"));
  const json serve = blocked_entry(advice, engine::cmd::serve_regular{C("R09")});
  REQUIRE(serve.is_object());
  CHECK(serve.at("code") == "not_in_cart");
  // A plain buy needing more Cash: its price and the seat's Cash.
  const json wheat = blocked_entry(advice, engine::cmd::buy{engine::veg::wheat});
  REQUIRE(wheat.is_object());
  CHECK(wheat.at("code") == "not_enough_cash");
  CHECK(wheat.at("cost") == 3);
  CHECK(wheat.at("cash") == 1);
  // Nothing that is not applicable now (a customer not his, another step's commands).
  for (const auto& b : advice.at("blocked")) CHECK_FALSE(protocol::not_applicable(b.at("code").get<std::string>()));

  // Only the seat that must act is told what it cannot do; the other still gets previews.
  const json other = advice_of(s, 1);
  CHECK(other.at("blocked").empty());
  CHECK(other.at("legal").size() == protocol::client_view(s, 1).at("legal").size());
  CHECK_FALSE(protocol::client_view(s, engine::no_player).contains("advice"));

  // With a loan he can pay: skipping is then legal, and turns nothing red (the marker is
  // red already) but costs the 2 Cash.
  ok(s, 0, engine::cmd::take_loan{});
  const json paid = preview_of(s, 0, engine::cmd::skip_regular{C("R09")});
  CHECK(paid.at("cash") == -2);
  CHECK_FALSE(paid.contains("marker"));
  CHECK(blocked_entry(advice_of(s, 0), engine::cmd::skip_regular{C("R09")}).is_null());
}

TEST_CASE("previews: the Home field's price, a loan, a blue marker turning red, serving",
          "[protocol][advice]") {
  SECTION("planting the Home field") {
    engine::options o;
    o.players = 2;
    engine::setup_override f;
    f.starting = 0;
    const auto s = engine::new_game(o, 5, f);
    REQUIRE(s.current_step == engine::step::plant_home);
    CHECK(preview_of(s, 0, engine::cmd::plant_home{engine::veg::wheat}) ==
          json{{"cash", -3}, {"shop", {{"wheat", -1}}}, {"undo", false}});
    CHECK(preview_of(s, 0, engine::cmd::plant_home{engine::veg::pumpkin}).at("cash") == -4);
    CHECK(preview_of(s, 0, engine::cmd::plant_home{engine::veg::turnip}).at("cash") == -5);
    // Not a Home crop: not applicable, so not among the refusals.
    CHECK(advice_of(s, 0).at("blocked").empty());
  }
  SECTION("a loan, in and out of turn") {
    auto s = action_game(2, engine::ruleset::yucata);
    CHECK(preview_of(s, 0, engine::cmd::take_loan{}) ==
          json{{"cash", 5}, {"loans", 1}, {"undo", true}});
    // Out of turn a command cannot be taken back.
    CHECK(preview_of(s, 1, engine::cmd::take_loan{}) ==
          json{{"cash", 5}, {"loans", 1}, {"undo", false}});
  }
  SECTION("a Regular customer: skipping turns the marker red, serving pays") {
    auto s = action_game(2, engine::ruleset::yucata);
    give(s, 0, C("R09"));  // wants turnip and cabbage; pays 5, 6, 7, 8
    s.players[0].cart = vegs({{engine::veg::turnip, 1}, {engine::veg::cabbage, 1}});
    CHECK(preview_of(s, 0, engine::cmd::skip_regular{C("R09")}) ==
          json{{"marker", "red"}, {"undo", true}});
    CHECK(preview_of(s, 0, engine::cmd::serve_regular{C("R09")}) ==
          json{{"cash", 5}, {"goods", {{"turnip", -1}, {"cabbage", -1}}}, {"undo", true}});
  }
}

TEST_CASE("previews: buying can be taken back, a Two-pack cannot; the Path's price",
          "[protocol][advice]") {
  auto s = action_game(2, engine::ruleset::yucata);
  const auto& me = s.players[0];
  REQUIRE(me.shop[engine::veg::wheat] > 0);
  CHECK(preview_of(s, 0, engine::cmd::buy{engine::veg::wheat}) ==
        json{{"cash", -3}, {"goods", {{"wheat", 1}}}, {"shop", {{"wheat", -1}}}, {"undo", true}});
  // A Two-pack draws cards: it cannot be taken back, and its preview names none.
  const json two_pack = preview_of(s, 0, engine::cmd::buy_two_pack{});
  CHECK(two_pack.at("undo") == false);
  CHECK(two_pack.size() <= 2);  // the price (0 with an empty play area) and undo

  // Undo itself needs no confirmation, and shows what it gives back.
  ok(s, 0, engine::cmd::buy{engine::veg::wheat});
  CHECK(preview_of(s, 0, engine::cmd::undo{}) ==
        json{{"cash", 3}, {"goods", {{"wheat", -1}}}, {"shop", {{"wheat", 1}}}, {"undo", true}});

  // Ending the turn can be taken back until he moves on the Path.
  CHECK(preview_of(s, 0, engine::cmd::end_turn{}).at("undo") == true);
  s.players[0].cash = 4;
  autoplay_until(s, [](const engine::state& x) { return x.current_step != engine::step::main; }, 1);
  while (s.current_step == engine::step::store) ok(s, 0, engine::cmd::discard_veg{engine::veg::wheat});
  REQUIRE(s.current_step == engine::step::advance);
  REQUIRE(s.players[0].position == 1);
  CHECK(preview_of(s, 0, engine::cmd::advance{0}) == json{{"undo", false}});
  CHECK(preview_of(s, 0, engine::cmd::advance{1}) == json{{"cash", -1}, {"position", 1}, {"undo", false}});
  CHECK(preview_of(s, 0, engine::cmd::advance{2}) == json{{"cash", -4}, {"position", 2}, {"undo", false}});
  // Three spaces cost 1 + 3 + 4 = 8: refused, with the price.
  const json three = blocked_entry(advice_of(s, 0), engine::cmd::advance{3});
  REQUIRE(three.is_object());
  CHECK(three.at("code") == "not_enough_cash");
  CHECK(three.at("cost") == 8);
  CHECK(three.at("cash") == 4);
}

TEST_CASE("a Two-pack with a common field: keeping it costs 2", "[protocol][advice]") {
  auto s = action_game(2, engine::ruleset::yucata);
  // The two cards on top of the draw pile are drawn: a common field and a Market stall.
  take_from_piles(s, C("CF3-1"));
  take_from_piles(s, C("M01"));
  s.draw_pile.push_back(C("M01"));
  s.draw_pile.push_back(C("CF3-1"));
  ok(s, 0, engine::cmd::buy_two_pack{});
  REQUIRE(s.current_step == engine::step::two_pack);
  s.players[0].cash = 1;
  const json advice = advice_of(s, 0);
  INFO(advice.dump(1));
  const json keep = blocked_entry(advice, engine::cmd::keep_two_pack{C("CF3-1"), engine::no_card});
  REQUIRE(keep.is_object());
  CHECK(keep.at("code") == "not_enough_cash");
  CHECK(keep.at("cost") == 2);
  CHECK(preview_of(s, 0, engine::cmd::keep_two_pack{C("M01"), engine::no_card}).at("undo") == true);
}

TEST_CASE("the advice text is the advice JSON, keys in order", "[protocol][advice]") {
  std::size_t blocked = 0, previews = 0;
  std::uint64_t seed = 300;
  for (const auto& opts : protocol::test::sample_options()) {
    std::size_t step = 0;
    protocol::test::walk_game(opts, seed++, [&](const engine::state& s, engine::player_id, const engine::command&) {
      if (++step % 5 != 0) return;
      for (std::size_t p = 0; p < s.players.size(); ++p) {
        const auto seat = engine::player_id(p);
        const auto a = advise(s, seat, engine::legal_commands(s, seat));
        std::string text;
        protocol::append_advice_json(text, a);
        if (protocol::advice_to_json(a).dump() != text) FAIL(text);
        blocked += a.blocked.size();
        previews += a.legal.size();
      }
    });
  }
  CHECK(blocked > 500);
  CHECK(previews > 5000);
}

namespace {

// The hidden cards `seat` cannot tell apart: the draw pile, the others' hands and START
// customers, and every field pile's order. `s` gets them dealt again (the same positions, other
// cards) and a new random generator; so does its undo point, whose hidden cards are the same
// (commands that can be taken back reveal nothing and draw nothing).
engine::state shuffled_secrets(const engine::state& s, engine::player_id seat, engine::rng& random) {
  const auto places = [seat](engine::state& x) {
    std::vector<engine::card_id*> out;
    for (auto& c : x.draw_pile) out.push_back(&c);
    for (std::size_t p = 0; p < x.players.size(); ++p) {
      if (engine::player_id(p) == seat) continue;
      for (auto& c : x.players[p].hand) out.push_back(&c);
      if (x.players[p].intro != engine::no_card) out.push_back(&x.players[p].intro);
    }
    return out;
  };
  engine::state out = s;
  auto cards = places(out);
  std::vector<engine::card_id> pool;
  for (auto* c : cards) pool.push_back(*c);
  random.shuffle(pool);
  for (std::size_t i = 0; i < pool.size(); ++i) *cards[i] = pool[i];
  for (auto& ps : out.players) random.shuffle(ps.field_pile);
  out.random = engine::rng(random.next());
  if (s.undo_base) {
    engine::state base = *s.undo_base.get();
    const auto hidden = [&](engine::state& x) {
      std::vector<engine::card_id> v;
      for (auto* c : places(x)) v.push_back(*c);
      return v;
    };
    engine::state now = s;
    REQUIRE(hidden(base) == hidden(now));
    REQUIRE(base.random == s.random);
    auto base_cards = places(base);
    for (std::size_t i = 0; i < pool.size(); ++i) *base_cards[i] = pool[i];
    for (std::size_t p = 0; p < base.players.size(); ++p) {
      REQUIRE(base.players[p].field_pile.size() == out.players[p].field_pile.size());
      base.players[p].field_pile = out.players[p].field_pile;
    }
    base.random = out.random;
    out.undo_base = engine::undo_point(base);
  }
  return out;
}

}  // namespace

TEST_CASE("the advice tells a seat nothing it may not know", "[protocol][advice][secrecy]") {
  // Along random games: the secrets dealt again give every seat the same view, and must give
  // it the same advice (a preview that drew cards, reshuffled or looked at another hand would
  // differ somewhere).
  engine::rng random(2024);
  std::size_t compared = 0, differ = 0;
  std::uint64_t seed = 500;
  for (const auto& opts : protocol::test::sample_options()) {
    INFO("players " << opts.players << ", seed " << seed);
    std::size_t step = 0;
    protocol::test::walk_game(opts, seed++, [&](const engine::state& s, engine::player_id, const engine::command&) {
      if (++step % 3 != 0) return;
      for (std::size_t p = 0; p < s.players.size(); ++p) {
        const auto seat = engine::player_id(p);
        const auto other = shuffled_secrets(s, seat, random);
        REQUIRE(engine::view(other, seat) == engine::view(s, seat));
        REQUIRE(engine::check_invariants(other).empty());
        const auto legal = engine::legal_commands(s, seat);
        if (engine::legal_commands(other, seat) != legal) continue;  // a Tenant-farmer lists his pile
        differ += other.draw_pile != s.draw_pile;
        ++compared;
        if (advise(other, seat, legal) != advise(s, seat, legal))
          FAIL("seat " << int(seat) << " at version " << s.version << ": "
                       << protocol::advice_to_json(advise(s, seat, legal)).dump() << " against "
                       << protocol::advice_to_json(advise(other, seat, legal)).dump());
      }
    });
  }
  CHECK(compared > 5000);
  CHECK(differ > compared / 2);
}

TEST_CASE("serving a customer without his vegetables names the ones missing", "[protocol][advice]") {
  auto s = action_game(2, engine::ruleset::yucata);
  give(s, 0, C("R09"));  // wants turnip and cabbage
  s.players[0].cart = vegs({{engine::veg::turnip, 1}, {engine::veg::wheat, 2}});
  require_invariants(s);
  const json serve = blocked_entry(advice_of(s, 0), engine::cmd::serve_regular{C("R09")});
  REQUIRE(serve.is_object());
  CHECK(serve.at("code") == "not_in_cart");
  CHECK(serve.at("missing") == json{{"cabbage", 1}});
  // With nothing on the cart, both.
  s.players[0].cart = {};
  CHECK(blocked_entry(advice_of(s, 0), engine::cmd::serve_regular{C("R09")}).at("missing") ==
        json{{"cabbage", 1}, {"turnip", 1}});
}
