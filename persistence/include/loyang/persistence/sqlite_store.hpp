#pragma once
/// The durable store: everything the server writes through store.hpp, in the SQLite database
/// `data_dir`/loyang.db (schema in migrations.hpp).
///
/// Writes. One writer thread owns the write connection. Writes are queued; the writer takes
/// everything that queued up while its previous commit ran and commits it in ONE transaction
/// (group commit: one fsync for many writes). A write that fails by itself (a constraint, a
/// command out of order) fails alone: the batch is rolled back and committed again without
/// it. A transaction that fails as a whole (COMMIT, disk full, I/O error) fails every write
/// of the batch, and then none of it is in the database. Every write's `done` runs exactly
/// once, ON THE WRITER THREAD, after COMMIT returned: "" when durable, "disk_full" (SQLITE_FULL)
/// or "storage_failed" otherwise. Callbacks must be short and must not block on the store
/// (post work elsewhere); they may queue further writes but must not call stop(). For one
/// game, writes commit and their callbacks run in the order they were queued.
///
/// Commands. append_command stores the command row and the game row's progress (version,
/// status, to_act, result and the state's engine::state_hash) in one write, which the
/// database only accepts when the game is at version c.version - 1. Every `snapshot_every`
/// commands, and when a game finishes, it also stores the full state (engine::encode) with
/// its hash, replacing the game's older snapshot.
///
/// Checkpoints. The write-ahead log is copied into the database file by a background thread
/// on its own connection, so commits do not stall behind it. Under constant writes that copy
/// never quite catches up, so when the log reaches twice `checkpoint_pages` the writer
/// finishes it between two commits and restarts the log (waiting, up to the busy timeout,
/// for readers still on the old log, e.g. a long backup).
///
/// Reads. load_catalog and load_game use their own read connections (a small pool, one per
/// concurrent caller), never the writer's, so they may run on any thread while writes go on.
/// load_game starts from the latest snapshot (checked against its hash), replays the log
/// after it, and checks the result against the game row's hash: any difference throws
/// engine_mismatch (error.hpp).
///
/// Readiness. A transaction that fails as a whole makes the store "not ready"
/// (not_ready_reason: "disk_full", "read_only", "storage_failed"). While it is, the idle
/// writer probes every `probe_every` (database::probe_write: the write lock and ~64 KB of
/// new pages, rolled back); the store is ready again after a probe or a commit succeeds.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "loyang/persistence/store.hpp"

namespace loyang::persistence {

struct sqlite_store_options {
  /// A full-state snapshot every this many commands of a game (and when it finishes); >= 1.
  std::uint32_t snapshot_every = 64;
  /// Recorded in each game row the store creates (the server passes its version).
  std::string engine_version = "unknown";
  /// Read connections kept open between load_game / load_catalog calls.
  int idle_readers = 4;
  /// The write-ahead log is checkpointed into the database file, on a thread of its own (not
  /// inside a commit), once it holds this many pages.
  std::int64_t checkpoint_pages = 4000;
  /// If > 0, caps the database at this many pages (PRAGMA max_page_count on the write
  /// connection): a quota, and how the tests simulate a full disk.
  std::int64_t max_page_count = 0;
  /// While not ready, how often the idle writer probes whether writes succeed again.
  std::chrono::milliseconds probe_every{2000};
  /// Told (on the writer thread) one sentence for each failed write, naming what was written
  /// and SQLite's error, e.g. "saving account 7 (ann) failed: database or disk is full".
  /// Must not block or throw.
  std::function<void(const std::string&)> on_failure = {};
  /// Told (on the writer thread) when writes succeed again after a failure.
  std::function<void(const std::string&)> on_recovery = {};
};

/// What the writer has done since the store opened.
struct sqlite_store_stats {
  std::uint64_t writes = 0;          ///< writes whose done reported success
  std::uint64_t failed_writes = 0;   ///< writes whose done reported an error
  std::uint64_t transactions = 0;    ///< batches committed
  std::uint64_t largest_batch = 0;   ///< most writes in one committed transaction
  std::uint64_t batches_over_one = 0;  ///< committed transactions holding more than one write
  std::uint64_t checkpoints = 0;     ///< background WAL checkpoints run
};

class sqlite_store final : public store {
 public:
  /// Opens (creating and migrating) `data_dir`/loyang.db and starts the writer thread.
  /// Throws persistence::error when the directory cannot be created, the file is not a
  /// SQLite database, or its schema is newer than this program knows.
  sqlite_store(const std::filesystem::path& data_dir, sqlite_store_options options);
  /// stop()s.
  ~sqlite_store() override;
  sqlite_store(const sqlite_store&) = delete;
  sqlite_store& operator=(const sqlite_store&) = delete;

  /// All accounts (with their operator and ban fields), the unrevoked tokens, every game
  /// (finished and cancelled ones too) with its seats and extra, the relations, the largest
  /// chat, report and operator-action ids, and the daily secret (made by the schema's
  /// migration 8, never changed after). Throws persistence::error, also when the daily secret
  /// is missing.
  catalog load_catalog() override;

  void save_account(const account_record& a, write_done done) override;
  void save_token(const std::string& hash, std::int64_t account, std::int64_t at,
                  write_done done) override;
  void revoke_token(const std::string& hash, write_done done) override;
  void touch_token(const std::string& hash, std::int64_t at, write_done done) override;
  void change_password(std::int64_t account, const std::string& password_hash,
                       const std::string& keep_hash, write_done done) override;
  /// Inserts the game row and its seats, or updates them. On update the version, creation
  /// time and engine version are kept (the log owns the version), and options and seed
  /// change only while no command is stored. The extra is written as given (null: NULL).
  using store::append_command;
  using store::save_game;
  void save_game(const game_record& g, std::vector<outbox_record> notes, write_done done) override;
  /// Needs c.version == state.version and `state` the state after the command. Leaves the
  /// game's extra as stored (only save_game writes it). Encodes
  /// (and hashes) the state on the calling thread, so the caller may change it at once.
  void append_command(const command_record& c, const game_record& g, const engine::state& state,
                      std::vector<outbox_record> notes, write_done done) override;

  void save_vacation(const vacation_record& v, write_done done) override;
  void save_notify_settings(std::int64_t account, const std::string& settings, std::vector<outbox_record> notes,
                            write_done done) override;
  std::vector<outbox_record> due_notifications(std::int64_t now, std::size_t limit) override;
  void settle_notification(std::int64_t id, delivery how, std::int64_t at, std::int64_t next_at,
                           const std::string& error, write_done done) override;
  std::int64_t queued_notifications() override;

  // Community. The writes are queued and committed like the others (group commit, `done` on
  // the writer thread after COMMIT); the reads use the read connections and throw
  // persistence::error. What each promises is in store.hpp; what SQLite adds is below.
  void save_relation(const relation_record& r, bool on, write_done done) override;
  /// Needs `m.game` stored (a message of a game that is not fails with storage_failed) and an
  /// id no message has (else storage_failed).
  void append_chat(const chat_record& m, std::vector<outbox_record> notes, write_done done) override;
  /// Fails with storage_failed, storing nothing of `log`, when there is no message `id`.
  void delete_chat(std::int64_t id, const moderation_record& log, write_done done) override;
  std::vector<chat_record> load_chat(std::int64_t game, std::int64_t before, std::size_t limit) override;
  std::int64_t chat_count(std::int64_t game) override;
  void save_note(const note_record& n, write_done done) override;
  std::optional<note_record> load_note(std::int64_t game, std::int64_t account) override;
  /// A report is written whole (its last write wins). `log`, when given, needs an id no
  /// operator action has; else the write fails and the report is not saved either.
  void save_report(const report_record& r, std::optional<moderation_record> log, write_done done) override;
  std::vector<report_record> load_reports(bool open_only, std::int64_t before, std::size_t limit) override;
  /// Operator actions are kept for good: one with an id already stored fails (storage_failed).
  void save_moderation(const moderation_record& m, write_done done) override;
  std::vector<moderation_record> load_moderation(std::int64_t before, std::size_t limit) override;
  /// Upserts the whole account row (like save_account), logs the action, and when
  /// `a.banned_at` != 0 revokes every token of the account; unbanning (0) revokes nothing.
  void ban_account(const account_record& a, const moderation_record& log, write_done done) override;

  /// The state and full command log of game g.id, read in one read transaction. Throws
  /// engine_mismatch when the engine no longer reproduces the stored game, persistence::error
  /// when the game is missing, its log has a gap, or SQLite fails.
  void save_last_seen(std::int64_t game, engine::player_id seat, std::uint32_t version,
                      write_done done) override;
  loaded_game load_game(const game_record& g) override;

  /// Writes queued or being committed (their done has not run yet).
  std::int64_t queue_depth() const override;

  /// See "Readiness" above. Any thread.
  std::optional<std::string> not_ready_reason() const override;

  /// Commits every queued write, runs their callbacks, then joins the writer. Later writes
  /// fail at once, on the caller's thread, with "storage_failed". Idempotent.
  void stop() override;

  sqlite_store_stats stats() const;

  /// The database file.
  const std::filesystem::path& file() const noexcept;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

/// A started store on `data_dir`/loyang.db; see sqlite_store. Throws persistence::error.
std::unique_ptr<sqlite_store> make_sqlite_store(const std::filesystem::path& data_dir,
                                                sqlite_store_options options = {});

}  // namespace loyang::persistence
