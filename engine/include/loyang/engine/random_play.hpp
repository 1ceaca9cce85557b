#pragma once
/// The shared random-game harness (after OpenSpiel's): a bot that picks uniformly among the
/// legal commands, with the invariants checked after every command. Used by the tests and by
/// `loyang simulate`.
#include <cstdint>
#include <string>
#include <vector>

#include "loyang/engine/events.hpp"
#include "loyang/engine/game.hpp"

namespace loyang::engine {

struct random_play_options {
  options game;
  int games = 1;
  std::uint64_t seed = 1;
  bool check_invariants = true;
  /// Also apply every listed command to a copy and require success (slow; for tests).
  bool check_legal_apply = false;
  /// Also collect every command's events (apply with an event list), as a server would.
  bool collect_events = false;
  int max_commands_per_game = 100000;
};

struct random_play_result {
  int games = 0;
  std::uint64_t commands = 0;
  std::uint64_t hash = 0;  ///< combined hash of all final states
  std::uint64_t events = 0;  ///< events collected (collect_events)
  int violations = 0;
  std::vector<std::string> first_violations;  ///< up to 10, with game and version
};

/// Plays `opt.games` games; game i uses seed opt.seed + i for the setup and for the bot.
random_play_result play_random_games(const random_play_options& opt);

/// Plays one random game from `s` to its end, calling `on_step(state, player, command)` before
/// each command (so callers can inspect). Returns false if the game did not end in time.
/// With `events`, each command's events are collected there (cleared before each command).
template <class OnStep>
bool play_out(state& s, rng& bot, int max_commands, OnStep&& on_step, event_list* events = nullptr);

/// play_out with the choice among the legal commands made by `pick(legal, bot)`, which returns
/// an index into `legal` (play_out's: bot.below(legal.size())), e.g. to favour rare commands.
template <class OnStep, class Pick>
bool play_out_picking(state& s, rng& bot, int max_commands, OnStep&& on_step, Pick&& pick,
                      event_list* events = nullptr);

}  // namespace loyang::engine

#include "loyang/engine/random_play_impl.hpp"
