// A token bucket per key: refilled by the time passed since the key was last seen, so nothing
// runs in the background and a forgotten key (bounded_map drops the least recently used) comes
// back with a full bucket, which is what it would have after that long anyway.
#include "token_bucket.hpp"

#include <algorithm>

namespace loyang::server::budgets {

token_bucket::token_bucket(int per_hour, int burst, std::size_t capacity)
    : per_hour_(per_hour), burst_(std::int64_t(std::max(1, burst)) * unit), entries_(capacity) {}

token_bucket::entry& token_bucket::refill(const std::string& key, std::int64_t now) {
  entry& e = entries_.at(key);
  if (!e.seen) {
    e = {true, burst_, now};
  } else if (now > e.at) {
    e.units = std::min(burst_, e.units + (now - e.at) * per_hour_);
  }
  e.at = std::max(e.at, now);
  return e;
}

std::int64_t token_bucket::wait(const std::string& key, std::int64_t now) {
  if (per_hour_ <= 0) return 0;
  const entry& e = refill(key, now);
  if (e.units >= unit) return 0;
  // Whole seconds, rounded up (never 0: a Retry-After of 0 would invite a busy loop).
  return (unit - e.units + per_hour_ - 1) / per_hour_;
}

void token_bucket::take(const std::string& key, std::int64_t now, int cost) {
  if (per_hour_ <= 0) return;
  refill(key, now).units -= std::int64_t(cost) * unit;
}

}  // namespace loyang::server::budgets
