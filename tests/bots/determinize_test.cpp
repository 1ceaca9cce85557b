// Determinization: a full state built from a seat's view is a valid game state with that view.
#include <catch2/catch.hpp>

#include "loyang/bots/bot.hpp"
#include "loyang/bots/determinize.hpp"
#include "loyang/engine/random_play.hpp"
#include "loyang/engine/serialize.hpp"

using namespace loyang;
using namespace loyang::engine;

TEST_CASE("a determinized state passes the invariants and has the seat's view") {
  int checked = 0;
  for (int players = 1; players <= 4; ++players) {
    for (auto rules : {ruleset::yucata, ruleset::original}) {
      for (bool intro : {false, true}) {
        if (players == 1 && intro) continue;
        state s = new_game(options{players, rules, intro}, 900 + players);
        rng walk(players * 11 + static_cast<int>(rules) + (intro ? 100 : 0));
        rng sampler(players);
        play_out(s, walk, 100000, [&](const state& st, player_id, const command&) {
          if (st.version % 5 != 0) return;
          for (player_id seat = 0; seat < static_cast<player_id>(players); ++seat) {
            const bots::seat_view v(st, seat);
            state d = bots::determinize(v.state(), seat, sampler);
            INFO("players " << players << " " << to_string(rules) << " intro " << intro << " version " << st.version);
            REQUIRE(check_invariants(d).empty());
            REQUIRE(encode(view(d, seat)) == encode(v.state()));
            // The engine plays on from it: every command the seat may send applies.
            for (const auto& c : bots::legal_for(v)) {
              state t = d;
              REQUIRE_FALSE(apply(t, seat, c));
            }
            ++checked;
          }
        });
      }
    }
  }
  CHECK(checked > 1000);
}

TEST_CASE("determinizations differ with the generator and repeat with its seed") {
  state s = new_game(options{3, ruleset::yucata, false}, 5);
  const bots::seat_view v(s, 0);
  rng a(1), b(1), c(2);
  const state x = bots::determinize(v.state(), 0, a);
  CHECK(state_hash(x) == state_hash(bots::determinize(v.state(), 0, b)));
  CHECK(state_hash(x) != state_hash(bots::determinize(v.state(), 0, c)));
}
