// Commands <-> JSON: every legal command of random games round-trips; malformed commands are
// refused with bad_command and never throw.
#include <set>
#include <string>

#include "json_fixture.hpp"
#include "loyang/engine/data.hpp"
#include "loyang/protocol/command_json.hpp"

using nlohmann::json;
using namespace loyang;
using namespace loyang::protocol;

TEST_CASE("every legal command round-trips through JSON", "[protocol][command]") {
  std::set<std::string> types_seen;
  std::size_t checked = 0;
  std::uint64_t seed = 11;
  for (const auto& opts : test::sample_options()) {
    test::walk_game(opts, seed++, [&](const engine::state& s, engine::player_id, const engine::command&) {
      for (engine::player_id p = 0; p < opts.players; ++p) {
        for (const auto& c : engine::legal_commands(s, p)) {
          const json j = command_to_json(c);
          // Through the wire text too, as a client would send it.
          const auto back = parse_command(json::parse(j.dump()));
          if (!back.ok() || !(back.value() == c) || command_to_json(back.value()) != j) {
            FAIL("round trip failed for " << j.dump()
                                          << (back.ok() ? "" : " (" + back.error().message + ")"));
          }
          types_seen.insert(j["type"].get<std::string>());
          ++checked;
        }
      }
    });
  }
  INFO("command types seen: " << types_seen.size());
  CHECK(checked > 10000);
  CHECK(types_seen.size() >= 40);  // most Helper commands turn up too
  // The base game's commands all turn up in a few random games.
  for (const char* t : {"plant_home", "reveal_courtyard", "place_in_courtyard", "take_cards",
                        "choose_partner", "sow", "buy", "sell", "trade", "discard_helper",
                        "serve_regular", "skip_regular", "serve_casual", "buy_two_pack",
                        "keep_two_pack", "take_loan", "end_turn", "upgrade_storehouse",
                        "discard_veg", "advance", "buy_from_offer", "finish_offer"}) {
    INFO(t);
    CHECK(types_seen.count(t) == 1);
  }
}

TEST_CASE("command JSON has the documented shape", "[protocol][command]") {
  namespace cmd = engine::cmd;
  const auto card = [](const char* id) { return *engine::card_by_name(id); };
  CHECK(command_to_json(cmd::plant_home{engine::veg::wheat}) == json{{"type", "plant_home"}, {"crop", "wheat"}});
  CHECK(command_to_json(cmd::take_cards{card("R09"), engine::no_card}) ==
        json{{"type", "take_cards"}, {"hand", "R09"}, {"courtyard", nullptr}});
  CHECK(command_to_json(cmd::sow{engine::veg::bean, *engine::field_by_name("PF4-A")}) ==
        json{{"type", "sow"}, {"crop", "bean"}, {"field", "PF4-A"}});
  CHECK(command_to_json(cmd::choose_partner{2}) == json{{"type", "choose_partner"}, {"partner", 2}});
  CHECK(command_to_json(cmd::advance{2}) == json{{"type", "advance"}, {"steps", 2}});
  CHECK(command_to_json(cmd::end_turn{}) == json{{"type", "end_turn"}});
  CHECK(command_to_json(cmd::keep_two_pack{card("trader-2"), engine::no_card}) ==
        json{{"type", "keep_two_pack"}, {"top", "trader-2"}, {"bottom", nullptr}});
}

TEST_CASE("trade accepts the given vegetables in any order", "[protocol][command]") {
  const json j = json::parse(R"({"type": "trade", "stall": "M06", "get": "leek", "give": ["bean", "wheat"]})");
  const auto c = parse_command(j);
  REQUIRE(c.ok());
  const auto& t = std::get<engine::cmd::trade>(c.value());
  CHECK(t.stall == *engine::card_by_name("M06"));
  CHECK(t.get == engine::veg::leek);
  CHECK(t.give1 == engine::veg::wheat);
  CHECK(t.give2 == engine::veg::bean);
  CHECK(command_to_json(c.value())["give"] == json::parse(R"(["wheat", "bean"])"));
}

TEST_CASE("nullable parameters may be left out", "[protocol][command]") {
  const auto c = parse_command(json::parse(R"({"type": "take_cards", "hand": "R09"})"));
  REQUIRE(c.ok());
  CHECK(std::get<engine::cmd::take_cards>(c.value()).courtyard == engine::no_card);
  const auto k = parse_command(json::parse(R"({"type": "keep_two_pack"})"));
  REQUIRE(k.ok());
  CHECK(std::get<engine::cmd::keep_two_pack>(k.value()) == engine::cmd::keep_two_pack{engine::no_card, engine::no_card});
}

TEST_CASE("malformed commands give bad_command without throwing", "[protocol][command]") {
  const char* bad[] = {
      "null", "42", R"("end_turn")", "[]", "{}", R"({"type": 3})", R"({"type": "fly"})",
      R"({"type": "plant_home"})", R"({"type": "plant_home", "crop": null})",
      R"({"type": "plant_home", "crop": 1})", R"({"type": "plant_home", "crop": "potato"})",
      R"({"type": "plant_home", "crop": "wheat", "extra": 1})",
      R"({"type": "end_turn", "steps": 1})",
      R"({"type": "serve_regular", "card": "R99"})", R"({"type": "serve_regular", "card": ["R09"]})",
      R"({"type": "take_cards", "courtyard": "M01"})", R"({"type": "take_cards", "hand": "hidden"})",
      R"({"type": "sow", "crop": "bean", "field": "PF9-Z"})", R"({"type": "sow", "crop": "bean"})",
      R"({"type": "trade", "stall": "M06", "get": "leek", "give": []})",
      R"({"type": "trade", "stall": "M06", "get": "leek", "give": ["wheat", "bean", "leek"]})",
      R"({"type": "trade", "stall": "M06", "get": "leek", "give": "wheat"})",
      R"({"type": "advance", "steps": 1.5})", R"({"type": "advance", "steps": "2"})",
      R"({"type": "advance", "steps": 18446744073709551615})", R"({"type": "advance", "steps": 100000})",
      R"({"type": "choose_partner", "partner": -1})", R"({"type": "choose_partner", "partner": true})",
      R"({"type": "merchant", "crops": ["wheat", "wheat"]})",
      R"({"type": "harvest_helper", "fields": ["PF3-A", "PF3-A"]})",
      R"({"type": "market_crier_sell", "goods": []})",
      R"({"type": "market_crier_sell", "goods": [{"stall": "M01"}]})",
      R"({"type": "market_crier_sell", "goods": [{"stall": "M01", "good": "pumpkin", "x": 0}]})",
      R"({"type": "shopper", "crop": "bean", "with_haggler": "yes"})",
  };
  for (const char* text : bad) {
    INFO(text);
    const json j = json::parse(text);
    parsed<engine::command> c = engine::command{engine::cmd::undo{}};
    REQUIRE_NOTHROW(c = parse_command(j));
    REQUIRE_FALSE(c.ok());
    CHECK(c.error().code == "bad_command");
    CHECK_FALSE(c.error().message.empty());
  }
}

TEST_CASE("error messages name the problem", "[protocol][command]") {
  CHECK(parse_command(json::parse(R"({"type": "fly"})")).error().message.find("fly") != std::string::npos);
  CHECK(parse_command(json::parse(R"({"type": "buy", "crop": "potato"})")).error().message.find("potato") !=
        std::string::npos);
  CHECK(parse_command(json::parse(R"({"type": "sow", "crop": "bean"})")).error().message.find("field") !=
        std::string::npos);
}
