// Per-player views: what each player may know.
#include "fixture.hpp"
#include "loyang/engine/random_play.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

TEST_CASE("a view hides other hands, every field pile's order, the draw pile and the seed") {
  options o;
  o.players = 3;
  o.introductory = true;
  const state s = new_game(o, 12345);
  const state v = view(s, 1);
  CHECK(v.seed == 0);
  CHECK(v.random == rng{});
  CHECK(v.draw_pile.size() == s.draw_pile.size());
  for (card_id c : v.draw_pile) CHECK(c == hidden_card);
  CHECK(v.players[1].hand == s.players[1].hand);
  CHECK(v.players[1].intro == s.players[1].intro);
  for (player_id p : {0, 2}) {
    const auto& vp = v.players[static_cast<std::size_t>(p)];
    CHECK(vp.hand.size() == 4);
    for (card_id c : vp.hand) CHECK(c == hidden_card);
    CHECK(vp.intro == hidden_card);
  }
  for (const auto& vp : v.players) {
    CHECK(vp.field_pile.size() == 8);
    for (field_id f : vp.field_pile) CHECK(f == hidden_field);
  }
  // A spectator sees no hand at all.
  const state spectator = view(s, no_player);
  for (const auto& vp : spectator.players)
    for (card_id c : vp.hand) CHECK(c == hidden_card);
}

TEST_CASE("along random games no view shows a card of another player's hand") {
  state s = new_game(options{4, ruleset::yucata, true}, 99);
  rng bot(3);
  play_out(s, bot, 100000, [&](const state& st, player_id, const command&) {
    for (player_id viewer = -1; viewer < 4; ++viewer) {
      const state v = view(st, viewer);
      for (player_id owner = 0; owner < 4; ++owner) {
        if (owner == viewer) continue;
        const auto& vp = v.players[static_cast<std::size_t>(owner)];
        for (card_id c : vp.hand) REQUIRE(c == hidden_card);
        REQUIRE((vp.intro == no_card || vp.intro == hidden_card));
      }
      for (card_id c : v.draw_pile) REQUIRE(c == hidden_card);
    }
  });
  CHECK(s.current_phase == phase::finished);
}
