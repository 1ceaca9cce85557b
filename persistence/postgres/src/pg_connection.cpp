#include "pg_connection.hpp"

#include <poll.h>

#include <charconv>

#include <libpq-fe.h>

#include "loyang/persistence/error.hpp"

namespace loyang::persistence::pg {
namespace {

// libpq's messages end with a newline; the log adds its own.
std::string trimmed(const char* message) {
  std::string s = message != nullptr ? message : "";
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

// ---- result ---------------------------------------------------------------------------------

void result::clear::operator()(::pg_result* r) const noexcept { PQclear(r); }

int result::rows() const noexcept { return r_ ? PQntuples(r_.get()) : 0; }

bool result::is_null(int row, int column) const noexcept { return PQgetisnull(r_.get(), row, column) != 0; }

std::string_view result::text(int row, int column) const noexcept {
  return {PQgetvalue(r_.get(), row, column), static_cast<std::size_t>(PQgetlength(r_.get(), row, column))};
}

std::int64_t result::int64(int row, int column) const {
  const auto t = text(row, column);
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || end != t.data() + t.size()) {
    throw error("PostgreSQL returned \"" + std::string(t.substr(0, 40)) + "\" where a number was expected");
  }
  return v;
}

std::string result::bytes(int row, int column) const {
  const auto t = text(row, column);
  if (t.size() < 2 || t[0] != '\\' || t[1] != 'x' || t.size() % 2 != 0) {
    throw error("PostgreSQL returned a bytea value not in hex format");
  }
  std::string out;
  out.reserve((t.size() - 2) / 2);
  for (std::size_t i = 2; i < t.size(); i += 2) {
    const int hi = hex_value(t[i]), lo = hex_value(t[i + 1]);
    if (hi < 0 || lo < 0) throw error("PostgreSQL returned a bytea value that is not hex");
    out.push_back(static_cast<char>(hi * 16 + lo));
  }
  return out;
}

// ---- params ---------------------------------------------------------------------------------

params& params::add(std::int64_t v) {
  values_.emplace_back(std::to_string(v));
  formats_.push_back(0);
  return *this;
}

params& params::add(std::string_view v) {
  values_.emplace_back(std::string(v));
  formats_.push_back(0);
  return *this;
}

params& params::add(const std::optional<std::string>& v) {
  values_.push_back(v);
  formats_.push_back(0);
  return *this;
}

params& params::add(std::nullptr_t) {
  values_.emplace_back(std::nullopt);
  formats_.push_back(0);
  return *this;
}

params& params::add(binary v) {
  values_.emplace_back(std::string(v.data));
  formats_.push_back(1);
  return *this;
}

// ---- connection -----------------------------------------------------------------------------

void connection::finish::operator()(::pg_conn* c) const noexcept { PQfinish(c); }

namespace {

// libpq waits forever by default: for a server that is not there (no answer to the connection)
// and for one that went away without a word (a statement's answer). Defaults the URL may
// override: it is expanded after them.
PGconn* connect_with_timeouts(const std::string& url, const std::string& application_name) {
  const char* const keywords[] = {"connect_timeout", "tcp_user_timeout", "application_name", "dbname", nullptr};
  const char* const values[] = {"5", "15000", application_name.empty() ? "loyang" : application_name.c_str(),
                                url.c_str(), nullptr};
  return PQconnectdbParams(keywords, values, 1);
}

}  // namespace

connection::connection(const std::string& url, const std::string& application_name)
    : c_(connect_with_timeouts(url, application_name)) {
  if (!c_) throw error("PostgreSQL: out of memory");
  if (PQstatus(c_.get()) != CONNECTION_OK) {
    throw error("cannot connect to PostgreSQL: " + trimmed(PQerrorMessage(c_.get())));
  }
  // Keeps the server's notices (e.g. "relation already exists, skipping") off stderr.
  PQsetNoticeProcessor(c_.get(), [](void*, const char*) {}, nullptr);
}

result connection::check(::pg_result* r, std::string_view what) {
  result out(r);
  const auto status = r != nullptr ? PQresultStatus(r) : PGRES_FATAL_ERROR;
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return out;
  const std::string message = r != nullptr ? trimmed(PQresultErrorMessage(r)) : trimmed(PQerrorMessage(c_.get()));
  throw error("PostgreSQL, " + std::string(what) + ": " + (message.empty() ? "no result" : message));
}

void connection::exec(std::string_view sql) { query(sql); }

result connection::query(std::string_view sql) {
  const std::string text(sql);
  return check(PQexec(c_.get(), text.c_str()), text.substr(0, 60));
}

void connection::prepare(const std::string& name, std::string_view sql) {
  const std::string text(sql);
  check(PQprepare(c_.get(), name.c_str(), text.c_str(), 0, nullptr), "preparing " + text.substr(0, 60));
}

params::raw params::pointers() const {
  raw out;
  for (const auto& v : values_) {
    out.values.push_back(v ? v->data() : nullptr);
    out.lengths.push_back(v ? static_cast<int>(v->size()) : 0);
  }
  return out;
}

result connection::run(const std::string& name, const params& p) {
  const auto raw = p.pointers();
  return check(PQexecPrepared(c_.get(), name.c_str(), p.size(), raw.values.data(), raw.lengths.data(),
                              p.formats_.data(), 0),
               "statement " + name);
}

result connection::run_sql(std::string_view sql, const params& p) {
  const auto raw = p.pointers();
  const std::string text(sql);
  return check(PQexecParams(c_.get(), text.c_str(), p.size(), nullptr, raw.values.data(), raw.lengths.data(),
                            p.formats_.data(), 0),
               text.substr(0, 60));
}

void connection::enter_pipeline() {
  if (PQenterPipelineMode(c_.get()) != 1) {
    throw error("PostgreSQL: cannot enter pipeline mode: " + trimmed(PQerrorMessage(c_.get())));
  }
}

void connection::send(std::string_view sql) {
  const std::string text(sql);
  if (PQsendQueryParams(c_.get(), text.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0) != 1) {
    throw error("PostgreSQL, sending " + text.substr(0, 60) + ": " + trimmed(PQerrorMessage(c_.get())));
  }
  ++sent_;
}

void connection::send_prepared(const std::string& name, const params& p) {
  const auto raw = p.pointers();
  if (PQsendQueryPrepared(c_.get(), name.c_str(), p.size(), raw.values.data(), raw.lengths.data(),
                          p.formats_.data(), 0) != 1) {
    throw error("PostgreSQL, sending statement " + name + ": " + trimmed(PQerrorMessage(c_.get())));
  }
  ++sent_;
}

std::vector<std::optional<std::string>> connection::sync() {
  const auto broken = [this](const char* when) {
    sent_ = 0;
    return error(std::string("PostgreSQL, ") + when + ": " + trimmed(PQerrorMessage(c_.get())));
  };
  if (PQpipelineSync(c_.get()) != 1) throw broken("sending a sync");
  std::vector<std::optional<std::string>> out;
  out.reserve(sent_);
  while (out.size() < sent_) {
    result r(PQgetResult(c_.get()));
    if (!r.r_ || !ok()) throw broken("reading a result");
    const auto status = PQresultStatus(r.r_.get());
    if (status == PGRES_PIPELINE_SYNC) throw broken("reading the results (out of step)");
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
      out.emplace_back(std::nullopt);
    } else if (status == PGRES_PIPELINE_ABORTED) {
      out.emplace_back("");
    } else {
      out.emplace_back(trimmed(PQresultErrorMessage(r.r_.get())));
    }
    result end(PQgetResult(c_.get()));  // each query's results end with a null
  }
  result last(PQgetResult(c_.get()));
  if (!last.r_ || PQresultStatus(last.r_.get()) != PGRES_PIPELINE_SYNC) throw broken("reading the sync");
  sent_ = 0;
  return out;
}

std::vector<std::string> connection::notifications() {
  if (PQconsumeInput(c_.get()) != 1) {
    throw error("PostgreSQL, listening: " + trimmed(PQerrorMessage(c_.get())));
  }
  std::vector<std::string> out;
  while (PGnotify* n = PQnotifies(c_.get())) {
    out.emplace_back(n->extra);
    PQfreemem(n);
  }
  return out;
}

int connection::socket() const noexcept { return PQsocket(c_.get()); }

bool connection::closed_by_server() const noexcept {
  // An idle session gets nothing unasked but a notice, a parameter's new value or a
  // notification: a few reads take those, and a closed one shows its end within two (its
  // FATAL message, then end of file).
  for (int reads = 0; reads < 4 && ok(); ++reads) {
    pollfd fd{socket(), POLLIN, 0};
    if (::poll(&fd, 1, 0) <= 0) break;
    if (PQconsumeInput(c_.get()) != 1) break;
  }
  return !ok();
}

bool connection::ok() const noexcept { return c_ && PQstatus(c_.get()) == CONNECTION_OK; }

bool connection::in_transaction() const noexcept {
  const auto s = PQtransactionStatus(c_.get());
  return s == PQTRANS_INTRANS || s == PQTRANS_INERROR || s == PQTRANS_ACTIVE;
}

bool connection::aborted() const noexcept { return PQtransactionStatus(c_.get()) == PQTRANS_INERROR; }

// ---- transaction ----------------------------------------------------------------------------

transaction::transaction(connection& c, std::string_view begin) : c_(c) { c_.exec(begin); }

transaction::~transaction() {
  if (done_ || !c_.ok() || !c_.in_transaction()) return;
  try {
    c_.exec("ROLLBACK");
  } catch (...) {
    // The connection broke meanwhile: PostgreSQL rolls the transaction back by itself.
  }
}

void transaction::commit() {
  // COMMIT of a transaction a statement failed in "succeeds" as a ROLLBACK.
  if (c_.aborted()) throw error("PostgreSQL: the transaction failed; nothing of it was committed");
  c_.exec("COMMIT");
  done_ = true;
}

}  // namespace loyang::persistence::pg
