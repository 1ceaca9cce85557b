#pragma once
// Internal: libpq behind RAII: a connection (PGconn), a result (PGresult), parameters for
// prepared statements, a transaction that rolls back unless committed, and a cursor over a
// result that reads like SQLite's statement (row_readers.hpp takes either). Every failure
// becomes a persistence::error naming the operation and carrying PostgreSQL's message.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct pg_conn;
struct pg_result;

namespace loyang::persistence::pg {

/// A statement a connection prepares under a name (the writer's and the readers').
struct named_sql {
  const char* name;
  std::string_view sql;
};

/// A finished query's result; empty (null) after a move.
class result {
 public:
  result() = default;
  explicit result(::pg_result* r) : r_(r) {}
  int rows() const noexcept;
  bool is_null(int row, int column) const noexcept;
  std::string_view text(int row, int column) const noexcept;
  /// The value as a 64-bit integer (integer columns come back as text). Throws
  /// persistence::error when it is not one.
  std::int64_t int64(int row, int column) const;
  /// A bytea column (sent as text, `\x` and hex digits), decoded.
  std::string bytes(int row, int column) const;

 private:
  friend class connection;
  struct clear {
    void operator()(::pg_result* r) const noexcept;
  };
  std::unique_ptr<::pg_result, clear> r_;
};

/// A result read row by row like SQLite's statement: step() moves to the next row (false past
/// the last), column_*(i) read the current row.
class cursor {
 public:
  explicit cursor(result r) : r_(std::move(r)) {}
  bool step() noexcept { return ++row_ < r_.rows(); }
  bool column_is_null(int i) const noexcept { return r_.is_null(row_, i); }
  std::int64_t column_int64(int i) const { return r_.is_null(row_, i) ? 0 : r_.int64(row_, i); }
  std::string column_text(int i) const { return std::string(r_.text(row_, i)); }
  std::string_view column_text_view(int i) const noexcept { return r_.text(row_, i); }
  std::string column_bytes(int i) const { return r_.bytes(row_, i); }

 private:
  result r_;
  int row_ = -1;
};

/// The values of a prepared statement's $1, $2, ...: integers and text are sent as text,
/// bytes as binary, nullopt and nullptr as NULL.
class params {
 public:
  /// Raw bytes (a bytea parameter).
  struct binary {
    std::string_view data;
  };

  params() = default;
  template <class... T>
  explicit params(const T&... values) {
    (add(values), ...);
  }
  params& add(std::int64_t v);
  params& add(int v) { return add(static_cast<std::int64_t>(v)); }
  params& add(std::string_view v);
  params& add(const std::string& v) { return add(std::string_view(v)); }
  params& add(const char* v) { return add(std::string_view(v)); }
  params& add(const std::optional<std::string>& v);
  params& add(std::nullptr_t);
  params& add(binary v);
  int size() const noexcept { return static_cast<int>(values_.size()); }

 private:
  friend class connection;
  struct raw {
    std::vector<const char*> values;
    std::vector<int> lengths;
  };
  raw pointers() const;
  std::vector<std::optional<std::string>> values_;
  std::vector<int> formats_;
};

/// One connection. Not thread-safe: one thread uses it at a time.
class connection {
 public:
  /// Connects to `url` (a libpq connection string or postgresql:// URI; unless it says
  /// otherwise, connect_timeout=5 and tcp_user_timeout=15000: a PostgreSQL that stopped
  /// answering fails the connection or statement rather than hanging the writer). Throws
  /// persistence::error when PostgreSQL cannot be reached or refuses the login.
  /// `application_name` (unless the URL sets one) names the session in pg_stat_activity
  /// ("loyang NODE writer"), so an operator sees which node holds which connections.
  explicit connection(const std::string& url, const std::string& application_name = {});
  connection(connection&&) noexcept = default;
  connection& operator=(connection&&) noexcept = default;
  connection(const connection&) = delete;
  connection& operator=(const connection&) = delete;
  ~connection() = default;

  /// Runs one or more statements without parameters. Throws persistence::error.
  void exec(std::string_view sql);
  /// Runs one statement without parameters and returns its rows. Throws persistence::error.
  result query(std::string_view sql);
  /// Prepares `sql` as statement `name` on this connection. Throws persistence::error.
  void prepare(const std::string& name, std::string_view sql);
  /// Runs prepared statement `name`. Throws persistence::error.
  result run(const std::string& name, const params& p);
  /// Runs `sql` once with parameters (unnamed statement). Throws persistence::error.
  result run_sql(std::string_view sql, const params& p);

  // Pipeline mode (libpq's): queries are sent without waiting, and their results read after
  // one sync, so a batch of writes costs one round trip. exec, query and run do not work in it.

  /// Enters pipeline mode. Throws persistence::error.
  void enter_pipeline();
  /// Sends `sql` (no parameters). Throws persistence::error when the connection broke.
  void send(std::string_view sql);
  /// Sends prepared statement `name`. Throws persistence::error when the connection broke.
  void send_prepared(const std::string& name, const params& p);
  /// Sends a sync and reads the results of every query sent since the last one: for each,
  /// nullopt when it succeeded, else PostgreSQL's message ("" for a query skipped because an
  /// earlier one failed). Throws persistence::error when the connection broke.
  std::vector<std::optional<std::string>> sync();

  /// LISTEN: reads what arrived on the socket (without blocking) and returns the payloads of
  /// the notifications received since the last call, in commit order. Throws
  /// persistence::error when the connection broke.
  std::vector<std::string> notifications();
  /// The socket, to wait for input on (poll).
  int socket() const noexcept;
  /// Whether the connection is still up (false once PostgreSQL went away).
  bool ok() const noexcept;
  /// Between queries, without blocking: whether PostgreSQL has closed this connection since
  /// (a restart, pg_terminate_backend, idle_session_timeout). libpq notices that only when it
  /// next reads, which would be the next query's answer: that query would fail. Here the
  /// socket is read if it has anything (PostgreSQL's last words, then the end of the stream).
  bool closed_by_server() const noexcept;
  /// Whether a transaction is open (or failed and awaits its ROLLBACK).
  bool in_transaction() const noexcept;
  /// Whether the open transaction failed (a statement in it was refused).
  bool aborted() const noexcept;

 private:
  result check(::pg_result* r, std::string_view what);
  struct finish {
    void operator()(::pg_conn* c) const noexcept;
  };
  std::unique_ptr<::pg_conn, finish> c_;
  std::size_t sent_ = 0;  // queries sent in pipeline mode since the last sync
};

/// `BEGIN` on construction, `ROLLBACK` on destruction unless commit() ran.
class transaction {
 public:
  /// `begin` is the statement that opens it ("BEGIN", or with an isolation level).
  explicit transaction(connection& c, std::string_view begin = "BEGIN");
  ~transaction();
  transaction(const transaction&) = delete;
  transaction& operator=(const transaction&) = delete;
  /// Throws persistence::error (the destructor then rolls back).
  void commit();

 private:
  connection& c_;
  bool done_ = false;
};

}  // namespace loyang::persistence::pg
