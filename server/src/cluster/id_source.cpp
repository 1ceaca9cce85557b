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
      const auto first = store_.reserve_ids(kind_, block);
      last_ = first - 1;
      end_ = first + block;
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
