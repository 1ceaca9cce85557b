#pragma once
// Internal: a connection's messages waiting to be written, oldest first. A vector read from a
// moving head: an empty queue holds no memory (std::deque allocates its first 512-byte block
// as soon as it is made, and most of 10,000 connections' queues are empty nearly always).
#include <cstddef>
#include <utility>
#include <vector>

#include "subscriber.hpp"

namespace loyang::server {

class text_queue {
 public:
  bool empty() const { return head_ == items_.size(); }
  std::size_t size() const { return items_.size() - head_; }
  /// Needs !empty().
  const shared_text& front() const { return items_[head_]; }
  void push_back(shared_text text) { items_.push_back(std::move(text)); }
  /// Needs !empty().
  void pop_front() {
    items_[head_++].reset();
    if (head_ == items_.size()) {
      items_.clear();
      head_ = 0;
      if (items_.capacity() > small) items_.shrink_to_fit();  // after a burst
    } else if (head_ >= small && head_ * 2 >= items_.size()) {
      items_.erase(items_.begin(), items_.begin() + std::ptrdiff_t(head_));  // amortised
      head_ = 0;
    }
  }
  /// Drops everything after the front (the message being written).
  void keep_front() {
    if (!empty()) items_.erase(items_.begin() + std::ptrdiff_t(head_) + 1, items_.end());
  }

 private:
  static constexpr std::size_t small = 16;
  std::vector<shared_text> items_;
  std::size_t head_ = 0;
};

}  // namespace loyang::server
