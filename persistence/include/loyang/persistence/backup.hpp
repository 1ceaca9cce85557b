#pragma once
/// Online backup of the server's database with SQLite's backup API: safe while a server is
/// running and writing (the copy is one consistent committed state).
///
/// Restore: stop the server, copy the backup file to DATA_DIR/loyang.db (removing any
/// loyang.db-wal and loyang.db-shm beside it), start the server.
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

struct sqlite3;

#include "loyang/persistence/error.hpp"

namespace loyang::persistence {

/// Copies `data_dir`/loyang.db to `out`: written to `out`.tmp first, readable and writable by
/// its owner only (mode 0600), then renamed, so `out` is never a half-written file. `out` is replaced if it exists. Throws persistence::error
/// when the source is missing or not a loyang database of a schema this program knows, or
/// when the copy fails.
void backup_database(const std::filesystem::path& data_dir, const std::filesystem::path& out);

/// One backup of `data_dir`/loyang.db into `out_dir` (made if missing), named
/// loyang-YYYYMMDDTHHMMSS.mmmZ.db from `now` in UTC, so that names sort by time. Returns the
/// file. Throws as backup_database, and when `out_dir` cannot be made.
std::filesystem::path take_backup(const std::filesystem::path& data_dir, const std::filesystem::path& out_dir,
                                  std::chrono::system_clock::time_point now);

/// The backups take_backup() wrote in `out_dir`, oldest first (none if it does not exist).
std::vector<std::filesystem::path> backups_in(const std::filesystem::path& out_dir);

/// Deletes all but the newest `keep` (at least one) backups in `out_dir`, and any copy a killed
/// backup left half-written (*.db.tmp untouched for ten minutes). Returns what it deleted. Throws persistence::error when a file
/// cannot be deleted.
std::vector<std::filesystem::path> prune_backups(const std::filesystem::path& out_dir, std::size_t keep);

/// Copies the database open on `source` to `out` the same way (one consistent state, a
/// standalone file, `out` replaced whole); `what` names the source in errors.
void copy_database(sqlite3* source, const std::filesystem::path& out, const std::string& what);

}  // namespace loyang::persistence
