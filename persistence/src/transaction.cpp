#include "loyang/persistence/transaction.hpp"

#include <sqlite3.h>

namespace loyang::persistence {

transaction::transaction(database& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

transaction::~transaction() {
  // sqlite3_get_autocommit is non-zero when no transaction is open: SQLite may already have
  // rolled back by itself after some errors, and a second ROLLBACK would fail.
  if (!committed_ && sqlite3_get_autocommit(db_.handle()) == 0) {
    sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
  }
}

void transaction::commit() {
  if (committed_) throw error("transaction committed twice");
  db_.exec("COMMIT");
  committed_ = true;
}

read_transaction::read_transaction(database& db) : db_(db) { db_.exec("BEGIN DEFERRED"); }

read_transaction::~read_transaction() {
  if (sqlite3_get_autocommit(db_.handle()) == 0) {
    sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
  }
}

}  // namespace loyang::persistence
