#pragma once
// Exact points for tournaments: a reduced fraction of two 64-bit integers, so that standings
// and their tie-breaks compare exactly (a third plus a third plus a third is 1, never
// 0.999...). A tournament's values stay tiny (every denominator divides 432), far from the
// limits; arithmetic that would overflow throws rather than wrap.
#include <compare>
#include <cstdint>
#include <string>

namespace loyang::server::tournaments {

class fraction {
 public:
  constexpr fraction() = default;
  /// A whole number (implicit: `fraction x = 1;`).
  constexpr fraction(std::int64_t whole) : numerator_(whole) {}
  /// numerator / denominator, reduced, the sign on the numerator. Throws
  /// std::invalid_argument when the denominator is 0.
  fraction(std::int64_t numerator, std::int64_t denominator);

  std::int64_t numerator() const { return numerator_; }
  std::int64_t denominator() const { return denominator_; }
  /// For display only: never compare these.
  double to_double() const { return static_cast<double>(numerator_) / static_cast<double>(denominator_); }
  /// "3", "-1/2", "7/12".
  std::string to_string() const;

  /// Throw std::overflow_error rather than wrap.
  friend fraction operator+(const fraction& a, const fraction& b);
  friend fraction operator-(const fraction& a, const fraction& b);
  friend fraction operator*(const fraction& a, const fraction& b);
  /// Throws std::invalid_argument when `b` is 0.
  friend fraction operator/(const fraction& a, const fraction& b);
  fraction& operator+=(const fraction& b) { return *this = *this + b; }

  // Both sides are reduced, so equal values have equal members.
  friend bool operator==(const fraction&, const fraction&) = default;
  friend std::strong_ordering operator<=>(const fraction& a, const fraction& b);

 private:
  std::int64_t numerator_ = 0;
  std::int64_t denominator_ = 1;  // always > 0
};

}  // namespace loyang::server::tournaments
