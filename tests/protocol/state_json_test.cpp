// The state JSON: its shape, and that a player's view never shows another player's secrets.
#include <string>

#include "json_fixture.hpp"
#include "loyang/engine/data.hpp"
#include "loyang/protocol/state_json.hpp"

using nlohmann::json;
using namespace loyang;
using namespace loyang::protocol;

namespace {

std::string quoted(std::string_view id) {
  std::string q(1, '"');  // appended piecewise: GCC 12 warns (-Wrestrict) on "\"" + string
  q.append(id);
  q.push_back('"');
  return q;
}

}  // namespace

TEST_CASE("the full state JSON has the documented fields", "[protocol][state]") {
  const engine::state s = engine::new_game({3, engine::ruleset::yucata, true}, 42);
  const json j = state_to_json(s, true);
  CHECK(j["options"] == json{{"players", 3}, {"ruleset", "yucata"}, {"introductory", true}, {"edition", 2}});
  CHECK(j["phase"] == "setup");
  CHECK(j["step"] == "plant_home");
  CHECK(j["version"] == 0);
  CHECK(j["seed"] == "42");
  CHECK(j["state_hash"].get<std::string>().size() == 16);
  CHECK(j["draw_pile"].size() == j["draw_pile_count"].get<std::size_t>());
  CHECK(j["draw_pile"].front() == engine::card(s.draw_pile.back()).id);  // top first
  REQUIRE(j["players"].size() == 3);
  for (std::size_t p = 0; p < 3; ++p) {
    const json& pj = j["players"][p];
    const auto& ps = s.players[p];
    CHECK(pj["cash"] == ps.cash);
    CHECK(pj["hand_count"] == ps.hand.size());
    CHECK(pj["hand"].size() == ps.hand.size());
    CHECK(pj["field_pile"].size() == ps.field_pile.size());
    CHECK(pj["field_pile_count"] == ps.field_pile.size());
    CHECK(pj["fields"][0]["id"] == "HOME");
    CHECK(pj["fields"][0]["crop"] == nullptr);
    CHECK(pj["fields"][0]["allows"] == json{"wheat", "pumpkin", "turnip"});
    CHECK(pj["shop"]["wheat"] == ps.shop[engine::veg::wheat]);
    CHECK(pj["intro"].is_string());
    for (const char* key : {"loans", "position", "storehouse_upgraded", "storehouse_capacity", "cart",
                            "storehouse", "played", "in_distribution", "turn_done", "bought_two_pack",
                            "two_pack_price", "effects"})
      CHECK(pj.contains(key));
  }
  for (const char* key : {"round", "active", "starting", "second", "partner", "action_order", "turn_index",
                          "revealed_this_turn", "took_order", "discard_pile", "courtyard", "two_pack",
                          "out_of_game", "ranking"})
    CHECK(j.contains(key));
}

TEST_CASE("a solo view shows the player, the Offer and the opponent, not the draw pile", "[protocol][state]") {
  const engine::state s = engine::new_game({1, engine::ruleset::original, false}, 99);
  const json j = view_to_json(s, 0);
  REQUIRE(j["players"].size() == 1);  // the opponent is written apart
  REQUIRE(j["offer"].size() == 4);
  for (std::size_t row = 0; row < 4; ++row) {
    REQUIRE(j["offer"][row].size() == 3);
    for (std::size_t col = 0; col < 3; ++col)
      CHECK(j["offer"][row][col] == engine::card(s.offer[row * 3 + col]).id);
  }
  const auto& opp = s.players[static_cast<std::size_t>(engine::solo_opponent)];
  CHECK(j["opponent"]["seat"] == 1);
  REQUIRE(j["opponent"]["played"].size() == 6);
  CHECK(j["opponent"]["played"][0]["card"] == engine::card(opp.played[0].card).id);
  CHECK(j["offer_bought"] == 0);
  CHECK(j["solo_reshuffled"] == false);
  CHECK(j["solo_result"] == nullptr);
  CHECK(j["step"] == "plant_home");
  CHECK_FALSE(j.contains("draw_pile"));
  CHECK(j["draw_pile_count"] == s.draw_pile.size());
  // 2-4 player states carry no solo fields.
  const json two = view_to_json(engine::new_game({2, engine::ruleset::yucata, false}, 1), 0);
  for (const char* key : {"offer", "opponent", "solo_result"}) CHECK_FALSE(two.contains(key));
}

TEST_CASE("a view has no seed, hash, draw pile order or field pile order", "[protocol][state]") {
  const engine::state s = engine::new_game({2, engine::ruleset::yucata, false}, 1234567);
  const json j = view_to_json(s, 0);
  CHECK_FALSE(j.contains("seed"));
  CHECK_FALSE(j.contains("state_hash"));
  CHECK_FALSE(j.contains("draw_pile"));
  CHECK(j["draw_pile_count"] == s.draw_pile.size());
  CHECK_FALSE(j["players"][0].contains("field_pile"));
  CHECK(j["players"][1]["hand"][0] == "hidden");
  CHECK(j["players"][0]["hand"][0] == engine::card(s.players[0].hand[0]).id);
  CHECK(j.dump().find("1234567") == std::string::npos);
}

TEST_CASE("a player's view never shows another player's hidden cards", "[protocol][state]") {
  // Secrets of the full state: every hand, unplayed START customers, the draw pile and the
  // order of the field piles. An action card is in exactly one place, so its id must not appear
  // anywhere in the view of a player who may not see it. (Field names are not unique: every
  // player has his own set of the 8 private fields.) To stay quick under the sanitizers: three
  // games, every other state, one viewer (the spectator or a seat) per checked state in turn.
  std::uint64_t seed = 300;
  std::size_t views = 0;
  for (const auto& opts : {engine::options{2, engine::ruleset::yucata, false},
                           engine::options{3, engine::ruleset::original, true},
                           engine::options{4, engine::ruleset::yucata, true},
                           engine::options{1, engine::ruleset::original, false}}) {
    test::walk_game(opts, seed++, [&](const engine::state& s, engine::player_id, const engine::command&) {
      if (s.version % 2 != 0) return;
      const auto a = static_cast<engine::player_id>(static_cast<int>(s.version / 2 % (opts.players + 1)) - 1);
      json j = view_to_json(s, a);
      // Active Helper effects are named after the Helper kind ("maid", "official"), which can
      // equal a card id; they are no card, so leave them out of the scan.
      for (auto& pj : j["players"]) pj.erase("effects");
      const std::string text = j.dump();
      ++views;
      const auto shows = [&](engine::card_id c) { return text.find(quoted(engine::card(c).id)) != std::string::npos; };
      for (engine::player_id b = 0; b < opts.players; ++b) {
        if (a == b) continue;
        const auto& pb = s.players[static_cast<std::size_t>(b)];
        for (engine::card_id c : pb.hand)
          if (shows(c)) FAIL("view of " << int(a) << " shows " << engine::card(c).id << " from the hand of " << int(b));
        if (pb.intro != engine::no_card && shows(pb.intro))
          FAIL("view of " << int(a) << " shows the START customer of " << int(b));
      }
      for (engine::card_id c : s.draw_pile)
        if (shows(c)) FAIL("view of " << int(a) << " shows draw pile card " << engine::card(c).id);
      for (const char* key : {"\"seed\"", "\"state_hash\"", "\"draw_pile\"", "\"field_pile\""})
        if (text.find(key) != std::string::npos) FAIL("view of " << int(a) << " has " << key);
    });
  }
  CHECK(views > 300);
}
