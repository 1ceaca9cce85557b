#include "loyang/persistence/statement.hpp"

#include <sqlite3.h>

#include <limits>
#include <utility>

#include "loyang/persistence/error.hpp"

namespace loyang::persistence {
namespace {

int checked_size(std::size_t size) {
  if (size > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    throw error("value too large to bind", SQLITE_TOOBIG);
  }
  return static_cast<int>(size);
}

}  // namespace

statement::statement(sqlite3* db, std::string_view sql) : db_(db) {
  const char* tail = nullptr;
  const int rc = sqlite3_prepare_v2(db_, sql.data(), checked_size(sql.size()), &stmt_, &tail);
  if (rc != SQLITE_OK) {
    detail::raise(rc, db_, "preparing \"" + std::string(sql.substr(0, 60)) + "\"");
  }
  if (stmt_ == nullptr) throw error("preparing an empty SQL statement");
  // Anything after the first statement other than whitespace or ';' would be silently
  // ignored by SQLite; refuse it instead.
  for (const char* p = tail; p != nullptr && p < sql.data() + sql.size(); ++p) {
    if (*p != ' ' && *p != '\n' && *p != '\t' && *p != '\r' && *p != ';') {
      sqlite3_finalize(std::exchange(stmt_, nullptr));
      throw error("preparing \"" + std::string(sql.substr(0, 60)) +
                  "\": more than one statement");
    }
  }
}

statement::statement(statement&& other) noexcept
    : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)) {}

statement& statement::operator=(statement&& other) noexcept {
  if (this != &other) {
    sqlite3_finalize(stmt_);
    db_ = other.db_;
    stmt_ = std::exchange(other.stmt_, nullptr);
  }
  return *this;
}

statement::~statement() { sqlite3_finalize(stmt_); }

void statement::check(int code, const char* what) const {
  if (code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE) return;
  detail::raise(code, db_, std::string(what) + " \"" + sql().substr(0, 60) + "\"");
}

statement& statement::bind(int index, std::int64_t value) {
  check(sqlite3_bind_int64(stmt_, index, value), "binding");
  return *this;
}

statement& statement::bind(int index, double value) {
  check(sqlite3_bind_double(stmt_, index, value), "binding");
  return *this;
}

statement& statement::bind(int index, std::string_view text) {
  check(sqlite3_bind_text(stmt_, index, text.data(), checked_size(text.size()), SQLITE_TRANSIENT),
        "binding");
  return *this;
}

statement& statement::bind(int index, std::span<const std::byte> blob) {
  // A null pointer would bind NULL rather than an empty blob.
  static constexpr std::byte empty{};
  const void* data = blob.empty() ? &empty : static_cast<const void*>(blob.data());
  check(sqlite3_bind_blob(stmt_, index, data, checked_size(blob.size()), SQLITE_TRANSIENT),
        "binding");
  return *this;
}

statement& statement::bind(int index, std::nullptr_t) {
  check(sqlite3_bind_null(stmt_, index), "binding");
  return *this;
}

bool statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  // After a failed step the statement must be reset before it can run again.
  sqlite3_reset(stmt_);
  check(rc, "running");
  return false;
}

void statement::run() {
  while (step()) {
  }
  reset();
}

void statement::reset() noexcept { sqlite3_reset(stmt_); }

void statement::clear_bindings() noexcept { sqlite3_clear_bindings(stmt_); }

int statement::column_count() const noexcept { return sqlite3_column_count(stmt_); }

bool statement::column_is_null(int index) const noexcept {
  return sqlite3_column_type(stmt_, index) == SQLITE_NULL;
}

std::int64_t statement::column_int64(int index) const noexcept {
  return sqlite3_column_int64(stmt_, index);
}

double statement::column_double(int index) const noexcept {
  return sqlite3_column_double(stmt_, index);
}

std::string statement::column_text(int index) const {
  const auto* text = sqlite3_column_text(stmt_, index);
  const int size = sqlite3_column_bytes(stmt_, index);
  if (text == nullptr) return {};
  return std::string(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size));
}

std::string_view statement::column_text_view(int index) const noexcept {
  const auto* text = sqlite3_column_text(stmt_, index);
  const int size = sqlite3_column_bytes(stmt_, index);
  if (text == nullptr) return {};
  return std::string_view(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size));
}

std::vector<std::byte> statement::column_blob(int index) const {
  const auto* data = static_cast<const std::byte*>(sqlite3_column_blob(stmt_, index));
  const int size = sqlite3_column_bytes(stmt_, index);
  if (data == nullptr) return {};
  return std::vector<std::byte>(data, data + size);
}

std::string statement::sql() const {
  const char* text = stmt_ != nullptr ? sqlite3_sql(stmt_) : nullptr;
  return text != nullptr ? text : "";
}

}  // namespace loyang::persistence
