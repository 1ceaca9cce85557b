#pragma once
/// The strong bot (issue 24): determinized Monte Carlo search from its seat's view. For each of
/// the few commands the easy bot rates best, it samples full states consistent with the view
/// (the hidden cards and field piles dealt from what the view does not show), applies the
/// command and plays the game out with the easy bot's policy in every seat; it sends the
/// command with the best average outcome. No clock inside: the budget is a number of playouts,
/// and the caller may stop the search early with `out_of_time`.
#include <functional>
#include <memory>
#include <optional>
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

/// The expert level's budget (issue 42): three times the candidates and more than seven times
/// the playouts of the strong bot's, about 0.25 s a solo decision and up to the server's 1 s
/// limit with four players on one core. For the solo game and analyses, on the bot threads.
strong_options expert_options();

/// The budget a hint is weighed with (the server's and `loyang arena --hint-check`'s): the
/// expert's in a solo game (a solo decision is cheap to weigh), the strong bot's otherwise.
strong_options hint_options(const engine::options& game);

/// What the last search found about one candidate command.
struct candidate_result {
  engine::command command;
  int playouts = 0;
  /// Average outcome for the seat: solo the level reached; otherwise 1 for a win (rank 1) plus
  /// 0.02 per Path space ahead of the best other player (after loans), negative when behind.
  double mean = 0;
  /// The share of the playouts the seat won (rank 1, shared included); solo always 0.
  double wins = 0;
  /// The average final Path position (after loans) ahead of the best other player, negative
  /// when behind; solo the average level reached.
  double margin = 0;
  /// A loan not shown to be needed (docs/bots.md, "Loans"): in the first round, or not better
  /// than the best other candidate by twice the noise of their difference. It is never chosen
  /// while another candidate was played out, whatever its mean.
  bool held_back = false;
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
  /// The last decision's search (for tests and the arena).
  const search_report& last_search() const { return last_; }
  /// Playouts of the next decisions (>= 1): the server shrinks the budget while its bot pool
  /// is busy.
  void set_playouts(int playouts) { options_.playouts = playouts < 1 ? 1 : playouts; }
  int playouts() const { return options_.playouts; }
  /// The budget it was made with (set_playouts shrinks the next decisions' from this).
  int full_playouts() const { return full_playouts_; }
  /// Replaces strong_options::out_of_time for the next decisions (the server's time limit).
  void set_out_of_time(std::function<bool()> f) { options_.out_of_time = std::move(f); }

 private:
  strong_options options_;
  int full_playouts_;
  search_report last_;
  struct memory;
  std::unique_ptr<memory> memory_;  // the easy policy's turn count, scratch vectors
};

/// The strong bot's search without its choice, for hints and analyses: weighs the easy bot's
/// best `o.candidates` commands of legal_for(v) and also `also` (a command of legal_for(v),
/// say the one a player chose) when it is not among them (it comes last), `o.playouts` in all,
/// from states sampled consistently with the view, as choose() does. With one legal command,
/// or a budget below 1, nothing is weighed (candidates empty). Throws std::invalid_argument
/// when the seat has no legal command or `also` is not one of them.
search_report weigh(const seat_view& v, engine::rng& random, const strong_options& o,
                    const std::optional<engine::command>& also = std::nullopt);

/// Whether `a` ranks above `b`: played out before not, then a candidate not held back before a
/// held-back loan, then the higher mean. What best_candidate and a hint's order follow.
bool ranks_above(const candidate_result& a, const candidate_result& b);

/// The index in `r.candidates` of the best weighed one (the highest mean; ties: the first),
/// passing over held-back loans unless nothing else was weighed; r.candidates.size() when none
/// was played out.
std::size_t best_candidate(const search_report& r);

/// One playout as the strong bot runs it: plays the full state `s` to its end (or a cap of
/// 3000 commands), every seat choosing as the easy bot does; returns the commands sent.
/// Public for `loyang arena --playout-bench`.
int play_out(engine::state& s);

/// A strong bot with `o`.
std::unique_ptr<strong_bot> make_strong_bot(strong_options o = {});

}  // namespace loyang::bots
