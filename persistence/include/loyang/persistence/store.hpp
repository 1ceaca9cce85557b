#pragma once
/// The server's durable writes and reads. Writes are asynchronous: `done` runs (on any thread)
/// once the write has committed or failed, and the server acknowledges nothing before that.
/// Implementations: make_memory_store() (tests) and make_sqlite_store() (sqlite_store.hpp).
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "loyang/persistence/records.hpp"
#include "loyang/engine/state.hpp"

namespace loyang::persistence {

/// Empty on success, else a stable error code ("storage_failed", "disk_full").
using write_done = std::function<void(const std::string& error_code)>;

/// A game as loaded for a room: its state and its command log (log[i] has version i + 1).
struct loaded_game {
  engine::state state;
  std::vector<logged_command> log;
  /// (seat, version): the version each seat last saw, for the seats that ever looked.
  std::vector<std::pair<engine::player_id, std::uint32_t>> last_seen = {};
};

/// Game ids from here up (2^52) are not numbers but numbers put through the server's keyed
/// permutation (server/src/cluster/game_ids.hpp), so that they cannot be counted; ids below it
/// are numbers (every other kind, and games made before).
inline constexpr std::int64_t first_keyed_id = std::int64_t(1) << 52;

class store {
 public:
  virtual ~store() = default;

  /// Everything the lobby keeps in memory, read once at start.
  struct catalog {
    std::vector<account_record> accounts;
    std::vector<token_record> tokens;  ///< the unrevoked ones
    /// account -> its notification settings (JSON text), for the accounts that have any.
    std::vector<std::pair<std::int64_t, std::string>> notify_settings;
    /// Every vacation declared, by account then start.
    std::vector<vacation_record> vacations;
    std::vector<game_record> games;
    /// Every relation kept (friends, mutes, blocks).
    std::vector<relation_record> relations;
    /// Every tournament, by id.
    std::vector<tournament_record> tournaments;
    /// The largest ids given so far (0: none), so the server goes on from them.
    std::int64_t max_chat_id = 0;
    std::int64_t max_report_id = 0;
    std::int64_t max_moderation_id = 0;
    std::int64_t max_message_id = 0;
    std::int64_t max_tournament_id = 0;
    /// The server's secret for the daily challenge's seeds: made once (random) when the
    /// store is created, the same ever after; never sent to anyone.
    std::string daily_secret;
  };
  virtual catalog load_catalog() = 0;

  virtual void save_account(const account_record& a, write_done done) = 0;
  virtual void save_token(const std::string& hash, std::int64_t account, std::int64_t at,
                          write_done done) = 0;
  virtual void revoke_token(const std::string& hash, write_done done) = 0;
  /// Records when a token was last used (for its idle expiry).
  virtual void touch_token(const std::string& hash, std::int64_t at, write_done done) = 0;
  /// Replaces an account's password hash and revokes all its tokens except `keep_hash`, in one
  /// transaction (both or neither).
  virtual void change_password(std::int64_t account, const std::string& password_hash,
                               const std::string& keep_hash, write_done done) = 0;
  /// Inserts or updates the game row and its seats (not the log), and queues `notes` in the
  /// same transaction (the outbox; one whose dedupe key is queued already is dropped). On a
  /// shared store a new daily challenge (revision 1, `extra` naming its "daily") whose account
  /// already has that day's is refused with `daily_played`.
  virtual void save_game(const game_record& g, std::vector<outbox_record> notes, write_done done) = 0;
  void save_game(const game_record& g, write_done done) { save_game(g, {}, std::move(done)); }
  /// Appends one command and updates the game row (version, to_act, status, result) and queues
  /// `notes`, in one transaction. `state` is the state after the command, for periodic
  /// snapshots.
  virtual void append_command(const command_record& c, const game_record& g, const engine::state& state,
                              std::vector<outbox_record> notes, write_done done) = 0;
  void append_command(const command_record& c, const game_record& g, const engine::state& state,
                      write_done done) {
    append_command(c, g, state, {}, std::move(done));
  }

  /// Inserts a vacation, or updates the end of the account's vacation that starts then.
  virtual void save_vacation(const vacation_record& v, write_done done) = 0;

  // Notifications (the server's notify/).
  /// Stores an account's notification settings (JSON text the server writes; opaque here), and
  /// queues `notes` (a verification mail) in the same transaction.
  virtual void save_notify_settings(std::int64_t account, const std::string& settings,
                                    std::vector<outbox_record> notes, write_done done) = 0;
  /// Up to `limit` queued notifications due at `now` (next_at <= now), the oldest first.
  /// Blocking: call off the I/O threads. Throws persistence::error.
  virtual std::vector<outbox_record> due_notifications(std::int64_t now, std::size_t limit) = 0;
  /// Settles notification `id` after an attempt at `at`: sent, failed for good (`error`), or to
  /// be tried again at `next_at` (attempts counted).
  virtual void settle_notification(std::int64_t id, delivery how, std::int64_t at, std::int64_t next_at,
                                   const std::string& error, write_done done) = 0;
  /// How many notifications are queued (not yet sent or failed).
  virtual std::int64_t queued_notifications() = 0;
  /// When the earliest queued notification is due (Unix seconds), if any is queued: the
  /// sender sleeps until then. Blocking. Throws persistence::error.
  virtual std::optional<std::int64_t> next_notification_at() = 0;

  /// Records that `seat` of `game` has seen the game up to `version` (when one of its
  /// connections stops watching). append_command records it for the command's player too.
  virtual void save_last_seen(std::int64_t game, engine::player_id seat, std::uint32_t version,
                              write_done done) = 0;

  // Community (the server's chat/, social/, moderation/).
  /// Adds (`on`) or removes a relation; adding one that exists only updates its time.
  virtual void save_relation(const relation_record& r, bool on, write_done done) = 0;
  /// Stores a chat message (its id given by the caller, unique) and queues `notes` in the same
  /// transaction.
  virtual void append_chat(const chat_record& m, std::vector<outbox_record> notes, write_done done) = 0;
  /// Marks chat message `id` deleted by `log.moderator` at `log.at`, and stores `log`, in one
  /// transaction. Fails (storage_failed) when there is no such message.
  virtual void delete_chat(std::int64_t id, const moderation_record& log, write_done done) = 0;
  /// Up to `limit` messages of `game` with an id below `before` (0: from the newest), newest
  /// first, deleted ones included. Blocking: call off the I/O threads. Throws persistence::error.
  virtual std::vector<chat_record> load_chat(std::int64_t game, std::int64_t before, std::size_t limit) = 0;
  /// How many messages `game` has (deleted ones included). Blocking. Throws persistence::error.
  virtual std::int64_t chat_count(std::int64_t game) = 0;
  /// Stores (replaces) a player's notes on a game; empty text deletes them.
  virtual void save_note(const note_record& n, write_done done) = 0;
  /// A player's notes on a game, if any. Blocking. Throws persistence::error.
  virtual std::optional<note_record> load_note(std::int64_t game, std::int64_t account) = 0;
  /// Inserts a report, or updates it (closing it) with `log` stored in the same transaction.
  virtual void save_report(const report_record& r, std::optional<moderation_record> log, write_done done) = 0;
  /// Up to `limit` reports with an id below `before` (0: from the newest), newest first; only
  /// the open ones when `open_only`. Blocking. Throws persistence::error.
  virtual std::vector<report_record> load_reports(bool open_only, std::int64_t before, std::size_t limit) = 0;
  /// Stores one operator action by itself (one whose effect is stored apart, e.g. a game
  /// cancelled: the log is written first).
  virtual void save_moderation(const moderation_record& m, write_done done) = 0;
  /// Up to `limit` operator actions with an id below `before` (0: from the newest), newest
  /// first. Blocking. Throws persistence::error.
  virtual std::vector<moderation_record> load_moderation(std::int64_t before, std::size_t limit) = 0;
  /// Stores an account's standing, which only an operator changes (its operator right and its
  /// ban fields, as in `a`), with `log`, and, when it is banned, revokes all its tokens: one
  /// transaction. save_account() writes these fields only when it inserts the account, so a
  /// node's older copy of the account cannot undo a standing another one stored.
  virtual void save_standing(const account_record& a, const moderation_record& log, write_done done) = 0;

  // Private messages (the server's messages/).
  /// Stores a private message (its id given by the caller, unique) and queues `notes` in the
  /// same transaction.
  virtual void append_message(const message_record& m, std::vector<outbox_record> notes, write_done done) = 0;
  /// Marks read, at `at`, the unread messages `other` sent `reader` up to id `up_to`.
  virtual void mark_messages_read(std::int64_t reader, std::int64_t other, std::int64_t up_to, std::int64_t at,
                                  write_done done) = 0;
  /// Marks private message `id` deleted by `log.moderator` at `log.at`, and stores `log`, in one
  /// transaction. Fails (storage_failed) when there is no such message.
  virtual void delete_message(std::int64_t id, const moderation_record& log, write_done done) = 0;
  /// Up to `limit` of `account`'s conversations whose newest message's id is below `before` (0:
  /// from the newest), the most recent first. Blocking. Throws persistence::error.
  virtual std::vector<conversation_record> load_conversations(std::int64_t account, std::int64_t before,
                                                              std::size_t limit) = 0;
  /// Up to `limit` messages between `account` and `other` (both ways) with an id below `before`
  /// (0: from the newest), newest first, deleted ones included. Blocking. Throws persistence::error.
  virtual std::vector<message_record> load_messages(std::int64_t account, std::int64_t other, std::int64_t before,
                                                    std::size_t limit) = 0;
  /// Private message `id`, if stored. Blocking. Throws persistence::error.
  virtual std::optional<message_record> load_message(std::int64_t id) = 0;
  /// (sender, count) of the unread, undeleted messages to `account`, by sender. Blocking.
  /// Throws persistence::error.
  virtual std::vector<std::pair<std::int64_t, std::int64_t>> unread_messages(std::int64_t account) = 0;

  /// Inserts tournament `t` (revision 1; its id given by the caller) or replaces it, only from
  /// the revision before `t.revision`: else "storage_failed" and nothing is written.
  virtual void save_tournament(const tournament_record& t, write_done done) = 0;
  /// Tournament `id`, if stored. Blocking. Throws persistence::error.
  virtual std::optional<tournament_record> load_tournament(std::int64_t id) = 0;

  /// How long `account` takes to answer in games of several players, over its latest `games`
  /// games: the commands of its seats that follow another seat's (the start of a turn), before
  /// the seat was left, and the seconds since that other command, summed. Blocking. Throws
  /// persistence::error. The memory store keeps no games: none.
  struct move_times {
    std::int64_t seconds = 0;
    std::int64_t moves = 0;
  };
  virtual move_times load_move_times(std::int64_t account, std::size_t games) = 0;

  /// Rebuilds an active or finished game from disk. Blocking: call off the I/O threads.
  /// Throws std::runtime_error (with a code-like first word) when the game cannot be served.
  virtual loaded_game load_game(const game_record& g) = 0;

  /// Writes waiting to be committed.
  virtual std::int64_t queue_depth() const = 0;

  // ---- Several nodes on one database (docs/scale-out.md) ------------------------------------
  // Only a store other server processes may write too (PostgreSQL) is `shared()`; the others
  // keep the defaults: nothing to listen to, ids counted by the caller.

  /// What another node committed, as told by the database after the commit.
  struct change {
    enum class kind {
      game,     ///< game `id`'s row (and maybe its log, up to `version`) changed
      account,  ///< account `id`, its tokens, vacations, notification settings or relations
      chat,     ///< chat message `version` of game `id` was stored
      chat_deleted,  ///< chat message `version` of game `id` was deleted
      tournament,    ///< tournament `id` was stored at revision `version`
    };
    kind what = kind::game;
    std::int64_t id = 0;
    std::int64_t version = 0;
    /// game: the command that made `version`, when the change was one (and small enough to be
    /// told whole), so a node holding the game at the version before needs no read.
    std::optional<logged_command> command;
  };
  /// Called on the store's listening thread; must not block for long.
  struct watchers {
    /// Another node's change, in commit order.
    std::function<void(const change&)> on_change;
    /// Changes may have been missed (the listening connection was lost and is back): read
    /// again whatever is held.
    std::function<void()> on_resync;
    /// This node now holds (true) or has lost (false) the leader's lock: the one node that runs
    /// bots, clocks and notification delivery.
    std::function<void(bool leader)> on_leader;
    /// The listening connection was lost (or could not be made): changes are missed from
    /// now until the on_resync() that follows the reconnection has been acted on.
    std::function<void()> on_lost;
  };
  /// Whether other processes share this database (then watch() must be used).
  virtual bool shared() const { return false; }
  /// Starts listening (once). The store's own writes are not reported back to it.
  virtual void watch(watchers) {}
  /// The rows of game `game` (when not 0: the catalog's `games` holds it if it is stored) and of
  /// account `account` (when not 0: the account, its unrevoked tokens, vacations, notification
  /// settings and relations it made), read in one read transaction. Blocking. Throws
  /// persistence::error; std::logic_error on a store that is not shared().
  virtual catalog load_catalog_part(std::int64_t game, std::int64_t account);
  /// The ids of a kind ("games", "accounts", "chat", "reports", "moderation", "messages",
  /// "tournaments") are given out by
  /// the database in blocks: the first of `count` ids no other node will use. A kind's first
  /// block starts after its largest stored id below first_keyed_id. Blocking. Throws
  /// persistence::error; std::logic_error on a store that is not shared().
  virtual std::int64_t reserve_ids(const std::string& kind, std::int64_t count);
  /// The account called `name` (in any case), or holding the unrevoked token `token_hash` (when
  /// `name` is empty): its id, 0 when there is none. Blocking. Throws persistence::error;
  /// std::logic_error on a store that is not shared().
  virtual std::int64_t find_account(const std::string& name, const std::string& token_hash);
  /// The commands of game `game` after version `after`, in version order. Blocking. Throws
  /// persistence::error; std::logic_error on a store that is not shared().
  virtual std::vector<logged_command> load_commands_after(std::int64_t game, std::uint32_t after);

  /// One count of the login throttles and sign-up limits (server/src/accounts/throttle.hpp),
  /// kept in the database so that every node counts every node's attempts.
  struct counter {
    std::string key;
    std::int64_t count = 0;
    std::int64_t since = 0;
    bool known = false;
  };
  /// Reads the counters of `keys` (distinct; zero when not stored yet), lets `change` change
  /// them in place, and stores what it left, in one transaction holding their rows' locks:
  /// the same keys' updates on other nodes wait for it. `now` (Unix seconds) marks them used.
  /// Blocking. Throws persistence::error (nothing stored); std::logic_error on a store that
  /// is not shared().
  virtual void update_counters(const std::vector<std::string>& keys, std::int64_t now,
                               const std::function<void(std::vector<counter>&)>& change);
  /// Deletes the counters not used since `before`. Blocking. Throws persistence::error;
  /// std::logic_error on a store that is not shared().
  virtual void forget_counters(std::int64_t before);

  /// Whether writes succeed now: nullopt when they do (or nothing has failed), else a stable
  /// reason: "disk_full", "read_only" or "storage_failed". Any thread.
  virtual std::optional<std::string> not_ready_reason() const { return std::nullopt; }

  /// Finishes every queued write, then stops.
  virtual void stop() = 0;
};

/// A storage that keeps nothing: every write succeeds at once. For tests of the server logic.
std::unique_ptr<store> make_memory_store();

}  // namespace loyang::persistence
