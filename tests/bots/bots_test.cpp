// Bots: only legal commands, games that end, the same game for the same seed.
#include <catch2/catch.hpp>

#include <algorithm>

#include "loyang/bots/match.hpp"
#include "loyang/engine/random_play.hpp"

using namespace loyang;
using namespace loyang::engine;

namespace {

bots::match_result play(const options& o, std::uint64_t seed, const std::vector<bots::level>& levels) {
  std::vector<std::unique_ptr<bots::bot>> owned;
  std::vector<bots::bot*> seats;
  for (auto l : levels) {
    owned.push_back(bots::make_bot(l));
    seats.push_back(owned.back().get());
  }
  bots::match_options m;
  m.game = o;
  m.seed = seed;
  return bots::play_match(m, seats);
}

}  // namespace

TEST_CASE("what a seat's view allows is allowed in the full state") {
  for (int players = 1; players <= 4; ++players) {
    state s = new_game(options{players, players % 2 ? ruleset::original : ruleset::yucata, false}, 40 + players);
    rng r(players);
    play_out(s, r, 100000, [&](const state& st, player_id, const command&) {
      if (st.version % 7 != 0) return;
      const player_id p = st.active;
      const auto full = legal_commands(st, p);
      for (const auto& c : bots::legal_for(bots::seat_view(st, p)))
        REQUIRE(std::find(full.begin(), full.end(), c) != full.end());
    });
  }
}

TEST_CASE("easy and random bots send only legal commands and finish every kind of game") {
  using L = bots::level;
  for (auto rules : {ruleset::yucata, ruleset::original}) {
    for (int players = 1; players <= 4; ++players) {
      for (bool intro : {false, true}) {
        if (players == 1 && intro) continue;
        std::vector<L> levels(static_cast<std::size_t>(players), L::easy);
        if (players > 1) levels[1] = L::random;
        for (std::uint64_t seed : {1u, 2u}) {
          const auto r = play({players, rules, intro}, seed, levels);
          INFO("players " << players << " " << to_string(rules) << " intro " << intro << " seed " << seed);
          CHECK_FALSE(r.illegal);
          CHECK(r.finished);
        }
      }
    }
  }
}

TEST_CASE("the same seed gives the same game") {
  using L = bots::level;
  const options o{3, ruleset::yucata, false};
  const auto a = play(o, 77, {L::easy, L::random, L::easy});
  const auto b = play(o, 77, {L::easy, L::random, L::easy});
  CHECK(a.hash == b.hash);
  CHECK(a.commands == b.commands);
  const auto c = play(o, 78, {L::easy, L::random, L::easy});
  CHECK(a.hash != c.hash);
}

TEST_CASE("level names") {
  CHECK(bots::level_by_name("easy") == bots::level::easy);
  CHECK(bots::level_by_name("random") == bots::level::random);
  CHECK(bots::level_by_name("strong") == bots::level::strong);
  CHECK(bots::to_string(bots::level::strong) == "strong");
  CHECK(bots::level_by_name("expert") == bots::level::expert);
  CHECK(bots::to_string(bots::level::expert) == "expert");
  CHECK_FALSE(bots::level_by_name("hard"));
  CHECK(bots::to_string(bots::level::easy) == "easy");
}
