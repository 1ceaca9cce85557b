// Options and fixed setups from JSON.
#include "json_fixture.hpp"
#include "loyang/engine/data.hpp"
#include "loyang/protocol/options_json.hpp"
#include "loyang/protocol/setup_json.hpp"

using nlohmann::json;
using namespace loyang;
using namespace loyang::protocol;

TEST_CASE("options round-trip and default", "[protocol][options]") {
  for (const auto& o : test::sample_options()) {
    const auto back = parse_options(options_to_json(o));
    REQUIRE(back.ok());
    CHECK(back.value() == o);
  }
  const auto d = parse_options(json::parse(R"({"players": 3})"));
  REQUIRE(d.ok());
  CHECK(d.value() == engine::options{3, engine::ruleset::yucata, false});
  CHECK(d.value().edition == engine::current_edition);
}

TEST_CASE("options stored before rules editions existed read as edition 1; new ones name theirs", "[protocol][options]") {
  const auto old = parse_options(json::parse(R"({"players": 2, "ruleset": "original", "introductory": false})"),
                                 engine::first_edition);
  REQUIRE(old.ok());
  CHECK(old.value().edition == engine::first_edition);
  CHECK(options_to_json(old.value())["edition"] == 1);
  const auto named = parse_options(json::parse(R"({"players": 2, "edition": 2})"), engine::first_edition);
  REQUIRE(named.ok());
  CHECK(named.value().edition == 2);
  CHECK(options_to_json(engine::options{})["edition"] == engine::current_edition);
}

TEST_CASE("bad options give bad_options", "[protocol][options]") {
  for (const char* text : {"null", "[]", "{}", R"({"players": 5})", R"({"players": 0})", R"({"players": 1, "introductory": true})", R"({"players": "2"})",
                           R"({"players": 2, "ruleset": "chess"})", R"({"players": 2, "ruleset": 1})",
                           R"({"players": 2, "introductory": "yes"})", R"({"players": 2, "colour": "red"})",
                           R"({"players": 2, "edition": 0})", R"({"players": 2, "edition": 3})",
                           R"({"players": 2, "edition": "2"})"}) {
    INFO(text);
    parsed<engine::options> o = engine::options{};
    REQUIRE_NOTHROW(o = parse_options(json::parse(text)));
    REQUIRE_FALSE(o.ok());
    CHECK(o.error().code == "bad_options");
  }
}

TEST_CASE("a setup override from JSON pins the start", "[protocol][setup]") {
  const json j = json::parse(R"({
    "deck": ["R09", "M01", "C14"],
    "field_piles": [["PF3-A", "PF4-A", "PF5-A", "PF6-A", "PF3-B", "PF4-B", "PF5-B", "PF6-B"],
                    ["PF6-B", "PF5-B", "PF4-B", "PF3-B", "PF6-A", "PF5-A", "PF4-A", "PF3-A"]],
    "hands": [["M02", "M03", "R02", "C01"], ["M04", "M05", "R05", "C02"]],
    "starting": 1})");
  const auto s = parse_setup(j);
  REQUIRE(s.ok());
  CHECK(setup_to_json(s.value()) == j);
  const engine::state g = engine::new_game({2, engine::ruleset::yucata, false}, 9, s.value());
  CHECK(g.starting == 1);
  CHECK(g.draw_pile.back() == *engine::card_by_name("R09"));
  CHECK(g.players[1].hand[0] == *engine::card_by_name("M04"));
  CHECK(g.players[0].field_pile.back() == *engine::field_by_name("PF3-A"));
}

TEST_CASE("fixed reshuffles from JSON: top first, a final \"...\" leaves the rest shuffled", "[protocol][setup]") {
  const json j = json::parse(R"({"reshuffles": [["R09", "M01"], ["C14", "..."], []]})");
  const auto s = parse_setup(j);
  REQUIRE(s.ok());
  REQUIRE(s.value().reshuffles.size() == 3);
  CHECK(s.value().reshuffles[0] ==
        engine::fixed_order{{*engine::card_by_name("R09"), *engine::card_by_name("M01")}, false});
  CHECK(s.value().reshuffles[1] == engine::fixed_order{{*engine::card_by_name("C14")}, true});
  CHECK(s.value().reshuffles[2] == engine::fixed_order{});
  CHECK(setup_to_json(s.value()) == j);
}

TEST_CASE("bad setups give bad_setup", "[protocol][setup]") {
  for (const char* text : {"[]", R"({"deck": "R09"})", R"({"deck": ["R99"]})", R"({"hands": [["M01"], "M02"]})",
                           R"({"field_piles": [["XX"]]})", R"({"starting": "0"})", R"({"dek": []})",
                           R"({"reshuffles": ["R09"]})", R"({"reshuffles": [["...", "R09"]]})",
                           R"({"reshuffles": [["R09", "...", "..."]]})", R"({"reshuffles": {"0": ["R09"]}})",
                           R"({"reshuffles": [["R99"]]})"}) {
    INFO(text);
    const auto s = parse_setup(json::parse(text));
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().code == "bad_setup");
  }
}
