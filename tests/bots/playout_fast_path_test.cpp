// The playouts' fast path (bots/src/playout.cpp: candidates scored before any is checked,
// apply_legal without a second check or undo history) against the plain way (legal_commands,
// the easy policy's choose, apply): the same command at every step and the same state after it
// (undo history aside, which a playout never uses), from many starting points in every player
// count and ruleset. The strong bot's search only ever runs the fast path, so its choices
// rest on this equality.
#include <catch2/catch.hpp>

#include <algorithm>

#include "playout.hpp"
#include "loyang/bots/bot.hpp"
#include "loyang/bots/determinize.hpp"
#include "loyang/engine/random_play.hpp"

using namespace loyang;
using namespace loyang::engine;

namespace {

/// `s` without its undo history: the only part of a state the fast path leaves out.
state without_undo(state s) {
  s.undo_base = {};
  s.undo_log.clear();
  return s;
}

/// Plays `s` to its end both ways in lockstep; returns the commands sent. Every step's
/// command and state must agree, and the fast path's listing must be legal_commands'.
int play_both_ways(const state& start) {
  state slow = start, fast = start;
  bots::detail::playout_scratch a, b;
  std::vector<command> legal, candidates, kept;
  int sent = 0;
  while (slow.current_phase != phase::finished && sent < bots::detail::playout_command_cap) {
    // candidate_commands filtered by is_legal is legal_commands, in the same order.
    legal_commands(fast, fast.active, legal);
    candidate_commands(fast, fast.active, candidates);
    kept.clear();
    for (const auto& c : candidates)
      if (is_legal(fast, fast.active, c)) kept.push_back(c);
    REQUIRE(kept == legal);

    const command* x = bots::detail::playout_step_reference(slow, a);
    const command* y = bots::detail::playout_step(fast, b);
    REQUIRE((x == nullptr) == (y == nullptr));
    if (!x) break;
    INFO("command " << sent << ": " << command_name(*x) << " / " << command_name(*y));
    REQUIRE(*x == *y);
    REQUIRE(without_undo(slow) == fast);
    REQUIRE(fast.undo_log.empty());
    ++sent;
  }
  REQUIRE(state_hash(without_undo(slow)) == state_hash(fast));
  // play_out_easy is the fast path from start to end.
  state whole = start;
  bots::detail::playout_scratch c;
  CHECK(bots::detail::play_out_easy(whole, c) == sent);
  CHECK(whole == fast);
  return sent;
}

}  // namespace

TEST_CASE("a fast playout sends the easy policy's commands and reaches the same states as the plain one") {
  int games = 0, commands = 0;
  for (int players = 1; players <= 4; ++players) {
    for (ruleset r : {ruleset::yucata, ruleset::original}) {
      const options o{players, r, players == 2};
      const std::uint64_t seed = 40 + static_cast<std::uint64_t>(players) * 2 + (r == ruleset::original);
      // From the start of a game.
      commands += play_both_ways(new_game(o, seed));
      ++games;
      // From points of a random game (random commands: Helpers, loans and trades the easy bot
      // never chooses), the full state and a determinized one as the strong bot samples.
      state s = new_game(o, seed);
      rng walk(seed);
      std::vector<state> points;
      play_out(s, walk, 100000, [&](const state& st, player_id, const command&) {
        if (st.version % 97 == 13 && st.current_phase != phase::setup) points.push_back(st);
      });
      rng sample(seed);
      for (std::size_t i = 0; i < points.size(); i += 2) {
        commands += play_both_ways(points[i]);
        commands += play_both_ways(bots::determinize(view(points[i], points[i].active), points[i].active, sample));
        games += 2;
      }
    }
  }
  CHECK(games > 20);
  CHECK(commands > 5000);
}
