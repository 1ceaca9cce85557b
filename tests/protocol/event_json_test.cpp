// Engine events as JSON: the documented shapes, every kind and enumerator by name, and the
// events of random games (redacted for each reader) as clients receive them.
#include <map>
#include <set>
#include <string>

#include "event_samples.hpp"
#include "json_fixture.hpp"
#include "loyang/engine/data.hpp"
#include "loyang/protocol/event_json.hpp"

using nlohmann::json;
using namespace loyang;
using namespace loyang::protocol;

namespace {

std::set<std::string> keys_of(const json& j) {
  std::set<std::string> out;
  for (const auto& [k, v] : j.items()) out.insert(k);
  return out;
}

}  // namespace

TEST_CASE("event JSON: the shapes of the spec's examples", "[protocol][events]") {
  namespace ev = engine::ev;
  const auto card = [](const char* id) { return *engine::card_by_name(id); };
  CHECK(event_to_json(ev::harvested{1, *engine::field_by_name("PF4-A"), engine::veg::turnip, 1, 0, 1}) ==
        json::parse(R"({"type": "harvested", "player": 1, "field": "PF4-A", "crop": "turnip", "amount": 1, "left": 0, "to": 1})"));
  CHECK(event_to_json(ev::payment{0, engine::no_player, 4, engine::pay_reason::path, engine::no_card}) ==
        json::parse(R"({"type": "payment", "from": 0, "to": null, "amount": 4, "reason": "path", "card": null})"));
  CHECK(event_to_json(ev::cards_dealt{0, std::vector<engine::card_id>(4, engine::hidden_card)}) ==
        json::parse(R"({"type": "cards_dealt", "player": 0, "cards": ["hidden", "hidden", "hidden", "hidden"]})"));
  CHECK(event_to_json(ev::customer_revealed{0, card("R09"), card("M03"), true}) ==
        json::parse(R"({"type": "customer_revealed", "player": 0, "card": "R09", "from_under": "M03", "due": true})"));
  CHECK(event_to_json(ev::game_ended{}) == json{{"type", "game_ended"}});
  CHECK(event_to_json(ev::phase_started{engine::phase::card}) == json{{"type", "phase_started"}, {"at", "card"}});
  CHECK(events_to_json({ev::round_started{3}, ev::undone{7}}) ==
        json::parse(R"([{"type": "round_started", "round": 3}, {"type": "undone", "version": 7}])"));
}

TEST_CASE("event JSON: one sample of every kind, named as the engine names it", "[protocol][events]") {
  const auto samples = test::event_samples();
  REQUIRE(samples.size() == std::variant_size_v<engine::event>);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    REQUIRE(samples[i].index() == i);  // one of each, in the variant's order
    const json j = event_to_json(samples[i]);
    INFO(j.dump());
    CHECK(j["type"] == std::string(engine::event_name(samples[i])));
    CHECK(json::parse(j.dump()) == j);  // through the wire text
  }
}

TEST_CASE("event JSON: every reason, source and rating by its enumerator's name", "[protocol][events]") {
  namespace ev = engine::ev;
  std::set<std::string> names;
  for (int r = 0; r <= static_cast<int>(engine::pay_reason::common_field); ++r)
    names.insert(event_to_json(ev::payment{0, 1, 1, static_cast<engine::pay_reason>(r), engine::no_card})["reason"]);
  CHECK(names == std::set<std::string>{"home_field", "purchase", "sale", "customer", "penalty", "two_pack", "keep_card",
                                       "loan", "storehouse", "path", "helper", "offer", "common_field"});
  names.clear();
  for (int s = 0; s <= static_cast<int>(ev::card_source::draw_pile); ++s)
    names.insert(event_to_json(ev::card_played{0, 0, static_cast<ev::card_source>(s), engine::no_card})["from"]);
  CHECK(names == std::set<std::string>{"hand", "intro", "courtyard", "two_pack", "offer", "under", "discard_pile",
                                       "draw_pile"});
  names.clear();
  for (int d = 0; d <= static_cast<int>(ev::discard_reason::out_of_game); ++d)
    names.insert(event_to_json(ev::card_discarded{0, 0, static_cast<ev::discard_reason>(d)})["reason"]);
  CHECK(names == std::set<std::string>{"helper_used", "helper_discarded", "stall_emptied", "customer_done",
                                       "casual_served", "courtyard", "two_pack_unkept", "field_emptied", "offer",
                                       "out_of_game"});
  names.clear();
  for (int r = 0; r <= static_cast<int>(engine::solo_rating::master); ++r)
    names.insert(event_to_json(ev::solo_rated{17, static_cast<engine::solo_rating>(r)})["rating"]);
  CHECK(names == std::set<std::string>{"none", "good", "very_good", "master"});
}

TEST_CASE("event JSON of random games: each type keeps its members; cards by id, hidden from other readers",
          "[protocol][events]") {
  std::map<std::string, std::set<std::string>> members;
  for (const auto& sample : test::event_samples()) {
    const json j = event_to_json(sample);
    members[j["type"]] = keys_of(j);
  }
  std::set<std::string> seen;
  std::uint64_t seed = 21;
  for (const auto& opts : test::sample_options()) {
    test::walk_game(opts, seed++, [&](const engine::state& st, engine::player_id p, const engine::command& c) {
      engine::state s = st;
      engine::event_list events;
      REQUIRE_FALSE(engine::apply(s, p, c, &events).has_value());
      for (engine::player_id reader = -1; reader < opts.players; ++reader) {
        const json all = events_to_json(engine::redact(events, reader));
        REQUIRE(all.size() == events.size());
        for (const auto& j : all) {
          INFO(j.dump());
          const std::string type = j["type"];
          seen.insert(type);
          REQUIRE(members.count(type) == 1);
          CHECK(keys_of(j) == members[type]);
          for (const char* key : {"card", "under", "from_under", "top", "bottom"})
            if (j.contains(key))
              CHECK((j[key].is_null() || j[key] == "hidden" || engine::card_by_name(j[key].get<std::string>())));
          if (type == "cards_dealt" && j["player"] != reader)
            for (const auto& card : j["cards"]) CHECK(card == "hidden");
        }
      }
    });
  }
  CHECK(seen.size() >= 20);
}
