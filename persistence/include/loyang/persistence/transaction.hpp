#pragma once
/// A transaction that rolls back unless committed:
///
///     transaction t(db);
///     insert.run();
///     t.commit();  // without this, leaving the scope (normally or by exception) rolls back
#include "loyang/persistence/database.hpp"

namespace loyang::persistence {

/// `BEGIN IMMEDIATE` on construction (the write lock is taken up front, so a busy database
/// fails here rather than half-way through); `ROLLBACK` on destruction unless commit() ran.
/// Not movable: it lives in one scope.
class transaction {
 public:
  explicit transaction(database& db);
  transaction(const transaction&) = delete;
  transaction& operator=(const transaction&) = delete;
  ~transaction();

  /// Makes the changes durable. Throws persistence::error (the transaction is then rolled
  /// back by the destructor). Calling it twice is an error.
  void commit();

  /// Whether commit() has succeeded.
  bool committed() const noexcept { return committed_; }

 private:
  database& db_;
  bool committed_ = false;
};

/// A read transaction (`BEGIN DEFERRED`): every SELECT inside sees the same committed
/// snapshot of the database, even while another connection writes (write-ahead logging).
/// Ends (rolls back; nothing was written) on destruction.
class read_transaction {
 public:
  explicit read_transaction(database& db);
  read_transaction(const read_transaction&) = delete;
  read_transaction& operator=(const read_transaction&) = delete;
  ~read_transaction();

 private:
  database& db_;
};

}  // namespace loyang::persistence
