#include "checkpointer.hpp"

#include <sqlite3.h>

#include "loyang/persistence/database.hpp"
#include "loyang/persistence/error.hpp"

namespace loyang::persistence::detail {

checkpointer::checkpointer(sqlite3* writer, const std::filesystem::path& file, std::int64_t pages)
    : writer_(writer), pages_(pages > 0 ? pages : 1) {
  const int rc = sqlite3_open_v2(file.c_str(), &own_,
                                 SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE,
                                 nullptr);
  if (rc != SQLITE_OK) {
    const std::string message = own_ != nullptr ? sqlite3_errmsg(own_) : sqlite3_errstr(rc);
    sqlite3_close_v2(own_);
    throw error("cannot open a checkpoint connection to " + file.string() + ": " + message, rc);
  }
  sqlite3_busy_timeout(own_, static_cast<int>(default_busy_timeout.count()));
  // sqlite3_wal_hook replaces the automatic checkpoint (which is itself a WAL hook).
  sqlite3_wal_hook(writer_, &checkpointer::on_commit, this);
  thread_ = std::thread([this] { loop(); });
}

checkpointer::~checkpointer() {
  stop();
  sqlite3_close_v2(own_);
}

int checkpointer::on_commit(void* self, sqlite3* db, const char* name, int pages) {
  auto* c = static_cast<checkpointer*>(self);
  if (pages >= c->pages_ * 2) {
    // Under constant writes a background checkpoint never catches up with the frames added
    // meanwhile, so the log is never restarted and would grow without bound. Here, between
    // two commits, the writer finishes the (mostly done) copy and restarts the log.
    sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_RESTART, nullptr, nullptr);
  } else if (pages >= c->pages_) {
    std::lock_guard lock(c->mutex_);
    c->due_ = true;
    c->wake_.notify_one();
  }
  return SQLITE_OK;
}

void checkpointer::loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return due_ || stopping_; });
    if (stopping_) return;
    due_ = false;
    lock.unlock();
    checkpoint();
    lock.lock();
  }
}

void checkpointer::checkpoint() {
  // A failed checkpoint (busy, I/O) loses nothing: the log keeps the pages and the next
  // nudge tries again.
  sqlite3_wal_checkpoint_v2(own_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
  std::lock_guard lock(mutex_);
  ++runs_;
}

void checkpointer::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
    wake_.notify_one();
  }
  if (thread_.joinable()) thread_.join();
  sqlite3_wal_hook(writer_, nullptr, nullptr);
  checkpoint();
}

std::uint64_t checkpointer::runs() const {
  std::lock_guard lock(mutex_);
  return runs_;
}

}  // namespace loyang::persistence::detail
