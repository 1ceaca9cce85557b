// Online backup through sqlite3_backup_*: the copy is one committed state of the source,
// taken under a read transaction, so a running server may keep writing meanwhile.
#include "loyang/persistence/backup.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <ctime>
#include <system_error>
#include <utility>

#include "loyang/persistence/database.hpp"
#include "loyang/persistence/error.hpp"
#include "loyang/persistence/migrations.hpp"

namespace loyang::persistence {
namespace {

// A raw connection closed on scope exit (the backup needs flags database does not use).
class raw_connection {
 public:
  raw_connection(const std::filesystem::path& file, int flags, const std::string& what) {
    const int rc = sqlite3_open_v2(file.c_str(), &db_, flags | SQLITE_OPEN_EXRESCODE, nullptr);
    if (rc != SQLITE_OK) detail::raise(rc, db_, what + " " + file.string());
    sqlite3_busy_timeout(db_, static_cast<int>(default_busy_timeout.count()));
  }
  ~raw_connection() { sqlite3_close_v2(db_); }
  raw_connection(const raw_connection&) = delete;
  raw_connection& operator=(const raw_connection&) = delete;
  sqlite3* get() const { return db_; }

 private:
  sqlite3* db_ = nullptr;
};

int user_version(sqlite3* db, const std::string& what) {
  sqlite3_stmt* s = nullptr;
  detail::check(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &s, nullptr), db, what);
  const int rc = sqlite3_step(s);
  const int version = rc == SQLITE_ROW ? sqlite3_column_int(s, 0) : -1;
  sqlite3_finalize(s);
  detail::check(rc, db, what);
  return version;
}

}  // namespace

void backup_database(const std::filesystem::path& data_dir, const std::filesystem::path& out) {
  const auto source_file = data_dir / database_file_name;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(source_file, ec)) {
    throw error("no database to back up at " + source_file.string());
  }
  raw_connection source(source_file, SQLITE_OPEN_READONLY, "cannot open");
  const int version = user_version(source.get(), "reading " + source_file.string());
  if (version < 1 || version > latest_schema_version()) {
    throw error(source_file.string() + " has schema version " + std::to_string(version) +
                ", not a loyang database this program knows");
  }

  copy_database(source.get(), out, source_file.string());
}

void copy_database(sqlite3* source, const std::filesystem::path& out, const std::string& what) {
  std::error_code ec;
  auto tmp = out;
  tmp += ".tmp";
  std::filesystem::remove(tmp, ec);
  {
    raw_connection target(tmp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, "cannot create");
    sqlite3_backup* b = sqlite3_backup_init(target.get(), "main", source, "main");
    if (b == nullptr) {
      detail::raise(sqlite3_extended_errcode(target.get()), target.get(), "starting the backup");
    }
    // All pages in one step: one read transaction, hence one consistent state.
    int rc = sqlite3_backup_step(b, -1);
    const int finish = sqlite3_backup_finish(b);
    if (rc == SQLITE_DONE) rc = finish;
    if (rc != SQLITE_OK && rc != SQLITE_DONE) {
      std::filesystem::remove(tmp, ec);
      detail::raise(rc, target.get(), "backing up " + what);
    }
    // A standalone file: no -wal beside it to forget when copying it around.
    char* message = nullptr;
    if (sqlite3_exec(target.get(), "PRAGMA journal_mode=DELETE", nullptr, nullptr, &message) !=
        SQLITE_OK) {
      const std::string m = message != nullptr ? message : "";
      sqlite3_free(message);
      throw error("finishing the backup: " + m);
    }
  }
  // Everything the site keeps is in it (password and token hashes, mail addresses, the daily
  // secret): readable by its owner only, whatever the umask.
  std::filesystem::permissions(tmp, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write, ec);
  if (ec) throw error("cannot restrict the backup's permissions: " + ec.message());
  std::filesystem::rename(tmp, out, ec);
  if (ec) throw error("cannot move the backup to " + out.string() + ": " + ec.message());
}

namespace {

constexpr std::string_view backup_prefix = "loyang-";
constexpr std::string_view backup_suffix = ".db";

bool is_backup_name(const std::string& name, std::string_view suffix) {
  return name.size() > backup_prefix.size() + suffix.size() && name.starts_with(backup_prefix) &&
         name.ends_with(suffix);
}

}  // namespace

std::filesystem::path take_backup(const std::filesystem::path& data_dir, const std::filesystem::path& out_dir,
                                  std::chrono::system_clock::time_point now) {
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  if (ec) throw error("cannot make the backup directory " + out_dir.string() + ": " + ec.message());
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%S", &utc);
  char millis[8];
  std::snprintf(millis, sizeof millis, ".%03dZ", static_cast<int>(ms % 1000));
  const auto out = out_dir / (std::string(backup_prefix) + stamp + millis + std::string(backup_suffix));
  backup_database(data_dir, out);
  return out;
}

std::vector<std::filesystem::path> backups_in(const std::filesystem::path& out_dir) {
  std::vector<std::filesystem::path> found;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(out_dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec) && is_backup_name(it->path().filename().string(), backup_suffix)) {
      found.push_back(it->path());
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::vector<std::filesystem::path> prune_backups(const std::filesystem::path& out_dir, std::size_t keep) {
  std::vector<std::filesystem::path> doomed;
  const auto all = backups_in(out_dir);
  if (all.size() > keep) doomed.assign(all.begin(), all.end() - static_cast<std::ptrdiff_t>(std::max<std::size_t>(keep, 1)));
  std::error_code ec;
  for (std::filesystem::directory_iterator it(out_dir, ec), end; !ec && it != end; it.increment(ec)) {
    // Another backup may be writing its copy now: only one untouched for ten minutes is left over.
    if (!is_backup_name(it->path().filename().string(), ".db.tmp")) continue;
    const auto touched = std::filesystem::last_write_time(it->path(), ec);
    if (!ec && std::filesystem::file_time_type::clock::now() - touched > std::chrono::minutes(10)) {
      doomed.push_back(it->path());
    }
  }
  for (const auto& file : doomed) {
    if (!std::filesystem::remove(file, ec) && ec) {
      throw error("cannot delete the old backup " + file.string() + ": " + ec.message());
    }
  }
  return doomed;
}

}  // namespace loyang::persistence
