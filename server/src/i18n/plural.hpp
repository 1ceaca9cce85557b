#pragma once
// The plural category of a number in a language, as CLDR defines it and the browser's
// Intl.PluralRules(code).select(n) gives it: "zero", "one", "two", "few", "many" or "other".
// Exact for integers in the languages of plural.cpp's table (the common European ones and a
// few more); a language outside it takes the English rule (1 is "one", anything else "other"),
// which is right for many and gives every catalog at least "one" and "other".
#include <string_view>

namespace loyang::server::i18n {

/// The category of `n` in `language` (the part before '-' decides, any case). Numbers with a
/// fraction: "one" where CLDR's rule is i = 0,1 (French, Portuguese, ...), "many" in Czech,
/// Slovak and Lithuanian, "few" in Romanian, else "other"; NaN and infinities are "other".
std::string_view plural_category(std::string_view language, double n);

}  // namespace loyang::server::i18n
