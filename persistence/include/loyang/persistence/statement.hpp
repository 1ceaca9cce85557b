#pragma once
/// A prepared SQLite statement: bind parameters, step through rows, read columns, and reset
/// for the next use. Parameters and columns are numbered as in SQLite: parameters from 1,
/// columns from 0.
///
///     auto s = db.prepare("SELECT name FROM accounts WHERE id = ?");
///     s.bind(1, id);
///     while (s.step()) names.push_back(s.column_text(0));
///     s.reset();  // ready to bind and step again
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace loyang::persistence {

/// One compiled statement. Move-only; finalized on destruction. Errors throw
/// persistence::error naming the SQL.
class statement {
 public:
  /// Compiles `sql` (exactly one statement) on `db`. Usually reached via database::prepare.
  statement(sqlite3* db, std::string_view sql);

  statement(statement&& other) noexcept;
  statement& operator=(statement&& other) noexcept;
  statement(const statement&) = delete;
  statement& operator=(const statement&) = delete;
  ~statement();

  /// Binds parameter `index` (from 1). Text and blobs are copied. Returns *this to chain.
  statement& bind(int index, std::int64_t value);
  statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  statement& bind(int index, double value);
  statement& bind(int index, std::string_view text);
  statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
  statement& bind(int index, std::span<const std::byte> blob);
  statement& bind(int index, std::nullptr_t);

  /// Runs the statement to its next row: true when a row is ready to read, false when done.
  bool step();

  /// Steps until done, for statements that return no rows (INSERT, UPDATE, ...), then
  /// resets so the statement can be run again.
  void run();

  /// Rewinds for another execution; bindings are kept.
  void reset() noexcept;
  /// Sets every parameter back to NULL.
  void clear_bindings() noexcept;

  /// Column count of the result rows.
  int column_count() const noexcept;
  /// Whether column `index` of the current row is NULL.
  bool column_is_null(int index) const noexcept;
  std::int64_t column_int64(int index) const noexcept;
  double column_double(int index) const noexcept;
  /// The column as UTF-8 text ("" for NULL).
  std::string column_text(int index) const;
  /// The column as UTF-8 text without a copy: valid until the next step, reset or column
  /// call on this statement ("" for NULL).
  std::string_view column_text_view(int index) const noexcept;
  /// The column as bytes (empty for NULL).
  std::vector<std::byte> column_blob(int index) const;

  /// The SQL text this statement was compiled from.
  std::string sql() const;

 private:
  void check(int code, const char* what) const;

  sqlite3* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace loyang::persistence
