#pragma once
// What every client of a run shares: the measured window and the stop flag. Written by main()
// before the clients are told to start, read by them on the I/O threads.
#include <atomic>

#include "net.hpp"

namespace loyang::load {

struct run_state {
  std::atomic<clock::rep> measure_from{0};  // steady_clock ticks
  std::atomic<clock::rep> measure_to{0};
  std::atomic<bool> stopping{false};
  /// Seconds between two commands of one game (from --rate); 0: no pacing.
  double game_interval = 0;
  /// Seconds between two chat messages of one client (from --chat); 0: no chat.
  double chat_interval = 0;

  bool measured(clock::time_point t) const {
    const auto ticks = t.time_since_epoch().count();
    return ticks >= measure_from.load(std::memory_order_relaxed) &&
           ticks < measure_to.load(std::memory_order_relaxed);
  }
};

}  // namespace loyang::load
