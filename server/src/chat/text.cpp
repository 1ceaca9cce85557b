#include "text.hpp"

#include <cstdint>

namespace loyang::server::chat {
namespace {

bool space(char c) { return c == ' ' || c == '\n' || c == '\t'; }

// The code point at `i` (advancing `i`), or -1 when the bytes there are not UTF-8.
std::int32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  std::size_t length = 0;
  std::int32_t cp = 0;
  if (b0 < 0x80) {
    ++i;
    return b0;
  } else if ((b0 & 0xE0) == 0xC0) {
    length = 2;
    cp = b0 & 0x1F;
  } else if ((b0 & 0xF0) == 0xE0) {
    length = 3;
    cp = b0 & 0x0F;
  } else if ((b0 & 0xF8) == 0xF0) {
    length = 4;
    cp = b0 & 0x07;
  } else {
    return -1;
  }
  if (i + length > s.size()) return -1;
  for (std::size_t k = 1; k < length; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xC0) != 0x80) return -1;
    cp = (cp << 6) | (b & 0x3F);
  }
  // Overlong forms, surrogates and values past Unicode are not UTF-8.
  constexpr std::int32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < smallest[length] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return -1;
  i += length;
  return cp;
}

bool forbidden(std::int32_t cp, const text_rules& rules) {
  if (cp == '\n') return false;
  if (cp == '\t') return !rules.tabs;
  if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F)) return true;
  // Bidirectional embeddings, overrides and isolates.
  return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

}  // namespace

std::variant<std::string, text_error> check_text(std::string_view text, const text_rules& rules,
                                                 bool allow_empty) {
  std::size_t begin = 0, end = text.size();
  while (begin < end && space(text[begin])) ++begin;
  while (end > begin && space(text[end - 1])) --end;
  const auto kept = text.substr(begin, end - begin);
  if (kept.empty() && !allow_empty) return text_error{"empty_text", "the text is empty"};
  std::size_t chars = 0, lines = kept.empty() ? 0 : 1;
  for (std::size_t i = 0; i < kept.size();) {
    const auto cp = next_code_point(kept, i);
    if (cp < 0) return text_error{"bad_text", "the text is not UTF-8"};
    if (forbidden(cp, rules)) {
      return text_error{"bad_text", cp == '\r' ? "the text has a carriage return: end lines with \\n alone"
                                               : "the text has a control character; only plain text is allowed"};
    }
    if (cp == '\n') ++lines;
    ++chars;
  }
  if (chars > rules.max_chars) {
    return text_error{"text_too_long",
                      "the text has " + std::to_string(chars) + " characters; at most " +
                          std::to_string(rules.max_chars) + " are allowed"};
  }
  if (lines > rules.max_lines) {
    return text_error{"text_too_long", "the text has " + std::to_string(lines) + " lines; at most " +
                                           std::to_string(rules.max_lines) + " are allowed"};
  }
  return std::string(kept);
}

}  // namespace loyang::server::chat
