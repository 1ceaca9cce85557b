#pragma once
/// The one exception type the persistence layer throws. SQLite's result codes never leave
/// the layer as bare integers: every failing call becomes a persistence::error whose what()
/// names the operation and carries SQLite's own message.
#include <stdexcept>
#include <string>

struct sqlite3;

namespace loyang::persistence {

/// A database could not be opened, migrated, read or written.
class error : public std::runtime_error {
 public:
  /// `sqlite_code` is SQLite's extended result code, or 0 when the failure is not SQLite's
  /// (for example a schema newer than this program knows).
  explicit error(const std::string& what, int sqlite_code = 0);

  /// SQLite's extended result code, or 0.
  int sqlite_code() const noexcept { return sqlite_code_; }

 private:
  int sqlite_code_;
};

/// A stored game that this program's engine no longer reproduces: a snapshot that does not
/// decode or whose hash differs, a logged command that no longer applies, or a replay that
/// ends in another state than the one stored. what() starts with "engine_mismatch: ". The
/// game must be refused rather than served wrong.
class engine_mismatch : public error {
 public:
  explicit engine_mismatch(const std::string& detail) : error("engine_mismatch: " + detail) {}
};

/// A stored game whose rows are missing or do not fit together (no row for a game the
/// catalog lists, a gap in its log). Like engine_mismatch, trying again will not help.
class damaged_game : public error {
 public:
  explicit damaged_game(const std::string& detail) : error(detail) {}
};

/// Stable codes a failed write reports to its `done` callback (store.hpp).
inline constexpr const char* storage_failed = "storage_failed";
inline constexpr const char* disk_full = "disk_full";
/// With several nodes: a daily challenge for an account and day that another node started
/// at the same moment (the PostgreSQL store's fence; nothing was stored).
inline constexpr const char* daily_played = "daily_played";

/// The write error code for a failure: "disk_full" for SQLITE_FULL, else "storage_failed".
std::string write_error_code(int sqlite_code);

/// Why a store is not ready after a failure: "disk_full" (SQLITE_FULL), "read_only"
/// (SQLITE_READONLY) or "storage_failed".
std::string not_ready_reason_of(int sqlite_code);

namespace detail {
/// Throws error("<what>: <sqlite message>", code) unless `code` is SQLITE_OK, SQLITE_ROW or
/// SQLITE_DONE. `db` may be null (the message then comes from sqlite3_errstr).
void check(int code, sqlite3* db, const std::string& what);
/// Throws error("<what>: <sqlite message>", code) unconditionally.
[[noreturn]] void raise(int code, sqlite3* db, const std::string& what);
}  // namespace detail

}  // namespace loyang::persistence
