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
    std::size_t steps = 0, advice_patches = 0;
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
        if (patcher->version() != s.version) FAIL("the patcher is at " << patcher->version() << ", not " << s.version);
        if (last.size() == viewers.size()) {
          // A seat's changed advice comes as one replace; the spectators have none.
          if (patcher->ops_text(v).find(R"("path":"/advice")") != std::string::npos) {
            if (v == engine::no_player) FAIL("advice for the spectators at version " << s.version);
            ++advice_patches;
          }
          const json ops = json::parse("[" + patcher->ops_text(v) + "]");
          const auto patched = apply_patch(last[i], ops);
          if (!patched.ok() || patched.value() != expected)
            FAIL("patch for " << int(v) << " to version " << s.version);
        }
      }
      last = std::move(now);
    });
    CHECK(steps > 100);
    CHECK(advice_patches > steps / 2);
  }
}

TEST_CASE("a seat's patch carries its own hand; the others' and the spectators' never do",
          "[protocol][patch][view_patcher][secrecy]") {
  // The Introductory version: each seat also holds a secret START customer until it plays it.
  const engine::options opts{3, engine::ruleset::yucata, true};
  std::optional<view_patcher> patcher;
  std::size_t own_hand_changes = 0, own_intro_changes = 0;
  // Whether the operation's value names a card (anything but "hidden" or null).
  const auto shows_card = [](const std::string& op) {
    const auto value = op.find("\"value\":");
    if (value == std::string::npos) return false;
    for (auto q = op.find('"', value + 8); q != std::string::npos; q = op.find('"', q + 1)) {
      const auto end = op.find('"', q + 1);
      if (op.substr(q + 1, end - q - 1) != "hidden") return true;
      q = end;
    }
    return false;
  };
  test::walk_game(opts, 77, [&](const engine::state& s, engine::player_id, const engine::command&) {
    if (!patcher) return void(patcher.emplace(s));
    patcher->advance(s);
    for (engine::player_id p = 0; p < 3; ++p) {
      const auto me = std::string("\"/game/players/").append(std::to_string(p));  // gcc bug 105651
      for (const engine::player_id other : {engine::player_id(0), engine::player_id(1),
                                            engine::player_id(2), engine::no_player}) {
        if (other == p) continue;
        const auto& text = patcher->ops_text(other);
        // Another viewer may see the hand's size change, and the START customer go, but only
        // as hidden cards.
        for (const auto& path : {me + "/hand/", me + "/hand\"", me + "/intro\""}) {
          for (auto at = text.find(path); at != std::string::npos; at = text.find(path, at + 1)) {
            const auto op = text.substr(at, text.find('}', at) - at);
            if (shows_card(op)) FAIL("viewer " << int(other) << " sees seat " << int(p) << "'s card: " << op);
          }
        }
      }
      const auto& own = patcher->ops_text(p);
      if (own.find(me + "/hand/") != std::string::npos) ++own_hand_changes;
      if (own.find(me + "/intro\"") != std::string::npos) ++own_intro_changes;
    }
  });
  CHECK(own_hand_changes > 20);
  CHECK(own_intro_changes > 0);
}
