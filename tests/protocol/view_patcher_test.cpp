// The view patcher gives every viewer exactly its own next view, along random games: the same
// view as client_view, and patches that turn the last view into it.
#include "json_fixture.hpp"
#include "loyang/protocol/client_view.hpp"
#include "loyang/protocol/patch.hpp"
#include "loyang/protocol/view_patcher.hpp"

using nlohmann::json;
using namespace loyang;
using namespace loyang::protocol;

namespace {

std::vector<engine::player_id> viewers_of(const engine::state& s) {
  std::vector<engine::player_id> out{engine::no_player};
  for (std::size_t p = 0; p < s.players.size(); ++p) out.push_back(engine::player_id(p));
  return out;
}

}  // namespace

TEST_CASE("the view patcher's views and patches equal each viewer's own view",
          "[protocol][patch][view_patcher]") {
  std::uint64_t seed = 900;
  for (const auto& opts : {engine::options{1, engine::ruleset::yucata, false},
                           engine::options{2, engine::ruleset::yucata, true},
                           engine::options{3, engine::ruleset::original, false},
                           engine::options{4, engine::ruleset::original, true}}) {
    INFO("players " << opts.players);
    std::optional<view_patcher> patcher;
    std::vector<json> last;
    std::size_t steps = 0;
    test::walk_game(opts, seed++, [&](const engine::state& s, engine::player_id, const engine::command&) {
      const auto viewers = viewers_of(s);
      if (!patcher) {
        patcher.emplace(s);
      } else {
        patcher->advance(s);
        ++steps;
      }
      std::vector<json> now;
      for (std::size_t i = 0; i < viewers.size(); ++i) {
        const auto v = viewers[i];
        const json& expected = now.emplace_back(client_view(s, v));
        // (every few steps: the patches below check every step's view already)
        if (steps % 8 == 0 && patcher->view(v) != expected) FAIL("view of " << int(v) << " at version " << s.version);
        if (last.size() == viewers.size()) {
          const json ops = json::parse("[" + patcher->ops_text(v) + "]");
          const auto patched = apply_patch(last[i], ops);
          if (!patched.ok() || patched.value() != expected)
            FAIL("patch for " << int(v) << " to version " << s.version);
        }
      }
      last = std::move(now);
    });
    CHECK(steps > 100);
  }
}

TEST_CASE("a seat's patch carries its own hand; the others' patches never do",
          "[protocol][patch][view_patcher][secrecy]") {
  const engine::options opts{3, engine::ruleset::yucata, false};
  std::optional<view_patcher> patcher;
  std::size_t own_hand_changes = 0;
  test::walk_game(opts, 77, [&](const engine::state& s, engine::player_id, const engine::command&) {
    if (!patcher) return void(patcher.emplace(s));
    patcher->advance(s);
    for (engine::player_id p = 0; p < 3; ++p) {
      const auto hand_path = "\"/game/players/" + std::to_string(p) + "/hand";
      for (engine::player_id other = 0; other < 3; ++other) {
        if (other == p) continue;
        const auto& text = patcher->ops_text(other);
        // Another seat may see the hand's size change, but only as hidden cards.
        for (const auto& path : {hand_path + "/", hand_path + "\""}) {
          for (auto at = text.find(path); at != std::string::npos; at = text.find(path, at + 1)) {
            const auto op = text.substr(at, text.find('}', at) - at);
            if (op.find("\"value\"") != std::string::npos && op.find("\"hidden\"") == std::string::npos)
              FAIL("seat " << int(other) << " sees seat " << int(p) << "'s card: " << op);
          }
        }
      }
      if (patcher->ops_text(p).find(hand_path + "/") != std::string::npos) ++own_hand_changes;
    }
  });
  CHECK(own_hand_changes > 20);
}
