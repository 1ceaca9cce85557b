#pragma once
// Numbers written the way a language writes them, as the browser's Intl.NumberFormat(code)
// does with its defaults: grouped thousands ("1,234", "1 234" with U+202F in French, "1.234"),
// some languages group only from five digits (Italian and Spanish "1234" but "12.345"), at
// most three decimals, and the language's minus sign. Languages this table does not know are
// written the English way.
#include <cstdint>
#include <string>
#include <string_view>

namespace loyang::server::i18n {

/// `n` in `language` ("en", "fr", "pt-BR": the part before '-' decides, any case).
std::string format_number(std::string_view language, std::int64_t n);
/// The same for any number: integral values as above, others rounded to 3 decimals with the
/// language's decimal sign ("1.5", "1,5"); NaN as "NaN", infinities as "∞".
std::string format_number(std::string_view language, double n);

}  // namespace loyang::server::i18n
