// A bot decides from its seat's view only: two full states with the same view for its seat
// (another hand, the draw pile's order changed) give the same decision: easy, random and strong.
#include <catch2/catch.hpp>

#include <algorithm>

#include "loyang/bots/bot.hpp"
#include "loyang/bots/strong.hpp"
#include "loyang/engine/random_play.hpp"
#include "loyang/engine/serialize.hpp"

using namespace loyang;
using namespace loyang::engine;

namespace {

/// `s` with what `seat` may not see changed: another player's hand card swapped with a draw
/// pile card, the draw pile reversed, the generator reseeded. Returns false when nothing
/// hidden could be changed.
bool change_hidden(state& s, player_id seat) {
  bool changed = false;
  if (s.draw_pile.size() >= 2) {
    std::reverse(s.draw_pile.begin(), s.draw_pile.end());
    changed = s.draw_pile.front() != s.draw_pile.back();
  }
  for (player_id q = 0; q < static_cast<player_id>(s.players.size()); ++q) {
    auto& hand = s.players[static_cast<std::size_t>(q)].hand;
    if (q == seat || hand.empty() || s.draw_pile.empty()) continue;
    std::swap(hand[0], s.draw_pile[0]);
    changed = true;
    break;
  }
  s.random = rng(s.seed + 12345);
  s.seed += 12345;
  return changed;
}

}  // namespace

TEST_CASE("two states with the same view give the same decision") {
  int compared = 0, strong_compared = 0;
  for (int players = 1; players <= 4; ++players) {
    for (auto rules : {ruleset::yucata, ruleset::original}) {
      state s = new_game(options{players, rules, players > 1}, 500 + players);
      rng walk(players * 7 + static_cast<int>(rules));
      play_out(s, walk, 100000, [&](const state& st, player_id, const command&) {
        if (st.version % 3 != 0) return;
        const player_id p = st.active;
        state other = st;
        if (!change_hidden(other, p)) return;
        REQUIRE(state_hash(other) != state_hash(st));
        const bots::seat_view a(st, p), b(other, p);
        REQUIRE(encode(a.state()) == encode(b.state()));
        for (auto l : {bots::level::easy, bots::level::random}) {
          auto bot_a = bots::make_bot(l), bot_b = bots::make_bot(l);
          rng ra(9), rb(9);
          REQUIRE(bot_a->choose(a, ra) == bot_b->choose(b, rb));
        }
        // The strong bot samples the hidden parts itself: the same view, seed and budget give
        // the same sampled states, playouts and decision (a few positions: playouts are slow
        // in the sanitized build).
        if (compared % 48 == 0) {
          bots::strong_options o;
          o.playouts = 4;
          o.candidates = 2;
          auto strong_a = bots::make_strong_bot(o), strong_b = bots::make_strong_bot(o);
          rng ra(9), rb(9);
          REQUIRE(strong_a->choose(a, ra) == strong_b->choose(b, rb));
          REQUIRE(strong_a->last_search().playouts == strong_b->last_search().playouts);
          ++strong_compared;
        }
        ++compared;
      });
    }
  }
  CHECK(compared > 500);
  CHECK(strong_compared > 10);
}
