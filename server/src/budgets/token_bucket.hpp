#pragma once
// Internal: a token bucket per key (an account id, a client address), in bounded memory. A key
// may spend `burst` tokens at once; the bucket refills evenly at `per_hour` tokens an hour.
// Not thread-safe: the owner locks (budgets/write_budgets.hpp). Times are Unix seconds from the
// owner's clock.
#include <cstdint>
#include <string>

#include "../accounts/throttle.hpp"

namespace loyang::server::budgets {

class token_bucket {
 public:
  /// `per_hour` <= 0: no limit (every take succeeds). `burst` < 1 counts as 1.
  token_bucket(int per_hour, int burst, std::size_t capacity);

  /// Seconds `key` must wait at `now` until it has a token; 0 when it has one now. Takes
  /// nothing.
  std::int64_t wait(const std::string& key, std::int64_t now);
  /// Spends `cost` tokens of `key` (after wait() said 0); a cost above what is left leaves the
  /// key in debt, to wait that much longer next time.
  void take(const std::string& key, std::int64_t now, int cost = 1);

  int per_hour() const { return per_hour_; }

 private:
  // In 1/3600 of a token, so that a second's refill (per_hour units) is a whole number and
  // waits come out exact.
  static constexpr std::int64_t unit = 3600;
  struct entry {
    bool seen = false;  // not seen: a full bucket
    std::int64_t units = 0;
    std::int64_t at = 0;
  };
  /// `key`'s tokens at `now`, refilled since it was last seen.
  entry& refill(const std::string& key, std::int64_t now);

  int per_hour_;
  std::int64_t burst_;  // in units
  bounded_map<entry> entries_;
};

}  // namespace loyang::server::budgets
