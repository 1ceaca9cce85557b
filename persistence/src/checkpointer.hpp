#pragma once
// Internal: moves WAL checkpoints off the commit path. The write connection's automatic
// checkpoint would copy the write-ahead log into the database file (and fsync it) inside
// some COMMIT, stalling every write queued behind it; instead the writer's WAL hook nudges
// this thread, which checkpoints on its own connection (PASSIVE: it never blocks the writer
// or readers) while commits go on.
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <thread>

struct sqlite3;

namespace loyang::persistence::detail {

class checkpointer {
 public:
  /// Installs the WAL hook on `writer` (and turns its automatic checkpoint off): once the
  /// log holds `pages` pages after a commit, a background checkpoint is started. When it
  /// reaches `pages` * 2 the writer itself completes the checkpoint and restarts the log
  /// (a background checkpoint cannot, while commits keep adding frames).
  /// Throws persistence::error when the checkpoint connection cannot be opened.
  checkpointer(sqlite3* writer, const std::filesystem::path& file, std::int64_t pages);
  /// stop()s.
  ~checkpointer();
  checkpointer(const checkpointer&) = delete;
  checkpointer& operator=(const checkpointer&) = delete;

  /// Joins the thread after a last checkpoint. Call after the writer's last commit.
  void stop();

  /// Checkpoints run so far (for tests and benchmarks).
  std::uint64_t runs() const;

 private:
  static int on_commit(void* self, sqlite3* db, const char* name, int pages);
  void loop();
  void checkpoint();

  sqlite3* writer_;
  sqlite3* own_ = nullptr;
  std::int64_t pages_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool due_ = false;
  bool stopping_ = false;
  std::uint64_t runs_ = 0;
  std::thread thread_;
};

}  // namespace loyang::persistence::detail
