#include "loyang/persistence/error.hpp"

#include <sqlite3.h>

namespace loyang::persistence {

error::error(const std::string& what, int sqlite_code)
    : std::runtime_error(what), sqlite_code_(sqlite_code) {}

std::string write_error_code(int sqlite_code) {
  return (sqlite_code & 0xff) == SQLITE_FULL ? disk_full : storage_failed;
}

std::string not_ready_reason_of(int sqlite_code) {
  if ((sqlite_code & 0xff) == SQLITE_READONLY) return "read_only";
  return write_error_code(sqlite_code);
}

namespace detail {

void raise(int code, sqlite3* db, const std::string& what) {
  // sqlite3_errmsg describes the connection's latest failure, which is this one when `code`
  // came from it; sqlite3_errstr is the generic sentence for the code.
  const char* message = db != nullptr && sqlite3_extended_errcode(db) == code
                            ? sqlite3_errmsg(db)
                            : sqlite3_errstr(code);
  throw error(what + ": " + message, code);
}

void check(int code, sqlite3* db, const std::string& what) {
  if (code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE) return;
  raise(code, db, what);
}

}  // namespace detail
}  // namespace loyang::persistence
