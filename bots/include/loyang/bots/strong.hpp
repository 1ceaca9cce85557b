#pragma once
/// The strong bot (issue 24): determinized Monte Carlo search from its seat's view. For each of
/// the few commands the easy bot rates best, it samples full states consistent with the view
/// (the hidden cards and field piles dealt from what the view does not show), applies the
/// command and plays the game out with the easy bot's policy in every seat; it sends the
/// command with the best average outcome. No clock inside: the budget is a number of playouts,
/// and the caller may stop the search early with `out_of_time`.
#include <functional>
#include <memory>
#include <vector>

#include "loyang/bots/bot.hpp"

namespace loyang::bots {

struct strong_options {
  /// Playouts per decision, all candidates together (at most this many are run).
  int playouts = 400;
  /// Commands searched: the easy bot's best `candidates` (the rest are small or poor moves).
  int candidates = 4;
  /// Asked before each playout; true stops the search, which then answers from the playouts
  /// run so far (the easy bot's choice when none). Empty: only the playout budget counts.
  std::function<bool()> out_of_time;
};

/// What the last search found about one candidate command.
struct candidate_result {
  engine::command command;
  int playouts = 0;
  /// Average outcome for the seat: solo the level reached; otherwise 1 for a win (rank 1) plus
  /// 0.02 per Path space ahead of the best other player (after loans), negative when behind.
  double mean = 0;
};

struct search_report {
  std::vector<candidate_result> candidates;  ///< in the easy bot's order; empty when not searched
  int playouts = 0;                          ///< run in the last decision
  bool stopped = false;                      ///< out_of_time ended the search
};

class strong_bot final : public bot {
 public:
  explicit strong_bot(strong_options o);
  ~strong_bot() override;
  /// One of legal_for(v): at once when there is one, or the turn has run past the easy bot's
  /// cap; otherwise the searched candidate with the best mean (ties: the easy bot's order).
  /// Everything random (the sampled states, the playouts' reshuffles) comes from `random`.
  engine::command choose(const seat_view& v, engine::rng& random) override;
  /// The last decision's search (for hints and tests).
  const search_report& last_search() const { return last_; }

 private:
  strong_options options_;
  search_report last_;
  struct memory;
  std::unique_ptr<memory> memory_;  // the easy policy's turn count, scratch vectors
};

/// One playout as the strong bot runs it: plays the full state `s` to its end (or a cap of
/// 3000 commands), every seat choosing as the easy bot does; returns the commands sent.
/// Public for `loyang arena --playout-bench`.
int play_out(engine::state& s);

/// A strong bot with `o`.
std::unique_ptr<strong_bot> make_strong_bot(strong_options o = {});

}  // namespace loyang::bots
