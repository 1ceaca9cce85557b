// Random games with every Helper in play, for both rulesets and 2-4 players: the Helpers'
// commands really occur, legal_commands and apply agree, undo restores the exact state,
// and games are deterministic.
#include <map>
#include <string>

#include "fixture.hpp"
#include "loyang/engine/random_play.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

namespace {
/// How often each command was sent in `games` random games.
std::map<std::string, int> command_counts(ruleset rules, int players, int games, std::uint64_t seed) {
  std::map<std::string, int> seen;
  for (int g = 0; g < games; ++g) {
    state s = new_game(options{players, rules, false}, seed + static_cast<std::uint64_t>(g));
    rng bot(seed * 31 + static_cast<std::uint64_t>(g));
    const bool ended = play_out(s, bot, 100000, [&](const state&, player_id, const command& c) {
      ++seen[std::string(command_name(c))];
    });
    REQUIRE(ended);
    REQUIRE(check_invariants(s).empty());
  }
  return seen;
}

const char* const helper_commands[] = {
    "use_book_keeper", "shop_add",        "shop_remove",         "book_keeper_done",
    "con_man",         "deliveryman",     "haggler",             "shopper",
    "merchant",        "harvest_helper",  "skip_harvest_helper", "activate_helper",
    "saleswoman_blue", "market_crier_refill", "market_crier_sell", "market_woman",
    "serve_regular_twice", "plough_clear", "plough_harvest",     "squire_take",
    "finish_taking",   "subsistence_farmer", "tenant_buy_field", "tenant_swap_field",
    "tout_swap",       "tout_buy",        "trader",          "activate_saleswoman_blue"};
}  // namespace

TEST_CASE("random games use every Helper command (both rulesets); the original ones the Foreman") {
  for (auto rules : {ruleset::yucata, ruleset::original}) {
    std::map<std::string, int> seen;
    for (int players = 2; players <= 4; ++players)
      for (const auto& [name, n] : command_counts(rules, players, 100, 900u + static_cast<unsigned>(players)))
        seen[name] += n;
    INFO(to_string(rules));
    for (const char* name : helper_commands) UNSCOPED_INFO(name << " " << seen[name]);
    for (const char* name : helper_commands) {
      INFO(name);
      CHECK(seen[name] > 0);
    }
    if (rules == ruleset::original) {
      CHECK(seen["foreman_take"] > 0);
      CHECK(seen["foreman_pass"] > 0);
    } else {
      CHECK(seen["foreman_take"] == 0);
      CHECK(seen["foreman_pass"] == 0);
    }
  }
}

TEST_CASE("original ruleset: every listed command is accepted and undo restores the exact state") {
  // The yucata ruleset is covered in random_games_test; check_legal_apply also applies `undo`
  // after every listed undoable command and compares the whole state.
  for (int players = 2; players <= 4; ++players) {
    random_play_options o;
    o.game.players = players;
    o.game.rules = ruleset::original;
    o.games = 8;
    o.seed = 4100u + static_cast<unsigned>(players);
    o.check_legal_apply = true;
    const auto r = play_random_games(o);
    for (const auto& v : r.first_violations) UNSCOPED_INFO(v);
    CHECK(r.violations == 0);
  }
}

TEST_CASE("undo along random games: after any undoable command the earlier state comes back") {
  for (auto rules : {ruleset::yucata, ruleset::original})
    for (int players = 2; players <= 4; ++players) {
      state s = new_game(options{players, rules, false}, 77u + static_cast<unsigned>(players));
      rng bot(5);
      int undone = 0;
      play_out(s, bot, 100000, [&](const state& st, player_id p, const command& c) {
        state copy = st;
        if (apply(copy, p, c)) return;
        if (!undo_available(copy, p) || copy.undo_log.size() != st.undo_log.size() + 1) return;
        ++undone;
        REQUIRE_FALSE(apply(copy, p, cmd::undo{}).has_value());
        copy.version -= 2;
        if (!(copy == st)) FAIL("undo after " << command_name(c) << " did not restore the state");
      });
      CHECK(s.current_phase == phase::finished);
      CHECK(undone > 20);
    }
}

TEST_CASE("random games with Helpers are deterministic in both rulesets") {
  for (auto rules : {ruleset::yucata, ruleset::original})
    for (int players = 2; players <= 4; ++players) {
      random_play_options o;
      o.game.players = players;
      o.game.rules = rules;
      o.games = 3;
      o.seed = 600u + static_cast<unsigned>(players);
      const auto a = play_random_games(o);
      const auto b = play_random_games(o);
      CHECK(a.violations == 0);
      CHECK(a.hash == b.hash);
      CHECK(a.commands == b.commands);
    }
}
