#pragma once
// Internal: the clocks room. It owns the one timer that wakes games whose clocks come due
// (timer_service.hpp) and the players' vacations (docs/protocol.md, "Vacations"), and answers
// the routes that change a running game's seats outside the rules: resigning and voting on
// waiting for a seat out of time (timeouts.hpp). It arms a game's next wake whenever the lobby
// holds a new record of it (the hub's game_started and game_updated, subscribed in
// assemble.cpp); what it changes in a game it asks the game's room to change, through the
// narrow `lookups` the composition root wires to the lobby.
//
// It runs on the games' strand (the lobby's), as rating_service does: the lobby asks it who is
// away while it starts a game or writes a game's summary, and its timer reads the games the
// lobby holds. Its own strand comes when neither needs the other's state in the same step.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "../accounts/accounts.hpp"
#include "../core/api_reply.hpp"
#include "../core/beast.hpp"
#include "../core/metrics.hpp"
#include "../core/records.hpp"
#include "timeouts.hpp"
#include "timer_service.hpp"

namespace loyang::server::clocks {

/// A change of a game's record outside the rules, made by the game's room between its commands
/// (room::record_change): the record and the time in, the next record or a refusal out.
using record_change = std::function<std::variant<game_record, refusal>(const game_record&, std::int64_t now)>;

class service : public std::enable_shared_from_this<service> {
 public:
  struct options {
    /// The longest the timer sleeps before looking at the time again.
    std::chrono::milliseconds max_sleep{std::chrono::seconds(30)};
    /// Vacation days each account may take per calendar year (UTC); 0: no vacations.
    int vacation_days_per_year = 24;
  };

  /// What the clocks read and ask of the games (the lobby's, wired in assemble.cpp). On the
  /// games' strand, but `now` and `leads`, which any thread may call.
  struct lookups {
    /// Unix seconds now.
    std::function<std::int64_t()> now;
    /// Whether this node runs the clocks now (the leader of several nodes; always on one).
    std::function<bool()> leads;
    /// The game `id` as held, or nullptr.
    std::function<const game_record*(std::int64_t id)> game;
    /// Calls its argument with every game held.
    std::function<void(const std::function<void(const game_record&)>&)> each_game;
    /// Runs `then` on the games' strand; on several nodes after reading `game`'s row again, so a
    /// request sees what its client just did through another node.
    std::function<void(std::int64_t game, std::function<void()> then)> fresh;
    /// Runs `change` in the room of `game` (loaded if needed): `done` gets the change's refusal,
    /// the room's load failure (status 503), or nullopt once the new record is stored and the
    /// lobby holds it. `done` may run on any thread.
    std::function<void(std::int64_t game, record_change change, std::function<void(std::optional<refusal>)> done)>
        change;
    /// Wakes the room of `game` (timeouts.hpp, on_wake), loading it for that only if needed.
    std::function<void(std::int64_t game)> wake;
    /// `game`'s summary as the API answers it (GET /api/games/{id}).
    std::function<nlohmann::json(std::int64_t game)> summary;
  };

  /// `store`: where vacations are written.
  service(strand_type games_strand, storage& store, options o, std::shared_ptr<metrics> stats, lookups look);

  // Its life, in the lobby's start() and stop().
  /// The vacations as stored; makes the timer. First, before the strand runs anything here.
  void load(std::vector<vacation_record> vacations);
  /// Starts the timer (after the first arms). On the strand.
  void start();
  /// Stops the timer: nothing fires after. On the strand.
  void stop();

  /// The lobby holds a new record of `game` (a game started, a command, a wake, a change, or
  /// another node's row): its next wake is armed from it, and dropped once it has none (over,
  /// cancelled, no clock). On the strand.
  void game_changed(std::int64_t game);
  /// When `game` is to be woken next, if at all (tests). On the strand.
  std::optional<std::int64_t> wake_of(std::int64_t game) const { return timer_->wake_of(game); }

  /// The vacation `account` is on at `now`, if any (his clocks stand). On the strand.
  const vacation_record* away(std::int64_t account, std::int64_t now) const;

  // Several nodes (cluster/lobby_cluster.cpp), on the strand.
  /// Account `account`'s vacations as another node stored them (`rows`: that account's part of
  /// what was read; other accounts' rows are ignored). The node that stored them stopped the
  /// clocks in the games; their rows come on their own.
  void merge_vacations(std::int64_t account, const std::vector<vacation_record>& rows);
  /// Arms every game's wake from its stored deadlines and every recent vacation's end: at start,
  /// and when this node comes to lead.
  void wake_all();

  // Routes (docs/protocol.md); the answers come through `reply`, on any thread.
  /// POST /api/games/{id}/resign: `who` gives up his seat (timeouts.hpp, resign); the game's
  /// summary, or 404 no_such_game, 409 not_seated, not_active, a refusal of resign(), 503.
  void resign(identity who, std::int64_t game, reply_fn reply);
  /// POST /api/games/{id}/vote {"wait": bool}: `who` votes on waiting for a seat out of time;
  /// 400 bad_request, else as resign().
  void vote(identity who, std::int64_t game, nlohmann::json body, reply_fn reply);
  /// POST /api/games/{id}/nudge: `who` reminds those who must act (nudge.hpp); the game's
  /// summary, or as resign() and nudge()'s refusals.
  void nudge(identity who, std::int64_t game, reply_fn reply);
  /// GET /api/account/vacation: {"away", "days_per_year", "used", "left"}.
  void vacation(identity who, reply_fn reply);
  /// POST /api/account/vacation {"days": N}: 400 bad_request, 409 already_away,
  /// no_vacation_left, 503 a storage code.
  void start_vacation(identity who, nlohmann::json body, reply_fn reply);
  /// DELETE /api/account/vacation: 409 not_away, 503 a storage code.
  void end_vacation(identity who, reply_fn reply);

 private:
  /// The timer found these due (games; -account: a vacation's end).
  void on_due(const std::vector<std::int64_t>& due);
  /// `account`'s clocks stop (away) or run again, in every running game he still plays; `done`
  /// (on the strand) once each game's change is stored and held by the lobby, or refused.
  void set_away(std::int64_t account, bool away, std::function<void()> done = {});
  nlohmann::json vacation_json(std::int64_t account) const;
  /// Runs the change `make` gives for `who`'s seat in `game`, a running game, and answers with
  /// the game's summary after it.
  void change_seat(identity who, std::int64_t game, std::function<record_change(engine::player_id seat)> make,
                   reply_fn reply);

  strand_type strand_;
  storage& store_;
  options options_;
  std::shared_ptr<metrics> stats_;
  lookups look_;
  std::shared_ptr<timer_service> timer_;  // made by load(); on the strand
  std::unordered_map<std::int64_t, std::vector<vacation_record>> vacations_;  // by account, by start; on the strand
};

}  // namespace loyang::server::clocks
