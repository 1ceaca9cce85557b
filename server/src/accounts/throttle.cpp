#include "throttle.hpp"

#include <algorithm>

namespace loyang::server {

void throttle::forgive(entry& e, std::int64_t now) const {
  if (e.failures == 0 || rule_.forgive_every <= 0 || now <= e.last_failure) return;
  const auto quiet = (now - e.last_failure) / rule_.forgive_every;
  if (quiet <= 0) return;
  e.failures = static_cast<int>(std::max<std::int64_t>(0, e.failures - quiet));
  // The forgiven time is used up: the next forgiveness needs another quiet period.
  e.last_failure += quiet * rule_.forgive_every;
}

std::int64_t throttle::wait(const std::string& key, std::int64_t now) {
  entry* e = entries_.find(key);
  if (e == nullptr) return 0;
  forgive(*e, now);
  const int extra = e->failures - rule_.free_failures;
  if (extra <= 0) return 0;
  std::int64_t delay = rule_.first_delay;
  for (int i = 1; i < extra && delay < rule_.max_delay; ++i) delay *= 2;
  delay = std::min(delay, rule_.max_delay);
  return std::max<std::int64_t>(0, e->last_failure + delay - now);
}

void throttle::failure(const std::string& key, std::int64_t now) {
  entry& e = entries_.at(key);
  forgive(e, now);
  ++e.failures;
  e.last_failure = now;
}

void throttle::success(const std::string& key) {
  entry& e = entries_.at(key);
  e.failures = 0;
  e.known = true;
}

void throttle::retract(const std::string& key) {
  if (entry* e = entries_.find(key); e != nullptr && e->failures > 0) --e->failures;
}

bool throttle::known(const std::string& key) {
  const entry* e = entries_.find(key);
  return e != nullptr && e->known;
}

std::int64_t rate_limit::take(const std::string& key, std::int64_t now) {
  if (limit_ <= 0) return 0;
  entry& e = entries_.at(key);
  if (e.count == 0 || now >= e.start + window_) {
    e.start = now;
    e.count = 0;
  }
  if (e.count >= limit_) return std::max<std::int64_t>(1, e.start + window_ - now);
  ++e.count;
  return 0;
}

}  // namespace loyang::server
