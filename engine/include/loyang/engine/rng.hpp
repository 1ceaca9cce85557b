#pragma once
/// The engine's own random generator and shuffle, so that a seed gives the same game on every
/// machine and standard library (std::shuffle and the std distributions are not portable).
#include <array>
#include <cstdint>
#include <vector>

namespace loyang::engine {

/// xoshiro256** seeded through splitmix64.
class rng {
 public:
  rng() = default;
  explicit rng(std::uint64_t seed);
  std::uint64_t next();
  /// A uniform integer in [0, n); needs n > 0. Rejection sampling, no modulo bias.
  std::uint64_t below(std::uint64_t n);
  /// Fisher-Yates shuffle with `below`.
  template <class Container>
  void shuffle(Container& v) {
    for (std::size_t i = v.size(); i > 1; --i) {
      const auto j = static_cast<std::size_t>(below(i));
      std::swap(v[i - 1], v[j]);
    }
  }
  const std::array<std::uint64_t, 4>& words() const { return s_; }
  /// A generator continuing from `words` (as words() returned them): for decoding a state.
  static rng from_words(const std::array<std::uint64_t, 4>& words) {
    rng r;
    r.s_ = words;
    return r;
  }
  void clear() { s_ = {}; }
  bool operator==(const rng&) const = default;

 private:
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace loyang::engine
