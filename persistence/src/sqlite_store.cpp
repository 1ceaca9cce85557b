// The SQLite store: queued_store on a SQLite write connection (with its background
// checkpoints) and SQLite read connections.
#include "loyang/persistence/sqlite_store.hpp"

#include <utility>

#include <sqlite3.h>

#include "checkpointer.hpp"
#include "game_reader.hpp"
#include "loyang/persistence/database.hpp"
#include "store_backend.hpp"
#include "write_ops.hpp"

namespace loyang::persistence {
namespace {

class sqlite_writer final : public detail::write_backend {
 public:
  sqlite_writer(const std::filesystem::path& data_dir, const sqlite_store_options& o)
      : db(database::open_in(data_dir)),
        statements(db, o.engine_version),
        checkpoints(db.handle(), db.file(), o.checkpoint_pages) {
    if (o.max_page_count > 0) db.exec("PRAGMA max_page_count = " + std::to_string(o.max_page_count));
    // After a checkpoint has emptied it, the log file is cut back to this size.
    db.exec("PRAGMA journal_size_limit = 67108864");
  }

  // BEGIN IMMEDIATE: the write lock is taken up front, so a busy database fails here rather
  // than half-way through the batch.
  void begin() override { db.exec("BEGIN IMMEDIATE"); }
  void run(const detail::write& w) override { statements.run(w); }
  void commit() override { db.exec("COMMIT"); }
  void rollback() noexcept override {
    // SQLite may already have rolled back by itself after some errors.
    if (sqlite3_get_autocommit(db.handle()) == 0) sqlite3_exec(db.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
  }
  bool lost_transaction(const error& e) override {
    // The transaction is gone (SQLite rolled it back) or the disk is full.
    return sqlite3_get_autocommit(db.handle()) != 0 || write_error_code(e.sqlite_code()) == disk_full;
  }
  void probe() override { db.probe_write(); }
  std::string describe() const override { return "the database " + db.file().string(); }

  database db;
  detail::write_statements statements;
  detail::checkpointer checkpoints;
};

}  // namespace

sqlite_store::sqlite_store(const std::filesystem::path& data_dir, sqlite_store_options options)
    : queued_store(options, std::make_unique<sqlite_writer>(data_dir, options),
                   [file = data_dir / database_file_name] { return std::make_unique<detail::game_reader>(file); }) {}

sqlite_store::~sqlite_store() { sqlite_store::stop(); }

void sqlite_store::stop() {
  queued_store::stop();
  static_cast<sqlite_writer&>(writer()).checkpoints.stop();
}

sqlite_store_stats sqlite_store::stats() const {
  sqlite_store_stats out;
  static_cast<writer_stats&>(out) = writer_counts();
  out.checkpoints = static_cast<sqlite_writer&>(writer()).checkpoints.runs();
  return out;
}

const std::filesystem::path& sqlite_store::file() const noexcept {
  return static_cast<sqlite_writer&>(writer()).db.file();
}

std::unique_ptr<sqlite_store> make_sqlite_store(const std::filesystem::path& data_dir,
                                                sqlite_store_options options) {
  return std::make_unique<sqlite_store>(data_dir, std::move(options));
}

}  // namespace loyang::persistence
