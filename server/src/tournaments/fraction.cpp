// The arithmetic of fraction.hpp: reduced after every operation, checked for overflow (the
// compilers' builtins) so that a malformed input fails loudly instead of ordering wrongly.
#include "fraction.hpp"

#include <numeric>
#include <stdexcept>

namespace loyang::server::tournaments {

namespace {

std::int64_t checked_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) throw std::overflow_error("tournament points: fraction overflow");
  return r;
}

std::int64_t checked_add(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) throw std::overflow_error("tournament points: fraction overflow");
  return r;
}

}  // namespace

fraction::fraction(std::int64_t numerator, std::int64_t denominator) {
  if (denominator == 0) throw std::invalid_argument("tournament points: a fraction with denominator 0");
  if (denominator < 0) {
    numerator = checked_mul(numerator, -1);
    denominator = checked_mul(denominator, -1);
  }
  const auto g = std::gcd(numerator, denominator);  // >= 1: the denominator is not 0
  numerator_ = numerator / g;
  denominator_ = denominator / g;
}

std::string fraction::to_string() const {
  if (denominator_ == 1) return std::to_string(numerator_);
  return std::to_string(numerator_) + "/" + std::to_string(denominator_);
}

fraction operator+(const fraction& a, const fraction& b) {
  const auto g = std::gcd(a.denominator_, b.denominator_);
  const auto scale_a = b.denominator_ / g;
  const auto scale_b = a.denominator_ / g;
  return {checked_add(checked_mul(a.numerator_, scale_a), checked_mul(b.numerator_, scale_b)),
          checked_mul(a.denominator_, scale_a)};
}

fraction operator-(const fraction& a, const fraction& b) {
  return a + fraction{checked_mul(b.numerator_, -1), b.denominator_};
}

fraction operator*(const fraction& a, const fraction& b) {
  // Cross-reduce first: the intermediate products stay as small as the result. Denominators
  // are positive, so neither gcd is 0.
  const auto g1 = std::gcd(a.numerator_, b.denominator_);
  const auto g2 = std::gcd(b.numerator_, a.denominator_);
  return {checked_mul(a.numerator_ / g1, b.numerator_ / g2), checked_mul(a.denominator_ / g2, b.denominator_ / g1)};
}

fraction operator/(const fraction& a, const fraction& b) {
  if (b.numerator_ == 0) throw std::invalid_argument("tournament points: division by 0");
  return a * fraction{b.denominator_, b.numerator_};
}

std::strong_ordering operator<=>(const fraction& a, const fraction& b) {
  return checked_mul(a.numerator_, b.denominator_) <=> checked_mul(b.numerator_, a.denominator_);
}

}  // namespace loyang::server::tournaments
