#include "throttle.hpp"

#include <algorithm>

namespace loyang::server {

void throttle::forgive(counter& e, std::int64_t now) const {
  if (e.count == 0 || rule_.forgive_every <= 0 || now <= e.since) return;
  const auto quiet = (now - e.since) / rule_.forgive_every;
  if (quiet <= 0) return;
  e.count = std::max<std::int64_t>(0, e.count - quiet);
  // The forgiven time is used up: the next forgiveness needs another quiet period.
  e.since += quiet * rule_.forgive_every;
}

std::int64_t throttle::wait(counter& e, std::int64_t now) const {
  forgive(e, now);
  const auto extra = e.count - rule_.free_failures;
  if (extra <= 0) return 0;
  std::int64_t delay = rule_.first_delay;
  for (std::int64_t i = 1; i < extra && delay < rule_.max_delay; ++i) delay *= 2;
  delay = std::min(delay, rule_.max_delay);
  return std::max<std::int64_t>(0, e.since + delay - now);
}

void throttle::failure(counter& e, std::int64_t now) const {
  forgive(e, now);
  ++e.count;
  e.since = now;
}

void throttle::success(counter& e) {
  e.count = 0;
  e.known = true;
}

void throttle::retract(counter& e) {
  if (e.count > 0) --e.count;
}

std::int64_t throttle::wait(const std::string& key, std::int64_t now) {
  counter* e = entries_.find(key);
  return e == nullptr ? 0 : wait(*e, now);
}

void throttle::failure(const std::string& key, std::int64_t now) { failure(entries_.at(key), now); }

void throttle::success(const std::string& key) { success(entries_.at(key)); }

void throttle::retract(const std::string& key) {
  if (counter* e = entries_.find(key)) retract(*e);
}

bool throttle::known(const std::string& key) {
  const counter* e = entries_.find(key);
  return e != nullptr && e->known;
}

std::int64_t rate_limit::take(counter& e, std::int64_t now) const {
  if (limit_ <= 0) return 0;
  if (e.count == 0 || now >= e.since + window_) {
    e.since = now;
    e.count = 0;
  }
  if (e.count >= limit_) return std::max<std::int64_t>(1, e.since + window_ - now);
  ++e.count;
  return 0;
}

std::int64_t rate_limit::take(const std::string& key, std::int64_t now) {
  if (limit_ <= 0) return 0;
  return take(entries_.at(key), now);
}

}  // namespace loyang::server
