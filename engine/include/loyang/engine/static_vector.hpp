#pragma once
/// A vector with its capacity inline, for the engine state: copying a state is then one flat
/// copy with no allocation (undo points and bots copy states all the time).
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <stdexcept>
#include <type_traits>

namespace loyang::engine {

template <class T, std::size_t N>
class static_vector {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;
  using size_type = std::size_t;

  static_vector() = default;
  static_vector(std::initializer_list<T> init) { assign(init.begin(), init.end()); }
  template <class It>
  static_vector(It first, It last) {
    assign(first, last);
  }

  T* begin() { return data_.data(); }
  T* end() { return data_.data() + size_; }
  const T* begin() const { return data_.data(); }
  const T* end() const { return data_.data() + size_; }
  auto rbegin() const { return std::make_reverse_iterator(end()); }
  auto rend() const { return std::make_reverse_iterator(begin()); }
  std::size_t size() const { return size_; }
  static constexpr std::size_t capacity() { return N; }
  bool empty() const { return size_ == 0; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T& front() { return data_[0]; }
  const T& front() const { return data_[0]; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }

  /// Throws std::length_error when full (a bug, or an impossible fixed setup).
  void push_back(const T& x) {
    if (size_ == N) throw std::length_error("static_vector full");
    data_[size_++] = x;
  }
  template <class... A>
  T& emplace_back(A&&... a) {
    push_back(T{std::forward<A>(a)...});
    return back();
  }
  void pop_back() { --size_; }
  void clear() { size_ = 0; }
  void resize(std::size_t n) {
    if (n > N) throw std::length_error("static_vector full");
    for (std::size_t i = size_; i < n; ++i) data_[i] = T{};
    size_ = static_cast<size_type_small>(n);
  }
  template <class It>
  void assign(It first, It last) {
    clear();
    for (; first != last; ++first) push_back(*first);
  }
  T* erase(const T* pos) {
    T* p = begin() + (pos - begin());
    std::move(p + 1, end(), p);
    --size_;
    return p;
  }
  template <class It>
  T* insert(const T* pos, It first, It last) {
    const auto at = static_cast<std::size_t>(pos - begin());
    const auto n = static_cast<std::size_t>(std::distance(first, last));
    if (size_ + n > N) throw std::length_error("static_vector full");
    std::move_backward(begin() + at, end(), end() + n);
    std::copy(first, last, begin() + at);
    size_ = static_cast<size_type_small>(size_ + n);
    return begin() + at;
  }
  void swap(static_vector& o) { std::swap(*this, o); }

  template <class R>
  bool operator==(const R& o) const {
    return std::equal(begin(), end(), std::begin(o), std::end(o));
  }
  bool operator==(const static_vector& o) const { return std::equal(begin(), end(), o.begin(), o.end()); }

 private:
  using size_type_small = std::uint16_t;
  std::array<T, N> data_{};
  size_type_small size_ = 0;
};

}  // namespace loyang::engine
