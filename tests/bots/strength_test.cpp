// The easy bot beats random bots clearly (fixed seeds: not flaky), without endless turns.
#include <catch2/catch.hpp>

#include "loyang/bots/match.hpp"

using namespace loyang;
using namespace loyang::engine;

TEST_CASE("the easy bot wins at least 90% of 40 4-player games against three random bots") {
  int wins = 0, finished = 0;
  for (int g = 0; g < 40; ++g) {
    std::vector<std::unique_ptr<bots::bot>> owned;
    std::vector<bots::bot*> seats;
    const int easy_seat = g % 4;  // every seat, in turn
    for (int i = 0; i < 4; ++i) {
      owned.push_back(bots::make_bot(i == easy_seat ? bots::level::easy : bots::level::random));
      seats.push_back(owned.back().get());
    }
    bots::match_options m;
    m.game = options{4, g % 2 ? ruleset::original : ruleset::yucata, false};
    m.seed = 1000 + static_cast<std::uint64_t>(g);
    m.max_commands_per_turn = 100;  // the easy bot ends a turn after 60 of its commands
    const auto r = bots::play_match(m, seats);
    CHECK_FALSE(r.illegal);
    finished += r.finished;
    wins += r.seats[static_cast<std::size_t>(easy_seat)].rank == 1;
  }
  CHECK(finished == 40);
  CHECK(wins >= 36);
}

TEST_CASE("the easy bot plays a solo game to its end without loans piling up") {
  auto bot = bots::make_bot(bots::level::easy);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    bots::match_options m;
    m.game = options{1, ruleset::yucata, false};
    m.seed = seed;
    m.max_commands_per_turn = 100;
    auto fresh = bots::make_bot(bots::level::easy);
    const auto r = bots::play_match(m, {fresh.get()});
    CHECK(r.finished);
    CHECK(r.seats[0].loans <= 5);
  }
}
