#pragma once
// Internal: the part of a language tag the tables of numbers.cpp and plural.cpp are keyed by.
#include <string>
#include <string_view>

namespace loyang::server::i18n {

/// The primary subtag of `tag` in lower case: "pt-BR" → "pt", "FR" → "fr".
inline std::string primary_subtag(std::string_view tag) {
  std::string out(tag.substr(0, tag.find_first_of("-_")));
  for (auto& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace loyang::server::i18n
