#include "bot_pool.hpp"

#include <boost/asio/post.hpp>

#include <algorithm>

namespace loyang::server {

bot_pool::bot_pool(int threads, std::size_t queue_limit, std::shared_ptr<metrics> stats)
    : threads_(static_cast<std::size_t>(std::max(threads, 1))),
      thread_count_(static_cast<std::size_t>(std::max(threads, 1))),
      limit_(std::max<std::size_t>(queue_limit, 1)),
      stats_(std::move(stats)) {}

bot_pool::~bot_pool() { stop(); }

bool bot_pool::try_post(std::function<void()> decide) {
  {
    // Under the lock with stop(): a decision queued after stop() emptied the queue would be
    // held for good.
    std::lock_guard lock(mutex_);
    if (stopped_.load()) return false;
    // Reserve a place first: two rooms racing for the last one cannot both get it.
    if (queued_.fetch_add(1) >= limit_) {
      queued_.fetch_sub(1);
      ++stats_->bot_queue_full;
      return false;
    }
    ++stats_->bot_queued;
    pending_.push_back(std::move(decide));
  }
  boost::asio::post(threads_, [this] { run_next(); });
  return true;
}

void bot_pool::run_next() {
  std::function<void()> decide;
  {
    std::lock_guard lock(mutex_);
    if (pending_.empty()) return;
    decide = std::move(pending_.front());
    pending_.pop_front();
  }
  decide();
  ++stats_->bot_decisions;
  --stats_->bot_queued;
  queued_.fetch_sub(1);
}

void bot_pool::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopped_.exchange(true)) return;
  }
  threads_.stop();
  threads_.join();
  std::deque<std::function<void()>> dropped;
  {
    std::lock_guard lock(mutex_);
    dropped.swap(pending_);
  }
  // Dropped decisions never ran: they no longer count as queued.
  stats_->bot_queued -= static_cast<std::int64_t>(dropped.size());
  queued_.fetch_sub(dropped.size());
}  // `dropped` goes here, with the rooms and analyses only it still held

}  // namespace loyang::server
