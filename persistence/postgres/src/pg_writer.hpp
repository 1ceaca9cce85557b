#pragma once
// Internal: the PostgreSQL store's write connection: the writes of writes.hpp as prepared
// statements, sent in libpq's pipeline mode (a batch's BEGIN, statements and COMMIT go out
// together and their results come back after one sync), and reconnection after PostgreSQL went
// away.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "pg_connection.hpp"
#include "store_backend.hpp"

namespace loyang::persistence::pg {

/// The statements every write connection prepares, for a release's snapshot of what it runs
/// (tests/postgres/release/, docs/scale-out.md "Operating").
std::vector<named_sql> writer_statements();

class writer final : public detail::write_backend {
 public:
  /// Connects (throws persistence::error when PostgreSQL cannot be reached) and prepares the
  /// statements. The schema must be migrated already. `node` names this server process in
  /// the notifications its commits send other nodes.
  writer(std::string url, std::string engine_version, std::string node);

  /// Sends BEGIN. Reconnects first when the connection broke (also when PostgreSQL closed it
  /// while it was idle: found before it is used, so the batch is not lost to it), at most once
  /// per backoff (200 ms, doubling up to 2 s while PostgreSQL stays away; the batch waits for
  /// the next attempt); throws persistence::error when that attempt fails.
  void begin() override;
  /// Sends the write's statements.
  void run(const detail::write& w) override;
  /// Sends COMMIT and syncs. Throws refused_write naming the first write PostgreSQL refused.
  void commit() override;
  void rollback() noexcept override;
  /// Lost when the connection broke (a statement refused alone leaves it up).
  bool lost_transaction(const error& e) override;
  /// Reconnects if needed, then `SELECT 1`.
  void probe() override;
  bool closed_while_idle() override;
  std::string describe() const override;

 private:
  static constexpr std::size_t no_write = static_cast<std::size_t>(-1);

  void connect();
  /// The connection, reconnected first if it broke: at most once per backoff; `wait`: when
  /// the backoff has not passed, wait for it instead of throwing.
  connection& conn(bool wait);
  void run_one(const detail::write& w);
  /// Sends a statement of the write being run.
  void send(const char* statement, const params& p);
  void queue(const std::vector<outbox_record>& notes);
  void log(const moderation_record& m);
  /// Sends the notification of a change of `kind` ('g' game, 'a' account, 'c' chat) to other
  /// nodes, in the transaction; `version` < 0: none.
  void tell(char kind, std::int64_t id, std::int64_t version = -1);
  /// A command's notification, carrying the command itself (player, time, JSON) when it fits.
  void tell_command(const detail::command_write& w);

  std::string url_;
  std::string engine_version_;
  std::string node_;
  std::optional<connection> conn_;
  std::vector<std::size_t> owners_;  // per query sent since BEGIN: the run() it belongs to
  std::size_t runs_ = 0;             // run() calls since BEGIN
  std::size_t current_ = 0;          // the run() being sent
  std::chrono::steady_clock::time_point next_attempt_{};
  std::chrono::milliseconds backoff_{0};
};

}  // namespace loyang::persistence::pg
