#pragma once
/// What the durable stores (sqlite_store.hpp, and pg_store.hpp in persistence/postgres) share:
/// the write queue and its writer thread (group commit), the pool of read connections, and
/// the store methods built on them. A store below it supplies a write connection and read
/// connections (store_backend.hpp, internal).
///
/// Writes. One writer thread owns the write connection. Writes are queued; the writer takes
/// everything that queued up while its previous commit ran and commits it in ONE transaction
/// (group commit). A write that fails by itself (a constraint, a command out of order) fails
/// alone: the batch is rolled back and committed again without it. A transaction that fails
/// as a whole (COMMIT, disk full, a broken connection) fails every write of the batch, and
/// then none of it is in the database. Every write's `done` runs exactly once, ON THE WRITER
/// THREAD, after COMMIT returned: "" when durable, "disk_full" or "storage_failed" otherwise.
/// Callbacks must be short and must not block on the store (post work elsewhere); they may
/// queue further writes but must not call stop(). For one game, writes commit and their
/// callbacks run in the order they were queued.
///
/// Commands. append_command stores the command row and the game row's progress (version,
/// status, to_act, result and the state's engine::state_hash) in one write, which the
/// database only accepts when the game is at version c.version - 1. Every `snapshot_every`
/// commands, and when a game finishes, it also stores the full state (engine::encode) with
/// its hash, replacing the game's older snapshot. The state is encoded and hashed on the
/// calling thread, so the caller may change it at once.
///
/// Readiness. A transaction that fails as a whole makes the store "not ready"
/// (not_ready_reason: "disk_full", "read_only", "storage_failed"). While it is, the idle
/// writer probes every `probe_every` (the store's own check; PostgreSQL's reconnects); the
/// store is ready again after a probe or a commit succeeds.
///
/// Reads use read connections from a small pool (one per concurrent caller), never the
/// writer's, so they may run on any thread while writes go on. A broken read connection is
/// dropped, and the next read opens a new one.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "loyang/persistence/store.hpp"

namespace loyang::persistence {

namespace detail {
struct queued_write;
class write_backend;
class store_reader;
}  // namespace detail

/// What the writer has done since the store opened.
struct writer_stats {
  std::uint64_t writes = 0;            ///< writes whose done reported success
  std::uint64_t failed_writes = 0;     ///< writes whose done reported an error
  std::uint64_t transactions = 0;      ///< batches committed
  std::uint64_t largest_batch = 0;     ///< most writes in one committed transaction
  std::uint64_t batches_over_one = 0;  ///< committed transactions holding more than one write
};

/// What both durable stores' options have (sqlite_store_options, pg_store_options).
struct queued_store_options {
  /// A full-state snapshot every this many commands of a game (and when it finishes); >= 1.
  std::uint32_t snapshot_every = 64;
  /// Recorded in each game row the store creates (the server passes its version).
  std::string engine_version = "unknown";
  /// Read connections kept open between reads.
  int idle_readers = 4;
  /// While not ready, how often the idle writer probes whether writes succeed again.
  std::chrono::milliseconds probe_every{2000};
  /// Told (on the writer thread) one sentence for each failed write, naming what was written
  /// and the database's error, e.g. "saving account 7 (ann) failed: database or disk is full".
  /// Must not block or throw.
  std::function<void(const std::string&)> on_failure = {};
  /// Told (on the writer thread) when writes succeed again after a failure.
  std::function<void(const std::string&)> on_recovery = {};
  /// Told (on the writer thread) of each transaction committed: how many writes it held and
  /// how long its commit took, in seconds (for /metrics). Must not block or throw.
  std::function<void(std::size_t writes, double seconds)> on_commit = {};
};

class queued_store : public store {
 public:
  /// stop()s.
  ~queued_store() override;
  queued_store(const queued_store&) = delete;
  queued_store& operator=(const queued_store&) = delete;

  catalog load_catalog() final;
  void save_account(const account_record& a, write_done done) final;
  void save_token(const std::string& hash, std::int64_t account, std::int64_t at, write_done done) final;
  void revoke_token(const std::string& hash, write_done done) final;
  void touch_token(const std::string& hash, std::int64_t at, write_done done) final;
  void change_password(std::int64_t account, const std::string& password_hash, const std::string& keep_hash,
                       write_done done) final;
  /// Inserts the game row and its seats, or updates them. On update the version, creation
  /// time and engine version are kept (the log owns the version), and options and seed
  /// change only while no command is stored. The extra is written as given (null: NULL).
  using store::append_command;
  using store::save_game;
  void save_game(const game_record& g, std::vector<outbox_record> notes, write_done done) final;
  /// Needs c.version == state.version and `state` the state after the command. Leaves the
  /// game's extra as stored (only save_game writes it).
  void append_command(const command_record& c, const game_record& g, const engine::state& state,
                      std::vector<outbox_record> notes, write_done done) final;
  void save_vacation(const vacation_record& v, write_done done) final;
  void save_notify_settings(std::int64_t account, const std::string& settings, std::vector<outbox_record> notes,
                            write_done done) final;
  std::vector<outbox_record> due_notifications(std::int64_t now, std::size_t limit) final;
  void settle_notification(std::int64_t id, delivery how, std::int64_t at, std::int64_t next_at,
                           const std::string& error, write_done done) final;
  std::int64_t queued_notifications() final;
  std::optional<std::int64_t> next_notification_at() final;
  void save_last_seen(std::int64_t game, engine::player_id seat, std::uint32_t version, write_done done) final;

  // Community: what each promises is in store.hpp; the stores add:
  void save_relation(const relation_record& r, bool on, write_done done) final;
  /// Needs `m.game` stored (a message of a game that is not fails with storage_failed) and an
  /// id no message has (else storage_failed).
  void append_chat(const chat_record& m, std::vector<outbox_record> notes, write_done done) final;
  /// Fails with storage_failed, storing nothing of `log`, when there is no message `id`.
  void delete_chat(std::int64_t id, const moderation_record& log, write_done done) final;
  std::vector<chat_record> load_chat(std::int64_t game, std::int64_t before, std::size_t limit) final;
  std::int64_t chat_count(std::int64_t game) final;
  void save_note(const note_record& n, write_done done) final;
  std::optional<note_record> load_note(std::int64_t game, std::int64_t account) final;
  /// A report is written whole (its last write wins). `log`, when given, needs an id no
  /// operator action has; else the write fails and the report is not saved either.
  void save_report(const report_record& r, std::optional<moderation_record> log, write_done done) final;
  std::vector<report_record> load_reports(bool open_only, std::int64_t before, std::size_t limit) final;
  /// Operator actions are kept for good: one with an id already stored fails (storage_failed).
  void save_moderation(const moderation_record& m, write_done done) final;
  std::vector<moderation_record> load_moderation(std::int64_t before, std::size_t limit) final;
  /// Upserts the whole account row (like save_account), logs the action, and when
  /// `a.banned_at` != 0 revokes every token of the account; unbanning (0) revokes nothing.
  void save_standing(const account_record& a, const moderation_record& log, write_done done) final;
  /// Needs an id no private message has (else storage_failed).
  void append_message(const message_record& m, std::vector<outbox_record> notes, write_done done) final;
  void mark_messages_read(std::int64_t reader, std::int64_t other, std::int64_t up_to, std::int64_t at,
                          write_done done) final;
  /// Fails with storage_failed, storing nothing of `log`, when there is no message `id`.
  void delete_message(std::int64_t id, const moderation_record& log, write_done done) final;
  std::vector<conversation_record> load_conversations(std::int64_t account, std::int64_t before,
                                                      std::size_t limit) final;
  std::vector<message_record> load_messages(std::int64_t account, std::int64_t other, std::int64_t before,
                                            std::size_t limit) final;
  std::optional<message_record> load_message(std::int64_t id) final;
  std::vector<std::pair<std::int64_t, std::int64_t>> unread_messages(std::int64_t account) final;
  move_times load_move_times(std::int64_t account, std::size_t games) final;
  void save_tournament(const tournament_record& t, write_done done) final;
  std::optional<tournament_record> load_tournament(std::int64_t id) final;

  /// The state and full command log of game g.id, read in one read transaction. Throws
  /// engine_mismatch when the engine no longer reproduces the stored game (a snapshot that does
  /// not decode or match its hash, a command that no longer applies, a replay that ends in
  /// another state than the game row's hash), persistence::error when the game is missing,
  /// its log has a gap, or the database fails.
  loaded_game load_game(const game_record& g) final;

  /// On a pooled read connection (a shared database's only).
  catalog load_catalog_part(std::int64_t game, std::int64_t account) override;
  std::int64_t reserve_ids(const std::string& kind, std::int64_t count) override;
  std::vector<logged_command> load_commands_after(std::int64_t game, std::uint32_t after) override;
  std::int64_t find_account(const std::string& name, const std::string& token_hash) override;
  void update_counters(const std::vector<std::string>& keys, std::int64_t now,
                       const std::function<void(std::vector<counter>&)>& change) override;
  void forget_counters(std::int64_t before) override;

  /// Writes queued or being committed (their done has not run yet).
  std::int64_t queue_depth() const final;
  /// See "Readiness" above. Any thread.
  std::optional<std::string> not_ready_reason() const final;
  /// Commits every queued write, runs their callbacks, then joins the writer. Later writes
  /// fail at once, on the caller's thread, with "storage_failed". Idempotent.
  void stop() override;

  writer_stats writer_counts() const;

 protected:
  using reader_factory = std::function<std::unique_ptr<detail::store_reader>()>;
  /// Starts the writer thread on `writer` (opened and migrated already); reads open
  /// connections with `open_reader`.
  queued_store(const queued_store_options& options, std::unique_ptr<detail::write_backend> writer,
               reader_factory open_reader);
  /// The write connection (touch it only after stop(), or for what is safe on any thread).
  detail::write_backend& writer() const;

 private:
  void enqueue(detail::queued_write&& w, write_done done);

  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace loyang::persistence
