#pragma once
/// The durable store: everything the server writes through store.hpp, in the SQLite database
/// `data_dir`/loyang.db (schema in migrations.hpp).
///
/// Writes, commands, readiness and reads: as queued_store.hpp says (group commit on one
/// writer thread, `done` after COMMIT, snapshots every `snapshot_every` commands). SQLite adds:
/// a full disk fails the batch with "disk_full" (SQLITE_FULL), a read-only file makes the store
/// not ready with "read_only", and while not ready the idle writer probes with
/// database::probe_write (the write lock and ~64 KB of new pages, rolled back).
///
/// Checkpoints. The write-ahead log is copied into the database file by a background thread
/// on its own connection, so commits do not stall behind it. Under constant writes that copy
/// never quite catches up, so when the log reaches twice `checkpoint_pages` the writer
/// finishes it between two commits and restarts the log (waiting, up to the busy timeout,
/// for readers still on the old log, e.g. a long backup).
///
/// Reads. load_catalog and load_game use their own read connections (a small pool), never the
/// writer's. load_game starts from the latest snapshot (checked against its hash), replays the
/// log after it, and checks the result against the game row's hash: any difference throws
/// engine_mismatch (error.hpp).
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "loyang/persistence/queued_store.hpp"

namespace loyang::persistence {

/// What queued_store_options says (snapshots, readers, probes every 2 s, failure and recovery
/// callbacks), and SQLite's own settings.
struct sqlite_store_options : queued_store_options {
  /// The write-ahead log is checkpointed into the database file, on a thread of its own (not
  /// inside a commit), once it holds this many pages.
  std::int64_t checkpoint_pages = 4000;
  /// If > 0, caps the database at this many pages (PRAGMA max_page_count on the write
  /// connection): a quota, and how the tests simulate a full disk.
  std::int64_t max_page_count = 0;
};

/// What the writer has done since the store opened, and the WAL checkpoints.
struct sqlite_store_stats : writer_stats {
  std::uint64_t checkpoints = 0;  ///< background WAL checkpoints run
};

class sqlite_store final : public queued_store {
 public:
  /// Opens (creating and migrating) `data_dir`/loyang.db and starts the writer thread.
  /// Throws persistence::error when the directory cannot be created, the file is not a
  /// SQLite database, or its schema is newer than this program knows.
  sqlite_store(const std::filesystem::path& data_dir, sqlite_store_options options);
  /// stop()s.
  ~sqlite_store() override;
  sqlite_store(const sqlite_store&) = delete;
  sqlite_store& operator=(const sqlite_store&) = delete;

  // load_catalog: all accounts (with their operator and ban fields), the unrevoked tokens,
  // every game (finished and cancelled ones too) with its seats and extra, the relations, the
  // largest chat, report and operator-action ids, and the daily secret (made by the schema's
  // migration 8, never changed after). Throws persistence::error, also when the daily secret
  // is missing.

  /// queued_store::stop, then a last checkpoint. Idempotent.
  void stop() override;

  sqlite_store_stats stats() const;

  /// The database file.
  const std::filesystem::path& file() const noexcept;
};

/// A started store on `data_dir`/loyang.db; see sqlite_store. Throws persistence::error.
std::unique_ptr<sqlite_store> make_sqlite_store(const std::filesystem::path& data_dir,
                                                sqlite_store_options options = {});

}  // namespace loyang::persistence
