// CLDR's plural rules for integers (https://www.unicode.org/cldr/charts/latest/supplemental/
// language_plural_rules.html), one function per shape of rule, and which languages use which.
// tests/server/i18n_plural_test.cpp checks every language here against Node's Intl.PluralRules.
#include "plural.hpp"

#include <array>
#include <cmath>
#include <cstdint>

#include "language_code.hpp"

namespace loyang::server::i18n {
namespace {

using category = std::string_view;
constexpr category zero = "zero", one = "one", two = "two", few = "few", many = "many", other = "other";

bool in(std::uint64_t n, std::uint64_t from, std::uint64_t to) { return n >= from && n <= to; }

// The "many" of French, Italian, Spanish, Portuguese and Catalan: whole millions.
bool millions(std::uint64_t i) { return i != 0 && i % 1000000 == 0; }

category one_only(std::uint64_t i) { return i == 1 ? one : other; }
category none(std::uint64_t) { return other; }
category one_with_millions(std::uint64_t i) { return i == 1 ? one : millions(i) ? many : other; }
category zero_one_with_millions(std::uint64_t i) { return i <= 1 ? one : millions(i) ? many : other; }
category zero_one(std::uint64_t i) { return i <= 1 ? one : other; }
category ends_in_one(std::uint64_t i) { return i % 10 == 1 && i % 100 != 11 ? one : other; }
category east_slavic(std::uint64_t i) {
  if (i % 10 == 1 && i % 100 != 11) return one;
  if (in(i % 10, 2, 4) && !in(i % 100, 12, 14)) return few;
  return many;
}
category polish(std::uint64_t i) {
  if (i == 1) return one;
  if (in(i % 10, 2, 4) && !in(i % 100, 12, 14)) return few;
  return many;
}
category czech(std::uint64_t i) { return i == 1 ? one : in(i, 2, 4) ? few : other; }
category south_slavic(std::uint64_t i) {
  if (i % 10 == 1 && i % 100 != 11) return one;
  if (in(i % 10, 2, 4) && !in(i % 100, 12, 14)) return few;
  return other;
}
category slovenian(std::uint64_t i) {
  const auto r = i % 100;
  return r == 1 ? one : r == 2 ? two : in(r, 3, 4) ? few : other;
}
category lithuanian(std::uint64_t i) {
  if (in(i % 100, 11, 19)) return other;
  return i % 10 == 1 ? one : in(i % 10, 2, 9) ? few : other;
}
category latvian(std::uint64_t i) {
  if (i % 10 == 0 || in(i % 100, 11, 19)) return zero;
  return i % 10 == 1 && i % 100 != 11 ? one : other;
}
category romanian(std::uint64_t i) {
  if (i == 1) return one;
  return i == 0 || in(i % 100, 1, 19) ? few : other;
}
category irish(std::uint64_t i) {
  return i == 1 ? one : i == 2 ? two : in(i, 3, 6) ? few : in(i, 7, 10) ? many : other;
}
category welsh(std::uint64_t i) {
  return i == 0 ? zero : i == 1 ? one : i == 2 ? two : i == 3 ? few : i == 6 ? many : other;
}
category maltese(std::uint64_t i) {
  if (i == 1) return one;
  if (i == 2) return two;
  if (i == 0 || in(i % 100, 3, 10)) return few;
  return in(i % 100, 11, 19) ? many : other;
}
category hebrew(std::uint64_t i) { return i == 1 ? one : i == 2 ? two : other; }
category arabic(std::uint64_t i) {
  if (i <= 2) return i == 0 ? zero : i == 1 ? one : two;
  return in(i % 100, 3, 10) ? few : in(i % 100, 11, 99) ? many : other;
}

struct language_rule {
  std::string_view language;
  category (*of)(std::uint64_t);
};

constexpr std::array rules{
    language_rule{"en", one_only},  language_rule{"de", one_only},  language_rule{"nl", one_only},
    language_rule{"sv", one_only},  language_rule{"da", one_only},  language_rule{"nb", one_only},
    language_rule{"nn", one_only},  language_rule{"no", one_only},  language_rule{"fi", one_only},
    language_rule{"et", one_only},  language_rule{"hu", one_only},  language_rule{"el", one_only},
    language_rule{"bg", one_only},  language_rule{"tr", one_only},  language_rule{"eu", one_only},
    language_rule{"gl", one_only},  language_rule{"sq", one_only},  language_rule{"lb", one_only},
    language_rule{"it", one_with_millions}, language_rule{"es", one_with_millions},
    language_rule{"ca", one_with_millions}, language_rule{"fr", zero_one_with_millions},
    language_rule{"pt", zero_one_with_millions}, language_rule{"hi", zero_one},
    language_rule{"is", ends_in_one}, language_rule{"mk", ends_in_one},
    language_rule{"ru", east_slavic}, language_rule{"uk", east_slavic}, language_rule{"be", east_slavic},
    language_rule{"pl", polish},    language_rule{"cs", czech},     language_rule{"sk", czech},
    language_rule{"hr", south_slavic}, language_rule{"sr", south_slavic}, language_rule{"bs", south_slavic},
    language_rule{"sl", slovenian}, language_rule{"lt", lithuanian}, language_rule{"lv", latvian},
    language_rule{"ro", romanian},  language_rule{"ga", irish},     language_rule{"cy", welsh},
    language_rule{"mt", maltese},   language_rule{"he", hebrew},    language_rule{"ar", arabic},
    language_rule{"ja", none},      language_rule{"zh", none},      language_rule{"ko", none},
    language_rule{"th", none},      language_rule{"vi", none},      language_rule{"id", none},
};

}  // namespace

std::string_view plural_category(std::string_view language, double n) {
  if (!std::isfinite(n)) return other;
  const auto base = primary_subtag(language);
  const auto a = std::fabs(n);
  if (a != std::floor(a)) {
    if (base == "fr" || base == "pt" || base == "hi") return a < 2 ? one : other;
    if (base == "cs" || base == "sk" || base == "lt") return many;
    if (base == "ro") return few;
    return other;
  }
  // Beyond 2^64 every rule's answer is its answer for a multiple of a million.
  const auto i = a < 1.8e19 ? static_cast<std::uint64_t>(a) : std::uint64_t(1000000000000000000);
  for (const auto& r : rules) {
    if (r.language == base) return r.of(i);
  }
  return one_only(i);
}

}  // namespace loyang::server::i18n
