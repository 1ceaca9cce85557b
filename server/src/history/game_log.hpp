#pragma once
// Internal: a game's log as its viewers see it: every accepted command with when it was
// accepted and the events it caused, redacted per viewer. Events are derived data: they are
// recomputed by replaying the commands, never stored.
//
// Memory: a room keeps this log for every game in play, so each entry keeps only the command
// as the engine's value, its seat and time (32 bytes; its JSON text is made when asked); the
// entries' texts with their events are made again by replaying the game from its start when a
// snapshot, a resume or a history view asks for them (a few microseconds an entry). Only the
// last entry's texts are kept, for the patch that publishes it, and states to replay from
// only while the history endpoint steps through the game.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../core/records.hpp"
#include "loyang/engine/events.hpp"
#include "loyang/engine/game.hpp"

namespace loyang::server::history {

class game_log {
 public:
  struct entry {
    std::int64_t at = 0;
    std::uint32_t version = 0;
    engine::command command;  // commands_only(): unset, see command_text()
    engine::player_id player = engine::no_player;
  };

  /// An empty log of a game with `seats` seats.
  explicit game_log(std::size_t seats = 0) : seats_(seats) {}

  /// Replays `commands` (the stored log, versions 1..n) from the game's start (`start`: the
  /// state new_game gives) to recompute their events. Throws std::runtime_error naming the
  /// version when a command no longer parses or applies. `end`, if given, receives the state
  /// after the last command.
  static game_log rebuild(const engine::state& start, const std::vector<persistence::logged_command>& commands,
                          engine::state* end = nullptr);

  /// The log of `commands` without their events (`"events": null`, not known): for a game
  /// whose commands no longer replay from its start (rebuild threw, say after a rules change),
  /// which goes on from its stored state. Its history cannot be replayed.
  static game_log commands_only(std::size_t seats, const std::vector<persistence::logged_command>& commands);

  /// Appends the entry of the command `cmd` (its JSON text `cmd_text`) that produced
  /// `version`; `events` as the engine gave them (unredacted; an `undone` event's version is
  /// named here); `after`: the game's state after it.
  void append(std::uint32_t version, engine::player_id player, const engine::command& cmd,
              std::string_view cmd_text, std::int64_t at, engine::event_list events,
              const engine::state& after);
  /// Drops the last entry (a command that could not be stored). Only the last one: it
  /// forgets what the entry before it had changed.
  void pop_back();

  /// States kept every this many versions while the history endpoint steps through the game:
  /// the replay that makes a viewer's kept texts (array_text's `keep`, unredacted_array_text)
  /// keeps them too, until the log changes, so that each view at a version replays fewer.
  static constexpr std::uint32_t checkpoint_every = 64;
  /// The latest kept state at or before `version` (nullptr: none; start from the beginning).
  const engine::state* checkpoint_at_or_before(std::uint32_t version) const;

  std::size_t size() const { return entries_.size(); }
  /// Whether the entries' events are known (false: commands_only()).
  bool events_known() const { return events_known_; }
  bool empty() const { return entries_.empty(); }
  const entry& operator[](std::size_t i) const { return entries_[i]; }
  const entry& back() const { return entries_.back(); }
  /// Entry `i`'s command as JSON text: the engine's canonical form, which is what the server
  /// stores (commands_only(): the text as stored).
  std::string command_text(std::size_t i) const;

  /// The last appended entry's text (log_entry_text) for `viewer` (a seat, or no_player for
  /// the spectators). Only right after append() (empty after pop_back()).
  const std::string& last_text_for(engine::player_id viewer) const;

  /// The texts of entries [first, first + count) (clamped to the log) for `viewer`, made by
  /// replaying the game from `start` (the state new_game gives). `at_first`, if given, receives
  /// the game's state before entry `first` (at version `first`), from the same replay. Throws
  /// std::runtime_error when a command no longer applies (checked on load: a log that replays
  /// then replays now), std::out_of_range when `at_first` is asked beyond the log.
  std::vector<std::string> entry_texts(const engine::state& start, engine::player_id viewer, std::size_t first,
                                       std::size_t count, engine::state* at_first = nullptr) const;
  /// The JSON array text of the first `count` entries (all when larger) for `viewer`, as
  /// entry_texts. `keep`: keep every entry's text for `viewer` until the log changes, so that
  /// stepping through a game's history does not replay it again at each step (the history
  /// endpoint's; a room's snapshot does not keep them).
  std::string array_text(const engine::state& start, engine::player_id viewer, std::size_t count = SIZE_MAX,
                         bool keep = false) const;
  /// The JSON array text of the first `count` entries with nothing redacted (the `all` view of
  /// a finished game). Computed by replaying the game from `start` the first time, then kept
  /// until the log changes, so stepping through a replay does not replay it again and again.
  /// Throws std::runtime_error when a command no longer applies.
  std::string unredacted_array_text(const engine::state& start, std::size_t count) const;

 private:
  // Each entry's text for `viewer` (a seat, no_player, or all_viewers: nothing redacted) from
  // entry `first` on, `count` of them, passed to `take` in order.
  // `at_first`: as entry_texts'. `keep_states`: a replay of the whole log keeps checkpoints_.
  template <class Take>
  void replay_texts(const engine::state& start, int viewer, std::size_t first, std::size_t count, Take&& take,
                    engine::state* at_first = nullptr, bool keep_states = false) const;

  std::size_t seats_;
  bool events_known_ = true;  // false: commands_only()
  std::vector<entry> entries_;
  std::string last_;  // the last entry's text for the spectators (and every seat not below)
  std::vector<std::pair<engine::player_id, std::string>> last_own_;  // seats that read it otherwise
  std::uint32_t last_version_ = 0;  // the entry last_ belongs to
  std::vector<std::string> texts_;  // commands_only(): each command's text as stored
  mutable std::vector<engine::state> checkpoints_;  // [i]: the state at version (i + 1) * checkpoint_every
  engine::undo_tracker undo_, undo_before_;  // undo_before_: as before the last append
  // Texts kept for the history endpoint (array_text's `keep`, unredacted_array_text): per
  // viewer slot (the seats, the spectators, then `all`), empty or every entry's text.
  mutable std::vector<std::vector<std::string>> kept_;
  const std::vector<std::string>& kept_texts(const engine::state& start, int viewer) const;
};

/// Applies the command of `e` to `s` (at version e.version - 1), collecting its events in
/// `events` (may be null). Throws std::runtime_error when it no longer applies (or the log is
/// commands_only()).
void replay_entry(engine::state& s, const game_log::entry& e, engine::event_list* events);

/// The JSON array text of `events` as `viewer` may read them (no_player: a spectator).
std::string events_text(const engine::event_list& events, engine::player_id viewer);

}  // namespace loyang::server::history
