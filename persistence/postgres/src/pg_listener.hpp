#pragma once
// Internal: how a node hears of other nodes' commits, and which node leads. One thread with a
// connection of its own: LISTEN loyang (the writer NOTIFYs in each change's transaction:
// "NODE KIND ID [VERSION]", pg_writer.cpp), and the leader's advisory lock, held by this
// session. When the connection is lost the lock goes with it (PostgreSQL releases a session's
// locks when it ends), watchers are told (on_lost), the thread reconnects with backoff, and
// watchers are told to read again what they hold (on_resync): notifications sent meanwhile
// are lost.
#include <atomic>
#include <future>
#include <string>
#include <thread>

#include "loyang/persistence/store.hpp"

namespace loyang::persistence::pg {

class listener {
 public:
  /// Starts the thread; it connects to `url` and reports to `to` (changes of other nodes
  /// than `node`). Returns once it listens (or its first attempt failed): a read made after
  /// this misses no later commit.
  listener(std::string url, std::string node, store::watchers to);
  /// Stops and joins the thread (within about half a second).
  ~listener();
  listener(const listener&) = delete;
  listener& operator=(const listener&) = delete;

  /// Parses a notification's payload: nullopt when it is malformed or `node`'s own.
  static std::optional<store::change> parse(std::string_view payload, std::string_view node);

 private:
  void run();
  /// One connection's life: returns (or throws persistence::error) when it broke.
  void listen(bool resync);
  void lead(bool leader);

  std::string url_;
  std::string node_;
  store::watchers to_;
  std::atomic<bool> stopping_{false};
  std::promise<void> first_try_;  // set once the first connection listens or failed
  bool tried_ = false;            // the thread's own
  bool leader_ = false;  // the thread's own
  std::thread thread_;
};

}  // namespace loyang::persistence::pg
