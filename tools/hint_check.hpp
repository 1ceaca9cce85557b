#pragma once
// `loyang arena --hint-check` (issue 42): along arena games, the hint the server would give
// each seat is compared with the easy bot's choice by a second, independent search.
#include <memory>
#include <optional>

#include "loyang/bots/bot.hpp"
#include "loyang/bots/strong.hpp"

namespace loyang::tools {

struct hint_check_options {
  int every = 5;              ///< every n-th decision of a seat with a choice is checked
  int judge_playouts = 1000;  ///< the judge's budget, both commands together
  std::optional<int> hint_playouts;  ///< the hint's budget; default bots::hint_options
};

/// What the checks found, over every game.
struct hint_tally {
  int checked = 0;              ///< decisions hinted
  int differing = 0;            ///< hints other than the easy bot's choice (judged)
  double gain_sum = 0;          ///< judged mean of the hint less the easy choice's, summed
  double gain_squares = 0;
  int worse = 0;                ///< differing hints judged worse by more than `worse_by`
  double worst = 0;             ///< the lowest judged gain
  int loans = 0;                ///< hints to take a loan
  int first_round_loans = 0;    ///< of which in the first round (must be none)
  void add(const hint_tally& o);
};

/// How much worse than the easy bot's choice a hint must be judged to count as worse: 0.5 level
/// solo, 0.05 (a 5-point win share) otherwise.
inline double worse_by(const engine::options& game) { return game.players == 1 ? 0.5 : 0.05; }

/// Wraps a seat's bot: plays as it does, and every `every`-th decision with a choice first asks
/// for the hint from the seat's view, then judges it against the easy bot's choice with fresh
/// samples (common random numbers, both from the same states).
class hint_checker final : public bots::bot {
 public:
  hint_checker(std::unique_ptr<bots::bot> inner, hint_check_options o, std::uint64_t seed, hint_tally& tally);
  engine::command choose(const bots::seat_view& v, engine::rng& random) override;

 private:
  void check(const bots::seat_view& v);
  std::unique_ptr<bots::bot> inner_;
  hint_check_options options_;
  engine::rng random_;
  hint_tally& tally_;
  int decisions_ = 0;
};

}  // namespace loyang::tools
