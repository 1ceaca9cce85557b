#include "loyang/persistence/database.hpp"

#include <sqlite3.h>

#include <string>
#include <system_error>
#include <utility>

#include "loyang/persistence/migrations.hpp"

namespace loyang::persistence {

database::database(const std::filesystem::path& file, std::chrono::milliseconds busy_timeout)
    : file_(file) {
  const int flags =
      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOMUTEX;
  const int rc = sqlite3_open_v2(file.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    // Even a failed open may allocate a handle, which carries the message.
    std::string what = "cannot open database " + file.string();
    const char* message = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    std::string full = what + ": " + message;
    close();
    throw error(full, rc);
  }
  try {
    configure(busy_timeout);
    migrate(*this);
  } catch (const error& e) {
    close();
    throw error("database " + file_.string() + ": " + e.what(), e.sqlite_code());
  }
}

database database::open_in(const std::filesystem::path& data_dir) {
  std::error_code ec;
  std::filesystem::create_directories(data_dir, ec);
  if (ec) throw error("cannot create data directory " + data_dir.string() + ": " + ec.message());
  return database(data_dir / database_file_name);
}

database::database(database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), file_(std::move(other.file_)) {}

database& database::operator=(database&& other) noexcept {
  if (this != &other) {
    close();
    db_ = std::exchange(other.db_, nullptr);
    file_ = std::move(other.file_);
  }
  return *this;
}

database::~database() { close(); }

void database::close() noexcept {
  // sqlite3_close_v2 defers the close until every statement is finalized, so a statement
  // that outlives its database is harmless rather than a leak of the connection.
  if (db_ != nullptr) sqlite3_close_v2(std::exchange(db_, nullptr));
}

void database::configure(std::chrono::milliseconds busy_timeout) {
  detail::check(sqlite3_busy_timeout(db_, static_cast<int>(busy_timeout.count())), db_,
                "setting the busy timeout");
  // The first statement reads the file header: this is where a non-database file is caught.
  auto journal = prepare("PRAGMA journal_mode=WAL");
  if (!journal.step() || journal.column_text(0) != "wal") {
    throw error("cannot switch to write-ahead logging");
  }
  exec("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;");
}

void database::exec(std::string_view sql) {
  const std::string text(sql);
  char* message = nullptr;
  const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message);
  if (rc != SQLITE_OK) {
    std::string what = message != nullptr ? message : sqlite3_errstr(rc);
    sqlite3_free(message);
    throw error("executing \"" + text.substr(0, 60) + "\": " + what, rc);
  }
}

statement database::prepare(std::string_view sql) { return statement(db_, sql); }

int database::user_version() {
  auto s = prepare("PRAGMA user_version");
  s.step();
  return static_cast<int>(s.column_int64(0));
}

std::int64_t database::last_insert_rowid() const noexcept { return sqlite3_last_insert_rowid(db_); }

int database::changes() const noexcept { return sqlite3_changes(db_); }

}  // namespace loyang::persistence
