#pragma once
/// One game between bots, each deciding from its own seat's view: for `loyang arena` and tests.
#include <cstdint>
#include <vector>

#include "loyang/bots/bot.hpp"

namespace loyang::bots {

struct match_options {
  engine::options game;
  std::uint64_t seed = 1;  ///< the setup; each seat's bot draws from its own generator
  /// Commands one seat may send in one phase of a round before the game counts as stuck.
  int max_commands_per_turn = 200;
  int max_commands = 20000;
};

struct seat_result {
  int rank = 0;        ///< 1 = winner (ties share); 0 when the game did not finish
  int position = 0;    ///< final position on the Path, after the loans
  int loans = 0;
  int cash = 0;
};

struct match_result {
  bool finished = false;
  bool illegal = false;  ///< a bot returned a command the engine refused (a bug)
  int commands = 0;
  std::vector<seat_result> seats;  ///< one per seat (solo: one)
  engine::solo_rating rating = engine::solo_rating::none;
  std::uint64_t hash = 0;  ///< engine::state_hash of the final state
};

/// Plays `opt.game` with seed `opt.seed`; `seats[i]` plays seat i (opt.game.players bots, not
/// owned). Asks the seat to act (engine::to_act) for one command at a time with a seat_view.
/// The same options and bots in the same state give the same game on every machine.
match_result play_match(const match_options& opt, const std::vector<bot*>& seats);

}  // namespace loyang::bots
