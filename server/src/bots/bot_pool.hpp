#pragma once
// Internal: the threads bots think on (issue 24), apart from the I/O threads so that a
// thinking bot never delays another game's commands. Bounded: at most `queue_limit` decisions
// wait or run at once; a room whose decision finds the pool full tries again a little later
// (each room has at most one decision in the pool, so a game's decision is never queued twice).
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>

#include "../core/metrics.hpp"

namespace loyang::server {

class bot_pool {
 public:
  /// `threads` >= 1 threads; `queue_limit` >= 1 decisions queued or running at most.
  bot_pool(int threads, std::size_t queue_limit, std::shared_ptr<metrics> stats);
  ~bot_pool();
  bot_pool(const bot_pool&) = delete;
  bot_pool& operator=(const bot_pool&) = delete;

  /// Runs `decide` on a pool thread, unless the pool is full or stopped: false then (nothing
  /// runs). `decide` must not throw.
  bool try_post(std::function<void()> decide);

  /// Waits for the running decisions and destroys the queued ones without running them, so
  /// that what they hold (a room, an analysis: both hold the pool) is released now, not when
  /// the pool goes, which their holding it would prevent. Idempotent.
  void stop();
  /// Whether stop() was called: try_post refuses for good.
  bool stopped() const { return stopped_.load(); }

  /// Decisions queued or running now (any thread).
  std::size_t waiting() const { return queued_.load(); }
  std::size_t threads() const { return thread_count_; }

 private:
  void run_next();

  boost::asio::thread_pool threads_;
  std::size_t thread_count_;
  std::size_t limit_;
  std::shared_ptr<metrics> stats_;
  std::atomic<std::size_t> queued_{0};  // queued or running
  std::atomic<bool> stopped_{false};
  // Decisions not yet started. Ours, not the thread pool's queue: asio destroys what it holds
  // only with the pool itself.
  std::mutex mutex_;
  std::deque<std::function<void()>> pending_;
};

}  // namespace loyang::server
