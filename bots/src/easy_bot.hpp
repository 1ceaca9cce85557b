// The easy bot: scores every command it may send with the heuristics of docs/bots.md and
// sends the best (ties: the first listed).
#pragma once
#include <cstdint>
#include <vector>

#include "loyang/bots/bot.hpp"

namespace loyang::bots::detail {

/// The easy bot's score of each command of `legal` (commands `seat` may send in `s`, a view
/// or a full state: it reads only what the seat may see) into `out`, higher is better.
/// `capped`: the turn has run too long, only ending it scores well.
void easy_scores(const engine::state& s, engine::player_id seat, const std::vector<engine::command>& legal,
                 bool capped, std::vector<double>& out);

/// Commands per turn after which the easy bot only ends its turn (a safety net: its plans
/// need far fewer, about 5-15).
inline constexpr int easy_turn_cap = 60;

/// The easy bot's choice for one seat, with its memory (commands in the current turn): the
/// easy bot itself and the strong bot's playouts (one per seat, on full states).
class easy_policy {
 public:
  /// The index in `legal` (not empty) of the best command; counts one command of the turn.
  std::size_t choose(const engine::state& s, engine::player_id seat, const std::vector<engine::command>& legal);
  /// choose() for playouts, without the list of legal commands: `candidates`
  /// (engine::candidate_commands, any `undo` removed) are scored, then checked best first
  /// until one is legal. The same command as choose() on the legal ones, since their scores
  /// do not depend on the other commands listed and both break ties by the listed order;
  /// candidates.size() when none is legal.
  std::size_t choose_among_candidates(const engine::state& s, engine::player_id seat,
                                      const std::vector<engine::command>& candidates);
  /// Counts one command of the current turn; true once the turn has gone past easy_turn_cap.
  bool next_command(const engine::state& s);

 private:
  std::uint64_t turn_key_ = ~0ULL;
  int turn_commands_ = 0;
  std::vector<double> scores_;  // reused between calls
};

class easy_bot final : public bot {
 public:
  engine::command choose(const seat_view& v, engine::rng& random) override;

 private:
  easy_policy policy_;
};

}  // namespace loyang::bots::detail
