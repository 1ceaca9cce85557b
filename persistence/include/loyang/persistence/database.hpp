#pragma once
/// One SQLite connection, opened for the server's durable state.
///
/// Opening sets the connection up the way the server needs it — write-ahead logging,
/// `synchronous=FULL` (a committed transaction survives a power cut), a busy timeout and
/// foreign keys — and then brings the schema up to date (migrations.hpp). A file that is not
/// a SQLite database, or whose schema is newer than this program knows, is refused with a
/// persistence::error.
///
/// A database is not thread-safe: use it from one thread (or strand) at a time.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "loyang/persistence/error.hpp"
#include "loyang/persistence/statement.hpp"

struct sqlite3;

namespace loyang::persistence {

class data_dir_lock;

/// Name of the database file inside the data directory.
inline constexpr std::string_view database_file_name = "loyang.db";

/// How long a statement waits for another connection's lock before failing with SQLITE_BUSY.
inline constexpr std::chrono::milliseconds default_busy_timeout{5000};

/// An open, migrated connection. Move-only; closes on destruction.
class database {
 public:
  /// Opens (creating if absent) the database file at `file` and migrates it.
  /// Throws persistence::error.
  explicit database(const std::filesystem::path& file,
                    std::chrono::milliseconds busy_timeout = default_busy_timeout);

  /// Creates `data_dir` if absent, locks it for this process (data_dir_lock.hpp), opens
  /// `data_dir`/loyang.db and checks that it can be written (probe_write). The lock is held
  /// as long as this connection. Throws persistence::error with one sentence for a
  /// directory in use by another process or one that cannot be written, and for every
  /// failure of the constructor.
  static database open_in(const std::filesystem::path& data_dir);

  /// Checks that a write can happen now: takes the write lock (BEGIN IMMEDIATE), allocates
  /// about 64 KB of new pages in a scratch table, and rolls everything back, so the file is
  /// unchanged. Throws persistence::error with SQLite's code: SQLITE_READONLY for a file
  /// that cannot be written, SQLITE_FULL when no page can be added (a full quota
  /// (max_page_count), or a full disk when the pages reach it). Needs no open transaction.
  void probe_write();

  database(database&& other) noexcept;
  database& operator=(database&& other) noexcept;
  database(const database&) = delete;
  database& operator=(const database&) = delete;
  ~database();

  /// Runs one or more SQL statements that return no rows.
  void exec(std::string_view sql);

  /// Compiles one SQL statement for repeated use.
  statement prepare(std::string_view sql);

  /// `PRAGMA user_version`: the schema version the file is at.
  int user_version();

  /// The rowid of the latest successful INSERT on this connection.
  std::int64_t last_insert_rowid() const noexcept;

  /// Rows changed by the latest INSERT, UPDATE or DELETE on this connection.
  int changes() const noexcept;

  /// The file this connection has open.
  const std::filesystem::path& file() const noexcept { return file_; }

  /// The copy of the file as it was before this opening migrated it (migrations.hpp,
  /// migrate()); empty when nothing was migrated.
  const std::filesystem::path& pre_migration_copy() const noexcept { return pre_migration_copy_; }

  /// The raw handle, for what these wrappers do not cover. Still owned by this object.
  sqlite3* handle() const noexcept { return db_; }

 private:
  void configure(std::chrono::milliseconds busy_timeout);
  void close() noexcept;

  sqlite3* db_ = nullptr;
  std::filesystem::path file_;
  std::filesystem::path pre_migration_copy_;
  std::shared_ptr<const data_dir_lock> lock_;  // open_in's; released after db_ is closed
};

}  // namespace loyang::persistence
