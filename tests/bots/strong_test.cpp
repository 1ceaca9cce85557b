// The strong bot: legal commands only, the same decision for the same seed and budget, and a
// budget it keeps (playouts counted, the caller's out_of_time obeyed). Small budgets: the
// sanitized debug build plays a playout in milliseconds.
#include <catch2/catch.hpp>

#include <algorithm>

#include "loyang/bots/match.hpp"
#include "loyang/bots/strong.hpp"
#include "loyang/engine/random_play.hpp"

using namespace loyang;
using namespace loyang::engine;

namespace {

bots::strong_options small(int playouts) {
  bots::strong_options o;
  o.playouts = playouts;
  return o;
}

/// Positions of a random game where the seat to act has a choice, every `every`-th command.
std::vector<state> positions(const options& o, std::uint64_t seed, int every) {
  std::vector<state> out;
  state s = new_game(o, seed);
  rng walk(seed);
  play_out(s, walk, 100000, [&](const state& st, player_id, const command&) {
    if (st.version % static_cast<std::uint32_t>(every) == 0 && bots::legal_for(bots::seat_view(st, st.active)).size() > 1)
      out.push_back(st);
  });
  return out;
}

}  // namespace

TEST_CASE("the strong bot finishes games with legal commands only") {
  for (int players : {1, 2}) {
    auto o = small(2);
    o.candidates = 2;
    auto strong = bots::make_strong_bot(o);
    auto easy = bots::make_bot(bots::level::easy);
    std::vector<bots::bot*> seats{strong.get()};
    if (players == 2) seats.push_back(easy.get());
    bots::match_options m;
    m.game = options{players, players == 1 ? ruleset::yucata : ruleset::original, false};
    m.seed = 31;
    const auto r = bots::play_match(m, seats);
    CHECK_FALSE(r.illegal);
    CHECK(r.finished);
  }
}

TEST_CASE("the strong bot's decision depends only on the seed and the budget") {
  int searched = 0;
  for (int players : {1, 3}) {
    for (const state& st : positions(options{players, ruleset::yucata, false}, 7, 89)) {
      const bots::seat_view v(st, st.active);
      auto a = bots::make_strong_bot(small(4)), b = bots::make_strong_bot(small(4));
      rng ra(5), rb(5);
      const command ca = a->choose(v, ra);
      REQUIRE(ca == b->choose(v, rb));
      const auto legal = bots::legal_for(v);
      REQUIRE(std::find(legal.begin(), legal.end(), ca) != legal.end());
      REQUIRE(a->last_search().candidates.size() == b->last_search().candidates.size());
      for (std::size_t k = 0; k < a->last_search().candidates.size(); ++k)
        REQUIRE(a->last_search().candidates[k].mean == b->last_search().candidates[k].mean);
      searched += a->last_search().playouts > 0;
    }
  }
  CHECK(searched > 5);
}

TEST_CASE("the strong bot keeps its budget") {
  const auto all = positions(options{2, ruleset::yucata, false}, 3, 17);
  REQUIRE(all.size() > 3);
  const state& st = all[all.size() / 3];
  const bots::seat_view v(st, st.active);
  SECTION("a budget of N playouts runs at most N") {
    for (int n : {1, 3, 7}) {
      auto bot = bots::make_strong_bot(small(n));
      rng r(1);
      bot->choose(v, r);
      CHECK(bot->last_search().playouts <= n);
      CHECK_FALSE(bot->last_search().stopped);
    }
  }
  SECTION("out_of_time stops the search") {
    int asked = 0;
    auto o = small(1000);
    o.out_of_time = [&] { return ++asked > 3; };
    auto bot = bots::make_strong_bot(o);
    rng r(1);
    const command c = bot->choose(v, r);
    const auto legal = bots::legal_for(v);
    CHECK(std::find(legal.begin(), legal.end(), c) != legal.end());
    if (!bot->last_search().candidates.empty()) {
      CHECK(bot->last_search().stopped);
      CHECK(bot->last_search().playouts == 3);
    }
  }
  SECTION("out of time at once: the easy bot's choice") {
    auto o = small(1000);
    o.out_of_time = [] { return true; };
    auto strong = bots::make_strong_bot(o);
    auto easy = bots::make_bot(bots::level::easy);
    rng r(1);
    CHECK(strong->choose(v, r) == easy->choose(v, r));
    CHECK(strong->last_search().playouts == 0);
  }
}

TEST_CASE("weighing a player's command beside the strong bot's candidates") {
  options o;
  o.players = 2;
  const auto found = positions(o, 7, 5);
  REQUIRE(found.size() > 10);
  int weighed_extra = 0;
  for (std::size_t i = 0; i < found.size(); i += 8) {
    const state& st = found[i];
    const bots::seat_view v(st, st.active);
    const auto legal = bots::legal_for(v);
    // The command the easy bot would rank last: rarely among the candidates.
    const auto& played = legal.back();
    rng a(11), b(11);
    const auto r = bots::weigh(v, a, small(24), played);
    REQUIRE(!r.candidates.empty());
    CHECK(r.playouts == 24);
    const auto listed = std::count_if(r.candidates.begin(), r.candidates.end(),
                                      [&](const bots::candidate_result& c) { return c.command == played; });
    CHECK(listed == 1);
    if (r.candidates.size() == 5) {
      CHECK(r.candidates.back().command == played);
      ++weighed_extra;
    }
    for (const auto& c : r.candidates) {
      CHECK(c.playouts > 0);
      CHECK(c.wins >= 0.0);
      CHECK(c.wins <= 1.0);
      CHECK(c.mean == Approx(c.wins + 0.02 * c.margin));
    }
    const auto best = bots::best_candidate(r);
    REQUIRE(best < r.candidates.size());
    for (const auto& c : r.candidates)
      if (!c.held_back) CHECK(c.mean <= r.candidates[best].mean);
    // The same generator gives the same report (hints and analyses repeat).
    const auto again = bots::weigh(v, b, small(24), played);
    REQUIRE(again.candidates.size() == r.candidates.size());
    for (std::size_t k = 0; k < r.candidates.size(); ++k) CHECK(again.candidates[k].mean == r.candidates[k].mean);
  }
  CHECK(weighed_extra > 0);
}

TEST_CASE("weighing refuses a command the seat may not send, and weighs nothing with one choice") {
  options o;
  o.players = 1;
  const auto found = positions(o, 3, 3);
  REQUIRE(!found.empty());
  const bots::seat_view v(found.front(), found.front().active);
  rng r(1);
  CHECK_THROWS_AS(bots::weigh(v, r, small(8), command{cmd::choose_partner{3}}), std::invalid_argument);
  // Solo: the value is the level; wins stay 0.
  const auto solo = bots::weigh(v, r, small(8));
  for (const auto& c : solo.candidates) {
    CHECK(c.wins == 0.0);
    CHECK(c.mean == Approx(c.margin));
  }
}

TEST_CASE("a loan is never advised in the first round, later only when clearly better than the rest") {
  const command loan{cmd::take_loan{}};
  for (int players : {1, 2}) {
    options o;
    o.players = players;
    int first_round = 0, later = 0, advised = 0;
    for (std::uint64_t seed : {5, 6}) {
      const auto found = positions(o, seed, 3);
      for (std::size_t i = 0; i < found.size(); i += 4) {
        const state& st = found[i];
        const bots::seat_view v(st, st.active);
        const auto legal = bots::legal_for(v);
        if (std::find(legal.begin(), legal.end(), loan) == legal.end()) continue;
        rng random(seed + i);
        const auto r = bots::weigh(v, random, small(40), loan);
        const auto k = std::find_if(r.candidates.begin(), r.candidates.end(),
                                    [&](const bots::candidate_result& c) { return c.command == loan; });
        REQUIRE(k != r.candidates.end());
        const auto best = bots::best_candidate(r);
        REQUIRE(best < r.candidates.size());
        double others = -1e9;
        for (const auto& c : r.candidates)
          if (!(c.command == loan)) others = std::max(others, c.mean);
        INFO("round " << int(st.round) << ", loan " << k->mean << ", best other " << others);
        if (st.round <= 1) {
          ++first_round;
          CHECK(k->held_back);
          CHECK_FALSE(r.candidates[best].command == loan);
        } else {
          ++later;
          // Not held back only when its mean is above every other (by the noise, at least).
          if (!k->held_back) {
            CHECK(k->mean > others);
            ++advised;
          }
          CHECK((r.candidates[best].command == loan) == !k->held_back);
        }
      }
    }
    INFO(players << " players: " << first_round << " first-round positions, " << later << " later, " << advised << " loans advised");
    CHECK(first_round > 0);
    CHECK(later > 0);
  }
}
