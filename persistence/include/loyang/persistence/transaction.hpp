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

}  // namespace loyang::persistence
