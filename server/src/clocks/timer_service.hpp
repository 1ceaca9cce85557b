#pragma once
// Internal: the one timer that wakes games when something on their clocks comes due (a
// reminder, a deadline, the end of a vote), so that a game need not be in memory, nor have
// its own timer, for that to happen: 100,000 idle games cost one entry each in a
// deadline_queue and a single steady_timer. Runs on its owner's strand (the lobby's).
#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "../core/beast.hpp"
#include "deadline_queue.hpp"
#include "../core/metrics.hpp"

namespace loyang::server::clocks {

class timer_service : public std::enable_shared_from_this<timer_service> {
 public:
  struct settings {
    /// Unix seconds now (injectable: tests move time by hand).
    std::function<std::int64_t()> now;
    /// The longest the timer sleeps before looking at `now` again: a clock moved by hand (or
    /// the system's clock set forward) is noticed within this.
    std::chrono::milliseconds max_sleep{std::chrono::seconds(30)};
  };
  /// `on_due` gets the games whose wake time has come, earliest first; it runs on `strand`.
  timer_service(strand_type strand, settings s, std::shared_ptr<metrics> stats,
                std::function<void(std::vector<std::int64_t>)> on_due);

  /// Game `game` next wants waking at `when` (Unix seconds; nullopt: never), replacing what it
  /// had. On the strand.
  void arm(std::int64_t game, std::optional<std::int64_t> when);
  /// When `game` is to be woken, if at all. On the strand.
  std::optional<std::int64_t> wake_of(std::int64_t game) const { return queue_.deadline_of(game); }
  std::size_t size() const { return queue_.size(); }

  /// Starts waiting (on the strand, after the first arms). stop() cancels; nothing fires after.
  void start();
  void stop();

 private:
  void schedule();
  void on_wake();

  strand_type strand_;
  settings settings_;
  std::shared_ptr<metrics> stats_;
  std::function<void(std::vector<std::int64_t>)> on_due_;
  deadline_queue queue_;
  net::steady_timer timer_;
  std::optional<std::chrono::steady_clock::time_point> waiting_until_;  // what timer_ waits for
  bool started_ = false;
  bool stopped_ = false;
};

}  // namespace loyang::server::clocks
