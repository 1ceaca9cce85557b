#pragma once
/// Online backup of the server's database with SQLite's backup API: safe while a server is
/// running and writing (the copy is one consistent committed state).
///
/// Restore: stop the server, copy the backup file to DATA_DIR/loyang.db (removing any
/// loyang.db-wal and loyang.db-shm beside it), start the server.
#include <filesystem>
#include <string>

struct sqlite3;

#include "loyang/persistence/error.hpp"

namespace loyang::persistence {

/// Copies `data_dir`/loyang.db to `out`: written to `out`.tmp first, then renamed, so `out`
/// is never a half-written file. `out` is replaced if it exists. Throws persistence::error
/// when the source is missing or not a loyang database of a schema this program knows, or
/// when the copy fails.
void backup_database(const std::filesystem::path& data_dir, const std::filesystem::path& out);

/// Copies the database open on `source` to `out` the same way (one consistent state, a
/// standalone file, `out` replaced whole); `what` names the source in errors.
void copy_database(sqlite3* source, const std::filesystem::path& out, const std::string& what);

}  // namespace loyang::persistence
