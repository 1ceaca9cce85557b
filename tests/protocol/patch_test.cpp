// RFC 6902 diff and patch reproduce the next view and state along random games.
#include "json_fixture.hpp"
#include "loyang/protocol/patch.hpp"
#include "loyang/protocol/state_json.hpp"

using nlohmann::json;
using namespace loyang;
using namespace loyang::protocol;

TEST_CASE("diff and patch reproduce every next view and state", "[protocol][patch]") {
  // Two games keep the test quick under the sanitizers: player 0's view in the first, the
  // full state in the second.
  std::uint64_t seed = 500;
  for (const auto& opts : {engine::options{2, engine::ruleset::yucata, false},
                           engine::options{4, engine::ruleset::original, true}}) {
    json previous;
    std::size_t small = 0, steps = 0;
    test::walk_game(opts, seed++, [&](const engine::state& s, engine::player_id, const engine::command&) {
      json current = opts.players == 2 ? view_to_json(s, 0) : state_to_json(s, true);
      if (!previous.is_null()) {
        const json ops = diff(previous, current);
        if (!ops.is_array()) FAIL("diff is not an array");
        const auto patched = apply_patch(previous, ops);
        if (!patched.ok() || patched.value() != current) FAIL("patch did not reproduce version " << s.version);
        if (ops.dump().size() < current.dump().size() / 4) ++small;
        ++steps;
      }
      previous = std::move(current);
    });
    // Most commands change a small part of the state: a patch under a quarter of the document.
    CHECK(small * 10 > steps * 8);
  }
}

TEST_CASE("an empty diff for equal documents", "[protocol][patch]") {
  const json j = state_to_json(engine::new_game({2, engine::ruleset::yucata, false}, 3), true);
  CHECK(diff(j, j) == json::array());
}

TEST_CASE("a bad patch gives bad_patch without throwing", "[protocol][patch]") {
  const json doc = json::parse(R"({"a": 1})");
  for (const char* text : {R"({"op": "add"})", R"([{"op": "remove", "path": "/b"}])",
                           R"([{"op": "test", "path": "/a", "value": 2}])", R"([{"op": "jump", "path": "/a"}])"}) {
    INFO(text);
    parsed<json> r = json();
    REQUIRE_NOTHROW(r = apply_patch(doc, json::parse(text)));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == "bad_patch");
  }
  const auto ok = apply_patch(doc, json::parse(R"([{"op": "replace", "path": "/a", "value": 2}])"));
  REQUIRE(ok.ok());
  CHECK(ok.value() == json::parse(R"({"a": 2})"));
}

TEST_CASE("diff handles keys that need escaping, type changes and shrinking arrays", "[protocol][patch]") {
  const json from = json::parse(R"({"a/b": 1, "c~d": [1, 2, 3], "e": {"f": 1}, "g": [1], "h": 1})");
  const json to = json::parse(R"({"a/b": 2, "c~d": [1], "e": [1], "g": [1, {"x": 2}, 3], "i": null})");
  const json ops = diff(from, to);
  const auto patched = apply_patch(from, ops);
  REQUIRE(patched.ok());
  CHECK(patched.value() == to);
  CHECK(diff(json(1), json("one")) == json::parse(R"([{"op": "replace", "path": "", "value": "one"}])"));
}
