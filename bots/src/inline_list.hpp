// A list with its capacity inline for the easy bot's plan (plan.hpp): made before every command
// of every playout, so nothing may allocate, and neither making one nor copying one touches
// more than the elements it holds (engine::static_vector zeroes and copies its whole array).
#pragma once
#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <type_traits>

namespace loyang::bots::detail {

template <class T, std::size_t N>
class inline_list {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  inline_list() {}  // the elements stay uninitialised: only [0, size) is ever read
  inline_list(const inline_list& o) : size_(o.size_) { std::copy_n(o.data_, size_, data_); }
  inline_list& operator=(const inline_list& o) {
    size_ = o.size_;
    std::copy_n(o.data_, size_, data_);
    return *this;
  }

  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }

  /// Throws std::length_error when full (a capacity chosen too small: a bug).
  void push_back(const T& x) {
    if (size_ == N) throw std::length_error("inline_list full");
    data_[size_++] = x;
  }
  void clear() { size_ = 0; }
  T* erase(const T* pos) {
    T* p = begin() + (pos - begin());
    std::copy(p + 1, end(), p);
    --size_;
    return p;
  }

 private:
  T data_[N];
  std::size_t size_ = 0;
};

}  // namespace loyang::bots::detail
