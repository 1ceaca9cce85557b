#include "connection_registry.hpp"

#include <utility>
#include <vector>

namespace loyang::server {

bool connection_registry::add(const std::shared_ptr<connection>& c) {
  std::lock_guard lock(mutex_);
  if (closed_) return false;
  live_.emplace(c.get(), c);
  return true;
}

void connection_registry::remove(const connection* c) {
  std::function<void()> notify;
  {
    std::lock_guard lock(mutex_);
    if (live_.erase(c) == 0) return;
    if (closed_ && live_.empty()) notify = std::exchange(on_empty_, nullptr);
  }
  if (notify) notify();
}

void connection_registry::close_all(std::function<void()> on_empty) {
  std::vector<std::shared_ptr<connection>> to_close;
  std::function<void()> notify_now;
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
    for (auto& [key, weak] : live_) {
      if (auto c = weak.lock()) to_close.push_back(std::move(c));
    }
    // With nobody left, no remove() will report: do it here.
    if (live_.empty()) {
      notify_now = std::move(on_empty);
    } else {
      on_empty_ = std::move(on_empty);
    }
  }
  // Outside the lock: close() may finish a connection, whose destructor calls remove().
  for (auto& c : to_close) c->close();
  to_close.clear();
  if (notify_now) notify_now();
}

void connection_registry::forget_on_empty() {
  std::lock_guard lock(mutex_);
  on_empty_ = nullptr;
}

std::size_t connection_registry::size() const {
  std::lock_guard lock(mutex_);
  return live_.size();
}

}  // namespace loyang::server
