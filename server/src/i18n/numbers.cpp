// The number formats of the common European languages and a few others, taken from what
// Node's Intl.NumberFormat (ICU 78, CLDR 48) writes for each.
#include "numbers.hpp"

#include <array>
#include <cmath>
#include <cstdio>

#include "language_code.hpp"

namespace loyang::server::i18n {
namespace {

struct number_style {
  std::string_view language;
  std::string_view group;    ///< between groups of three digits
  std::string_view decimal;  ///< before the decimals
  std::string_view minus;
  int min_grouping = 1;  ///< 2: a four-digit number is not grouped ("1234", "12.345")
};

constexpr std::string_view nbsp = "\u00A0";
constexpr std::string_view narrow_nbsp = "\u202F";
constexpr std::string_view minus_sign = "\u2212";

constexpr number_style english{"en", ",", ".", "-", 1};
constexpr std::array styles{
    english,
    number_style{"fr", narrow_nbsp, ",", "-", 1},
    number_style{"it", ".", ",", "-", 2},
    number_style{"de", ".", ",", "-", 1},
    number_style{"es", ".", ",", "-", 2},
    number_style{"pt", ".", ",", "-", 1},
    number_style{"nl", ".", ",", "-", 1},
    number_style{"pl", nbsp, ",", "-", 2},
    number_style{"ru", nbsp, ",", "-", 1},
    number_style{"cs", nbsp, ",", "-", 1},
    number_style{"sk", nbsp, ",", "-", 1},
    number_style{"sv", nbsp, ",", minus_sign, 1},
    number_style{"da", ".", ",", "-", 1},
    number_style{"nb", nbsp, ",", minus_sign, 1},
    number_style{"nn", nbsp, ",", minus_sign, 1},
    number_style{"no", nbsp, ",", minus_sign, 1},
    number_style{"fi", nbsp, ",", minus_sign, 1},
    number_style{"uk", nbsp, ",", "-", 1},
    number_style{"hu", nbsp, ",", "-", 2},
    number_style{"ro", ".", ",", "-", 1},
    number_style{"el", ".", ",", "-", 1},
    number_style{"bg", nbsp, ",", "-", 2},
    number_style{"hr", ".", ",", minus_sign, 1},
    number_style{"sl", ".", ",", minus_sign, 2},
    number_style{"sr", ".", ",", "-", 1},
    number_style{"lt", nbsp, ",", minus_sign, 1},
    number_style{"lv", nbsp, ",", "-", 2},
    number_style{"et", nbsp, ",", minus_sign, 2},
    number_style{"ca", ".", ",", "-", 1},
    number_style{"ga", ",", ".", "-", 1},
    number_style{"tr", ".", ",", "-", 1},
    number_style{"is", ".", ",", "-", 1},
    number_style{"mt", ",", ".", "-", 1},
    number_style{"eu", ".", ",", minus_sign, 1},
    number_style{"gl", ".", ",", "-", 1},
    number_style{"be", nbsp, ",", "-", 2},
    number_style{"sq", nbsp, ",", "-", 2},
    number_style{"mk", ".", ",", "-", 1},
    number_style{"bs", ".", ",", "-", 1},
    number_style{"cy", ",", ".", "-", 1},
    number_style{"lb", ".", ",", "-", 1},
};

const number_style& style_of(std::string_view language) {
  const auto base = primary_subtag(language);
  for (const auto& s : styles) {
    if (s.language == base) return s;
  }
  return english;
}

// `digits` (ASCII digits only) with the style's group separators.
std::string grouped(const number_style& s, std::string_view digits) {
  if (digits.size() < 4 || (s.min_grouping == 2 && digits.size() < 5)) return std::string(digits);
  std::string out;
  const auto first = digits.size() % 3 == 0 ? 3 : digits.size() % 3;
  out.append(digits.substr(0, first));
  for (auto at = first; at < digits.size(); at += 3) {
    out.append(s.group);
    out.append(digits.substr(at, 3));
  }
  return out;
}

}  // namespace

std::string format_number(std::string_view language, std::int64_t n) {
  const auto& s = style_of(language);
  // The magnitude as unsigned: -2^63 has no positive int64.
  const auto magnitude = n < 0 ? std::uint64_t(0) - static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n);
  auto out = grouped(s, std::to_string(magnitude));
  return n < 0 ? std::string(s.minus) + out : out;
}

std::string format_number(std::string_view language, double n) {
  const auto& s = style_of(language);
  if (std::isnan(n)) return "NaN";
  const std::string sign = std::signbit(n) ? std::string(s.minus) : std::string();
  if (std::isinf(n)) return sign + "\u221E";
  char text[400];
  std::snprintf(text, sizeof text, "%.3f", std::fabs(n));
  std::string_view all(text);
  const auto point = all.find('.');
  auto decimals = all.substr(point + 1);
  while (!decimals.empty() && decimals.back() == '0') decimals.remove_suffix(1);
  auto out = grouped(s, all.substr(0, point));
  if (!decimals.empty()) out += std::string(s.decimal) + std::string(decimals);
  return sign + out;
}

}  // namespace loyang::server::i18n
