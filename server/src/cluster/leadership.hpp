#pragma once
// Internal: whether this node leads: the one node of several on one database that runs bots,
// clocks and notification delivery (docs/scale-out.md). A single node always leads. The
// store's listener sets it as the database's lock is won or lost; the rooms that act only on
// the leader read it (any thread) and hear the change as the hub's leadership_changed.
#include <atomic>
#include <memory>

#include "../events/hub.hpp"
#include "../core/metrics.hpp"

namespace loyang::server::cluster {

class leadership {
 public:
  /// `leads`: at start (a single node leads; of several, none until the lock says so).
  leadership(bool leads, std::shared_ptr<metrics> stats, std::shared_ptr<events::hub> events)
      : leads_(leads), stats_(std::move(stats)), events_(std::move(events)) {
    stats_->leader = leads ? 1 : 0;
  }

  /// Whether this node leads now. Any thread.
  bool leads() const { return leads_; }
  /// This node leads (or no longer does); publishes leadership_changed when that is news.
  /// Any thread (the store's listener).
  void set(bool leads) {
    if (leads_.exchange(leads) == leads) return;
    stats_->leader = leads ? 1 : 0;
    if (const auto hub = events_.lock()) hub->publish(events::leadership_changed{leads});
  }

 private:
  std::atomic<bool> leads_;
  std::shared_ptr<metrics> stats_;
  // Weak: the hub's subscribers (the clocks) hold this; the composition root holds the hub.
  std::weak_ptr<events::hub> events_;
};

}  // namespace loyang::server::cluster
