#include "cluster/id_source.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace loyang::server::cluster {

void id_source::start_after(std::int64_t largest) {
  std::lock_guard lock(mutex_);
  last_ = std::max(last_, largest);
}

std::int64_t id_source::next() {
  std::lock_guard lock(mutex_);
  if (!store_.shared()) return ++last_;
  if (last_ + 1 >= end_) {
    try {
      auto first = store_.reserve_ids(kind_, block_);
      // Numbers already stored beyond the table's count (a single node's site copied into the
      // database, whose keyed game ids the table cannot read: game_ids.hpp): skipped, once.
      while (first <= last_) {
        if (const auto gap = last_ + 1 - (first + block_); gap > 0) store_.reserve_ids(kind_, gap);
        first = store_.reserve_ids(kind_, block_);
      }
      last_ = first - 1;
      end_ = first + block_;
    } catch (const std::exception& e) {
      spdlog::error("ids: no block of {} ids from the database: {}", kind_, e.what());
      return 0;
    }
  }
  return ++last_;
}

std::int64_t id_source::last() const {
  std::lock_guard lock(mutex_);
  return last_;
}

}  // namespace loyang::server::cluster
