#pragma once
// Internal: the analysis of a finished game (issue 24), like a chess site's blunder check. At
// every decision of the game's people with a choice, the strong bot weighs the command played
// beside its own best candidates, from the deciding seat's view then; the decisions where the
// played command was valued far below the best are marked. Runs on the bot pool one decision
// per task, so the bots of games in play wait at most one decision behind it.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include <deque>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "../core/metrics.hpp"
#include "../core/records.hpp"
#include "bot_pool.hpp"

namespace loyang::server::analysis {

/// Playouts per decision by default, over the expert's 12 candidates: rough (about ±0.1 on a
/// win share), and a 4-player game takes about two minutes of one core.
inline constexpr int default_playouts = 240;
/// Marks: how far below the best the command played was valued (multi-player: in wins, a Path
/// space being 0.02; solo: in levels).
inline constexpr double mistake_drop = 0.15, blunder_drop = 0.3;
inline constexpr double solo_mistake_drop = 1.0, solo_blunder_drop = 2.0;

/// What a job needs of the game: everything is copied, the room is not read again.
struct game_input {
  std::int64_t game = 0;
  engine::options options;
  std::uint64_t seed = 0;
  std::vector<persistence::logged_command> commands;  ///< versions 1..n
  /// Per seat: whether a person played it from the start, and when he left it (0: never);
  /// commands of bots (and of a bot after a takeover) are not analysed.
  std::vector<bool> person;
  std::vector<std::int64_t> left_at;
  int playouts = default_playouts;  ///< per decision
};

/// The input of a finished game's record and log.
game_input input_of(const game_record& g, const std::vector<persistence::logged_command>& commands);

class job : public std::enable_shared_from_this<job> {
 public:
  job(game_input in, std::shared_ptr<bot_pool> pool, std::shared_ptr<metrics> stats, boost::asio::any_io_executor ex);
  /// Queues the first step on the pool.
  void start();
  /// {"game", "status": "running"|"done"|"failed", "done", "total"} and, once done, "seats"
  /// and "moves" (docs/protocol.md "Analysis of a finished game"). Any thread.
  nlohmann::json status() const;
  bool running() const;

 private:
  void schedule();
  void step();
  /// Weighs the decision of command `next_` (the state is before it); false when it is not one.
  bool weigh_next();

  struct seat_sum {
    int decisions = 0, mistakes = 0, blunders = 0;
    double drops = 0;
  };

  game_input in_;
  std::shared_ptr<bot_pool> pool_;
  std::shared_ptr<metrics> stats_;
  boost::asio::steady_timer retry_;
  // Touched by one step at a time (each step queues the next).
  engine::state state_;
  std::size_t next_ = 0;
  bool counted_ = false;
  // Read by status() from other threads.
  mutable std::mutex mutex_;
  int done_ = 0, total_ = 0;
  bool finished_ = false;
  std::string failure_;
  std::vector<seat_sum> seats_;
  nlohmann::json moves_ = nlohmann::json::array();
};

/// The analyses asked for lately, by game: at most `keep`, of which at most `running_limit`
/// unfinished at once (each holds the bot pool one decision at a time). On the lobby's strand.
class cache {
 public:
  static constexpr std::size_t keep = 64, running_limit = 2;
  std::shared_ptr<job> find(std::int64_t game) const;
  /// Whether another analysis may start now (fewer than running_limit run).
  bool may_start() const;
  /// Keeps `j`, forgetting the oldest finished ones beyond `keep`.
  void add(std::int64_t game, std::shared_ptr<job> j);

 private:
  std::unordered_map<std::int64_t, std::shared_ptr<job>> jobs_;
  std::deque<std::int64_t> order_;
};

}  // namespace loyang::server::analysis
