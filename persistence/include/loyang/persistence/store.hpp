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
  /// same transaction (the outbox; one whose dedupe key is queued already is dropped).
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

  /// Records that `seat` of `game` has seen the game up to `version` (when one of its
  /// connections stops watching). append_command records it for the command's player too.
  virtual void save_last_seen(std::int64_t game, engine::player_id seat, std::uint32_t version,
                              write_done done) = 0;

  /// Rebuilds an active or finished game from disk. Blocking: call off the I/O threads.
  /// Throws std::runtime_error (with a code-like first word) when the game cannot be served.
  virtual loaded_game load_game(const game_record& g) = 0;

  /// Writes waiting to be committed.
  virtual std::int64_t queue_depth() const = 0;

  /// Whether writes succeed now: nullopt when they do (or nothing has failed), else a stable
  /// reason: "disk_full", "read_only" or "storage_failed". Any thread.
  virtual std::optional<std::string> not_ready_reason() const { return std::nullopt; }

  /// Finishes every queued write, then stops.
  virtual void stop() = 0;
};

/// A storage that keeps nothing: every write succeeds at once. For tests of the server logic.
std::unique_ptr<store> make_memory_store();

}  // namespace loyang::persistence
