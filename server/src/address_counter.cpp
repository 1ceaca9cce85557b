// Internal: address_counter, the per-address counts of open connections.
#include "address_counter.hpp"

#include <utility>

namespace loyang::server {

address_counter::lease::lease(lease&& other) noexcept
    : owner_(std::exchange(other.owner_, nullptr)), key_(std::move(other.key_)) {}

address_counter::lease& address_counter::lease::operator=(lease&& other) noexcept {
  if (this != &other) {
    release();
    owner_ = std::exchange(other.owner_, nullptr);
    key_ = std::move(other.key_);
  }
  return *this;
}

address_counter::lease::~lease() { release(); }

void address_counter::lease::release() noexcept {
  if (owner_ != nullptr) std::exchange(owner_, nullptr)->release(key_);
}

std::optional<address_counter::lease> address_counter::try_acquire(const std::string& key, std::size_t limit) {
  if (limit == 0) return lease();
  std::lock_guard lock(mutex_);
  auto& n = open_[key];
  if (n >= limit) return std::nullopt;  // n > 0 here: the entry was not made by this call
  ++n;
  return lease(this, key);
}

std::size_t address_counter::open(const std::string& key) const {
  std::lock_guard lock(mutex_);
  const auto it = open_.find(key);
  return it == open_.end() ? 0 : it->second;
}

void address_counter::release(const std::string& key) noexcept {
  std::lock_guard lock(mutex_);
  const auto it = open_.find(key);
  if (it == open_.end()) return;
  if (--it->second == 0) open_.erase(it);
}

}  // namespace loyang::server
