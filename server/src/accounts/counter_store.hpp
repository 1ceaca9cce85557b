#pragma once
// Internal: where the login throttles' and sign-up limits' counts live (throttle.hpp's
// `counter`). One node keeps them in its memory; nodes sharing a database keep them there
// (persistence::store::update_counters), so that N nodes behind a round-robin balancer allow
// no more guesses or sign-ups than one (issue 34). accounts.cpp decides what to count and
// which keys (client_address.hpp makes the address part); this file only keeps the counts.
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "../core/records.hpp"
#include "throttle.hpp"

namespace loyang::server {

class counter_store {
 public:
  virtual ~counter_store() = default;
  /// Runs `change` on the counters of `keys` (distinct; a key not counted yet starts at zero),
  /// in the order of `keys`, with no other update of them in between (on any node), and keeps
  /// what it left. `now`: Unix seconds. Blocking (a database's round trips); call without
  /// other locks. Throws persistence::error when the counts cannot be read or kept: nothing
  /// changed, and the attempt must be refused (503), not let through uncounted.
  virtual void update(const std::vector<std::string>& keys, std::int64_t now,
                      const std::function<void(std::vector<counter*>&)>& change) = 0;
  /// Forgets counters unused since `before` (called by the accounts' sweep). Never throws.
  virtual void forget(std::int64_t before) = 0;
};

/// In this node's memory: at most `capacity` counters (least recently used forgotten first),
/// as one node always kept them.
std::unique_ptr<counter_store> memory_counters(std::size_t capacity);
/// In the database `store` (a shared() one), so that every node counts every attempt.
std::unique_ptr<counter_store> database_counters(storage& store);

}  // namespace loyang::server
