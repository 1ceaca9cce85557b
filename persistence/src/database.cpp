#include "loyang/persistence/database.hpp"

#include <sqlite3.h>

#include <string>
#include <system_error>
#include <utility>

#include "loyang/persistence/data_dir_lock.hpp"
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
    pre_migration_copy_ = migrate(*this);
  } catch (const error& e) {
    close();
    throw error("database " + file_.string() + ": " + e.what(), e.sqlite_code());
  }
}

database database::open_in(const std::filesystem::path& data_dir) {
  // Locked before the file is touched: a second server must not even migrate it.
  auto lock = lock_data_dir(data_dir);
  database db(data_dir / database_file_name);
  try {
    db.probe_write();
  } catch (const error& e) {
    throw error("database " + db.file().string() + " cannot be written: " + e.what(),
                e.sqlite_code());
  }
  db.lock_ = std::move(lock);
  return db;
}

void database::probe_write() {
  const auto run = [this](const char* sql) {
    if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) == SQLITE_OK) return;
    const int code = sqlite3_extended_errcode(db_);
    const std::string message = sqlite3_errmsg(db_);
    if (sqlite3_get_autocommit(db_) == 0) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw error(message, code);
  };
  run("BEGIN IMMEDIATE");
  run("CREATE TABLE loyang_write_probe(b BLOB); "
      "INSERT INTO loyang_write_probe VALUES (zeroblob(65536))");
  run("ROLLBACK");
}

database::database(database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)),
      file_(std::move(other.file_)),
      pre_migration_copy_(std::move(other.pre_migration_copy_)),
      lock_(std::move(other.lock_)) {}

database& database::operator=(database&& other) noexcept {
  if (this != &other) {
    close();
    db_ = std::exchange(other.db_, nullptr);
    file_ = std::move(other.file_);
    pre_migration_copy_ = std::move(other.pre_migration_copy_);
    lock_ = std::move(other.lock_);
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
