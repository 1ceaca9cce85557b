#pragma once
/// The PostgreSQL store: everything the server writes through store.hpp, in a PostgreSQL
/// database (`--database postgresql://...`), with the same promises as the SQLite store.
///
/// Writes, commands, readiness and reads: as queued_store.hpp says. One writer thread owns
/// one connection and commits whatever queued up while its previous commit ran in ONE
/// transaction (group commit); a write's `done` runs after COMMIT returned. A command is one
/// statement (the game row advanced from version c.version - 1, the command row, what its
/// player has seen; it raises when the game is not at that version). The batch is sent in
/// libpq's pipeline mode: BEGIN, every statement and COMMIT go out together and the results
/// come back after one sync, so a batch costs one round trip; a write PostgreSQL refused by
/// itself aborts that transaction, and the batch is sent again without it. Reads
/// use a pool of other connections, each in a REPEATABLE READ READ ONLY transaction.
/// load_game checks the latest snapshot against its hash and the replayed log against the
/// game row's hash, and throws engine_mismatch (error.hpp) as the SQLite store does.
///
/// PostgreSQL going away (a restart, a failover, a network cut): the batch being committed
/// fails with "storage_failed" (nothing of it is acknowledged; a COMMIT whose answer was lost
/// may or may not have been applied, and the server treats it as not), the store becomes not
/// ready (not_ready_reason() == "storage_failed", so /readyz answers 503), and the writer
/// reconnects by itself: on the next write, or every `probe_every` while idle, at most once
/// per backoff (200 ms doubling to 2 s). Writes queued meanwhile fail with storage_failed; the
/// first that commits makes the store ready again. Read connections that broke are dropped
/// and reopened on the next read.
///
/// Several nodes. Every change other nodes keep in memory (a game's row or log, an account
/// and what hangs on it, a chat message) NOTIFYs channel `loyang` in its own transaction, so
/// other nodes hear of it exactly when it commits; watch() listens (pg_listener.hpp) and holds
/// the leader's advisory lock while it can. Ids are given in blocks by the table id_blocks.
///
/// Schema. The table loyang_schema holds the schema version; opening applies the missing
/// migrations (pg_schema.cpp) in one transaction under an advisory lock, so several nodes
/// starting together migrate once. Migrations are append-only, and for rolling upgrades EVERY
/// MIGRATION MUST KEEP THE PREVIOUS SERVER VERSION WORKING on the migrated schema: add tables,
/// nullable columns or columns with defaults, and indexes; never drop, rename or retype a
/// column the previous version reads or writes, nor add a constraint its writes would break.
/// Removing something takes two releases: stop using it, then (once no node runs the old
/// version) drop it. A database a newer program migrated is served when none of its newer
/// migrations contracted the schema (loyang_schema.compatible_from, written by each program
/// that migrates: the oldest program schema that runs on it), else refused: so a release whose
/// migrations only add can be rolled back while the nodes run.
///
/// The daily secret is made by the first migration (from PostgreSQL's strong random source)
/// and kept in server_secrets, never changed after.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <ostream>
#include <string>

#include "loyang/persistence/queued_store.hpp"

namespace loyang::persistence {

/// What queued_store_options says; while not ready, the idle writer tries to reconnect every
/// `probe_every` (500 ms here).
struct pg_store_options : queued_store_options {
  pg_store_options() { probe_every = std::chrono::milliseconds(500); }
  /// This server process's name among the nodes (no spaces); empty: host name, process id and
  /// a random number.
  std::string node;
};

class pg_store final : public queued_store {
 public:
  /// Connects to `url` (a libpq URI, postgresql://user:password@host:port/db?..., or
  /// key=value string), migrates the schema and starts the writer thread. Throws
  /// persistence::error when PostgreSQL cannot be reached, refuses the login, or holds a
  /// schema a newer program contracted (schema_note() when it only added to it).
  pg_store(const std::string& url, pg_store_options options);
  /// stop()s.
  ~pg_store() override;
  pg_store(const pg_store&) = delete;
  pg_store& operator=(const pg_store&) = delete;

  writer_stats stats() const { return writer_counts(); }

  /// Several nodes share a PostgreSQL database: always.
  bool shared() const override { return true; }
  /// Starts the listening thread (pg_listener.hpp): other nodes' changes, the leader's lock.
  void watch(watchers to) override;
  /// Stops listening, then as queued_store::stop.
  void stop() override;
  const std::string& node() const noexcept { return node_; }
  /// Empty, or, when a newer program migrated the database and this one runs on it (its newer
  /// migrations only add: a rollback), a sentence saying so for the log.
  const std::string& schema_note() const noexcept { return schema_note_; }

 private:
  // `note`: where the migration's sentence is kept until schema_note_ is made.
  pg_store(const std::string& url, const pg_store_options& options, std::string node,
           std::unique_ptr<std::string> note);

  std::string url_;
  std::string node_;
  std::string schema_note_;
  std::shared_ptr<void> listener_;  // pg::listener, internal
};

/// A started store on `url`; see pg_store. Throws persistence::error.
std::unique_ptr<pg_store> make_pg_store(const std::string& url, pg_store_options options = {});

/// A name for this process among the nodes: host name, process id and a random number.
std::string default_node_name();

/// The schema version of the database at `url` (0: none yet). Throws persistence::error.
int pg_schema_version(const std::string& url);

/// What copy_sqlite_to_postgres copied and checked.
struct pg_copy_report {
  std::int64_t rows = 0;           ///< rows copied, over all tables
  std::int64_t games = 0;          ///< games loaded back from PostgreSQL and replayed
  std::int64_t commands = 0;       ///< commands those replays applied or checked
};

/// Copies the SQLite database of `data_dir` (the server must not run on it: its lock is
/// taken) into the EMPTY PostgreSQL database at `url` (migrated first), in one transaction,
/// daily secret included; then loads every game back from PostgreSQL, replaying its log, and
/// checks its state hash against the one SQLite stored. Progress lines go to `progress`.
/// Throws persistence::error when the target holds any row already ("not empty"), on any
/// database failure, or when a game does not come back equal (engine_mismatch).
pg_copy_report copy_sqlite_to_postgres(const std::filesystem::path& data_dir, const std::string& url,
                                       std::ostream& progress);

}  // namespace loyang::persistence
