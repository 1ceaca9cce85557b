#pragma once
// Internal: a game's clocks, one per seat, each running only while its seat must act (one at a
// time: engine::to_act names one seat, even in home planting and the Harvest helper queue).
// Pure bookkeeping: every call is given the time (Unix seconds), so tests move time by hand,
// and the state is plain data the store keeps with the game (stored() / from_stored()).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "loyang/engine/types.hpp"
#include "time_control.hpp"

namespace loyang::server::clocks {

class game_clock {
 public:
  /// No clock: no seat ever has a deadline.
  game_clock() = default;
  /// `seats` clocks under `tc`, none running yet (set_acting starts them).
  game_clock(time_control tc, std::size_t seats);

  const time_control& control() const { return tc_; }

  /// The seats that must act are now `acting` (engine::to_act), at `now`. A seat that stops
  /// acting is charged the time it took; a bank then gets its increment, up to the cap. A seat
  /// that starts acting starts a new decision (per move: the full time again). A seat in both
  /// lists goes on with its decision. Times before a clock's start count as no time.
  void set_acting(const std::vector<engine::player_id>& acting, std::int64_t now);

  /// A seat's absence (vacation): its clock stops, keeping what it has left, until resume().
  /// Both are harmless when already so, and for seats out of range.
  void pause(engine::player_id seat, std::int64_t now);
  void resume(engine::player_id seat, std::int64_t now);
  bool paused(engine::player_id seat) const;

  /// `seat` no longer has a clock (a bot plays it now, or it has left the game): it never runs
  /// again. Harmless when already so.
  void retire(engine::player_id seat, std::int64_t now);
  bool retired(engine::player_id seat) const;

  /// What has come due by `now`, taken once: the reminders to send (seat, 1 for halfway through
  /// a decision, 2 for shortly before its deadline; only the later when both are due at once),
  /// the seats whose time ran out (their clocks stop at 0; the caller applies the policy), and
  /// whether a vote on waiting has closed (its window passed).
  struct due {
    std::vector<std::pair<engine::player_id, int>> reminders;
    std::vector<engine::player_id> timed_out;
    bool vote_closed = false;
    bool empty() const { return reminders.empty() && timed_out.empty() && !vote_closed; }
  };
  due take_due(std::int64_t now);
  /// When take_due next has something: the earliest reminder, deadline or vote window's end.
  std::optional<std::int64_t> next_wake() const;

  /// A vote of the other players on whether to wait for `seat`, whose time ran out; it closes
  /// at `until`. One vote at a time: false when one is open already.
  bool open_vote(engine::player_id seat, std::int64_t until);
  struct vote_state {
    engine::player_id seat = 0;
    std::int64_t until = 0;
    std::vector<std::pair<engine::player_id, bool>> votes;  ///< (voter, wait?) in voting order
    bool operator==(const vote_state&) const = default;
  };
  const std::optional<vote_state>& vote() const { return vote_; }
  /// Records `voter`'s choice (a later one replaces it); false with no open vote.
  bool cast(engine::player_id voter, bool wait);
  /// Closes the vote. `wait`: the seat gets one more decision's time (decision_seconds), from
  /// `now`; otherwise its clock is left stopped for the caller to retire.
  void close_vote(bool wait, std::int64_t now);

  /// Seconds `seat` has left at `now` (0 once run out); nullopt with no clock or no such seat.
  std::optional<std::int64_t> left(engine::player_id seat, std::int64_t now) const;
  /// When `seat`'s time runs out (Unix seconds), while its clock runs.
  std::optional<std::int64_t> deadline(engine::player_id seat) const;
  /// The earliest deadline of any seat, with its seat (the lowest seat on a tie).
  std::optional<std::pair<std::int64_t, engine::player_id>> next_deadline() const;

  /// What viewers are shown: {"control": ..., "seats": [{"left": S, "running": bool,
  /// "deadline": T or null, "paused": bool, "retired": bool}, ...], "vote": null or {"seat": S,
  /// "until": T, "votes": [{"seat": V, "wait": bool}]}} at `now`; null with no clock.
  nlohmann::json view_json(std::int64_t now) const;

  /// The clock as the store keeps it, and back. from_stored throws std::invalid_argument on
  /// anything stored() does not write (the store's data is trusted, but checked).
  nlohmann::json stored() const;
  static game_clock from_stored(const nlohmann::json& j);

  bool operator==(const game_clock&) const = default;

 private:
  struct seat_clock {
    std::int64_t left = 0;                ///< at `since` (or now, when not running)
    std::optional<std::int64_t> since;    ///< running since: acting and not paused
    bool acting = false;
    bool paused = false;
    bool retired = false;
    std::int64_t start_left = 0;          ///< what it had when its decision started
    int reminded = 0;                     ///< reminders sent for this decision (0..2)
    bool operator==(const seat_clock&) const = default;
  };
  void charge(seat_clock& c, std::int64_t now) const;
  bool on() const { return tc_.what != time_control::kind::none; }
  seat_clock* seat_at(engine::player_id seat);
  void start_decision(seat_clock& c, std::int64_t left, std::int64_t now) const;
  // When reminder `n` (1 or 2) of a running seat is due.
  static std::int64_t reminder_at(const seat_clock& c, int n);
  nlohmann::json vote_json() const;

  time_control tc_;
  std::vector<seat_clock> seats_;
  std::optional<vote_state> vote_;
};

// A game record keeps its clock as stored() JSON (null: no clock). These read and write it.

/// A record's clock; nullopt for none, or for a damaged one (logged: the game goes on without
/// its clock rather than stopping). Never throws.
std::optional<game_clock> record_clock(const nlohmann::json& stored);

/// What a new game of `seats` seats under `tc` keeps: null for no clock.
nlohmann::json new_record_clock(const time_control& tc, std::size_t seats);
/// `stored` (a record's clock) after set_acting(acting, now); null stays null. A damaged
/// clock is logged and becomes null (the game goes on without one): these never throw.
nlohmann::json record_clock_after(const nlohmann::json& stored,
                                  const std::vector<engine::player_id>& acting, std::int64_t now);
/// view_json(now) of a record's clock; null for none.
nlohmann::json record_clock_view(const nlohmann::json& stored, std::int64_t now);

}  // namespace loyang::server::clocks
