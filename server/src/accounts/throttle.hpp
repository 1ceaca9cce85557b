#pragma once
// Internal: failure throttling and rate limits keyed by strings (an account name, a client
// address, or both), in bounded memory. Not thread-safe: the owner locks. Times are Unix
// seconds from the owner's clock.
#include <cstdint>
#include <list>
#include <string>
#include <unordered_map>
#include <utility>

namespace loyang::server {

/// A map that holds at most `capacity` entries, forgetting the least recently used one to
/// make room: an attacker with many keys (addresses) cannot grow it without limit.
template <class V>
class bounded_map {
 public:
  explicit bounded_map(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}

  /// The entry of `key`, or nullptr. Marks it as recently used.
  V* find(const std::string& key) {
    const auto it = index_.find(key);
    if (it == index_.end()) return nullptr;
    order_.splice(order_.begin(), order_, it->second);
    return &it->second->second;
  }
  /// The entry of `key`, made (value-initialised) if absent. Marks it as recently used.
  V& at(const std::string& key) {
    if (V* v = find(key)) return *v;
    if (index_.size() >= capacity_) {
      index_.erase(order_.back().first);
      order_.pop_back();
    }
    order_.emplace_front(key, V{});
    index_[key] = order_.begin();
    return order_.front().second;
  }
  void erase(const std::string& key) {
    const auto it = index_.find(key);
    if (it == index_.end()) return;
    order_.erase(it->second);
    index_.erase(it);
  }
  std::size_t size() const { return index_.size(); }

 private:
  std::size_t capacity_;
  std::list<std::pair<std::string, V>> order_;  // most recently used first
  std::unordered_map<std::string, typename std::list<std::pair<std::string, V>>::iterator> index_;
};

/// One key's count in a throttle or rate limit, wherever it is kept: in this node's memory
/// (below), or in the database several nodes share (counter_store.hpp).
struct counter {
  std::int64_t count = 0;  // throttle: failures; rate_limit: events in the window
  std::int64_t since = 0;  // throttle: the last failure; rate_limit: the window's start
  bool known = false;      // throttle: the key succeeded before
};

/// Exponential back-off after failures: the first `free_failures` cost nothing; after that
/// each attempt must wait first_delay * 2^(extra failures - 1) seconds (at most max_delay)
/// after the last failure. Every `forgive_every` seconds without a failure forgives one, so
/// a key is never locked out for good.
class throttle {
 public:
  struct rule {
    int free_failures = 5;
    std::int64_t first_delay = 1;
    std::int64_t max_delay = 900;
    std::int64_t forgive_every = 900;
  };
  throttle(rule r, std::size_t capacity) : rule_(r), entries_(capacity) {}

  /// Seconds `key` must still wait at `now` before its next attempt; 0 when it may try.
  std::int64_t wait(const std::string& key, std::int64_t now);
  /// Counts a failed attempt of `key`.
  void failure(const std::string& key, std::int64_t now);
  /// A success: forgets the failures of `key` and remembers it as known.
  void success(const std::string& key);
  /// Takes back one failure of `key` counted before its attempt was checked (attempts are
  /// counted as failures when they start, so that guesses in flight at once are throttled
  /// as if they had come one after another).
  void retract(const std::string& key);
  /// Whether `key` has succeeded before (and is still remembered).
  bool known(const std::string& key);
  std::size_t size() const { return entries_.size(); }

  // The same on a counter kept elsewhere (counter_store.hpp).
  std::int64_t wait(counter& c, std::int64_t now) const;
  void failure(counter& c, std::int64_t now) const;
  static void success(counter& c);
  static void retract(counter& c);

 private:
  void forgive(counter& e, std::int64_t now) const;

  rule rule_;
  bounded_map<counter> entries_;
};

/// At most `limit` events per key in each window of `window` seconds (fixed windows).
class rate_limit {
 public:
  rate_limit(int limit, std::int64_t window, std::size_t capacity)
      : limit_(limit), window_(window), entries_(capacity) {}

  /// Counts an event of `key` at `now` and returns 0; or, when the key has used up its
  /// window, counts nothing and returns the seconds until the window ends. A limit of 0 or
  /// less allows everything.
  std::int64_t take(const std::string& key, std::int64_t now);
  /// The same on a counter kept elsewhere (counter_store.hpp).
  std::int64_t take(counter& c, std::int64_t now) const;

 private:
  int limit_;
  std::int64_t window_;
  bounded_map<counter> entries_;
};

}  // namespace loyang::server
