#pragma once
// Test support: a text as one word for sh (single-quoted), for the tests that build commands.
#include <string>
#include <string_view>

namespace loyang::test {

/// `s` as one word for sh.
inline std::string sh_word(std::string_view s) {
  std::string out = "'";
  for (const char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

}  // namespace loyang::test
