#pragma once
// Test helpers for the JSON layer: random games to walk through.
#include <catch2/catch.hpp>

#include <vector>

#include "loyang/engine/random_play.hpp"

namespace loyang::protocol::test {

/// A spread of game set-ups: 1-4 players, both rulesets, with and without the Introductory
/// version (which the solo game does not have).
inline std::vector<engine::options> sample_options() {
  using engine::ruleset;
  return {{2, ruleset::yucata, false}, {3, ruleset::yucata, true}, {4, ruleset::yucata, false},
          {2, ruleset::original, true}, {3, ruleset::original, false}, {4, ruleset::original, true},
          {1, ruleset::yucata, false}, {1, ruleset::original, false}};
}

/// Plays one random game and calls `on_step(state, player, command)` before every command.
template <class OnStep>
void walk_game(const engine::options& opts, std::uint64_t seed, OnStep&& on_step) {
  engine::state s = engine::new_game(opts, seed);
  engine::rng bot(seed * 7919 + 1);
  REQUIRE(engine::play_out(s, bot, 100000, on_step));
}

}  // namespace loyang::protocol::test
