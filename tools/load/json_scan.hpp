#pragma once
// Walking a server message's text without building a JSON tree. The load tool shares the
// server's cores, so every microsecond it spends is taken from the server: a bot reads a
// patch's members and operations by their spans here, and gives nlohmann only the few
// operations it keeps (the legal commands, to_act, the phase). Whole snapshots and errors still
// go through nlohmann; the server tests check every message in full.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace loyang::load::scan {

/// Thrown for text that is not the JSON shape asked for (unterminated, unbalanced, wrong type).
struct bad_json : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Index of the first non-whitespace character at or after `i` (`s.size()` if none).
inline std::size_t skip_space(std::string_view s, std::size_t i) {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) ++i;
  return i;
}

/// Index just past the string whose opening quote is at `i`. Throws `bad_json` if unterminated.
inline std::size_t skip_string(std::string_view s, std::size_t i) {
  while (true) {
    i = s.find('"', i + 1);
    if (i == std::string_view::npos) throw bad_json("unterminated string");
    std::size_t backslashes = 0;  // an odd run of them escapes this quote
    while (s[i - 1 - backslashes] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return i + 1;
  }
}

/// Index just past the value that starts at `i` (after whitespace). Strings and nesting are
/// followed exactly; numbers and literals are taken as the run of characters up to the next
/// delimiter, not checked. Throws `bad_json` if the value is missing or unbalanced.
inline std::size_t skip_value(std::string_view s, std::size_t i) {
  i = skip_space(s, i);
  if (i >= s.size()) throw bad_json("value expected");
  const char c = s[i];
  if (c == '"') return skip_string(s, i);
  if (c == '{' || c == '[') {
    int depth = 0;
    for (; i < s.size(); ++i) {
      switch (s[i]) {
        case '"':
          i = skip_string(s, i) - 1;
          break;
        case '{':
        case '[':
          ++depth;
          break;
        case '}':
        case ']':
          if (--depth == 0) return i + 1;
          break;
        default:
          break;
      }
    }
    throw bad_json("unbalanced brackets");
  }
  const auto start = i;
  while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']' && s[i] != ' ' &&
         s[i] != '\n' && s[i] != '\r' && s[i] != '\t') {
    ++i;
  }
  if (i == start) throw bad_json("value expected");
  return i;
}

namespace detail {

// Calls fn(key, value) per member (`object`) or fn(value) per element; spans are raw text.
template <bool object, class F>
void walk(std::string_view s, F&& fn) {
  std::size_t i = skip_space(s, 0);
  if (i >= s.size() || s[i] != (object ? '{' : '[')) {
    throw bad_json(object ? "object expected" : "array expected");
  }
  i = skip_space(s, i + 1);
  if (i < s.size() && s[i] == (object ? '}' : ']')) return;
  while (true) {
    if constexpr (object) {
      if (i >= s.size() || s[i] != '"') throw bad_json("member name expected");
      const auto key_end = skip_string(s, i);
      const auto key = s.substr(i + 1, key_end - i - 2);
      i = skip_space(s, key_end);
      if (i >= s.size() || s[i] != ':') throw bad_json("':' expected");
      const auto start = skip_space(s, i + 1);
      i = skip_value(s, start);
      fn(key, s.substr(start, i - start));
    } else {
      const auto start = skip_space(s, i);
      i = skip_value(s, start);
      fn(s.substr(start, i - start));
    }
    i = skip_space(s, i);
    if (i < s.size() && s[i] == ',') {
      i = skip_space(s, i + 1);
      continue;
    }
    if (i < s.size() && s[i] == (object ? '}' : ']')) return;
    throw bad_json(object ? "',' or '}' expected" : "',' or ']' expected");
  }
}

}  // namespace detail

/// Calls `fn(key, value)` for each member of the object whose text is `s`. `key` is the raw
/// text between the quotes (escapes are not decoded: the protocol's member names have none);
/// `value` is the member's raw JSON text. Throws `bad_json` if `s` does not start with an
/// object or the object is malformed.
template <class F>
void members(std::string_view s, F&& fn) {
  detail::walk<true>(s, fn);
}

/// Calls `fn(value)` with the raw text of each element of the array whose text is `s`. Throws
/// `bad_json` as `members` does.
template <class F>
void elements(std::string_view s, F&& fn) {
  detail::walk<false>(s, fn);
}

/// For each member of the object `s` named in `wanted`, sets the paired view to the member's
/// raw value text (members not named are skipped; views of absent members are left as they
/// are). Throws `bad_json` as `members` does.
inline void pick(std::string_view s,
                 std::initializer_list<std::pair<std::string_view, std::string_view*>> wanted) {
  members(s, [&](std::string_view key, std::string_view value) {
    for (const auto& [name, out] : wanted) {
      if (key == name) {
        *out = value;
        return;
      }
    }
  });
}

/// The text between the quotes of a string value (escapes not decoded), or nothing if `v` is
/// not a string.
inline std::optional<std::string_view> raw_string(std::string_view v) {
  if (v.size() < 2 || v.front() != '"' || v.back() != '"') return std::nullopt;
  return v.substr(1, v.size() - 2);
}

/// The value of an integer written in plain decimal (an optional '-' and digits, at most 18 of
/// them), or nothing for anything else.
inline std::optional<std::int64_t> integer(std::string_view v) {
  const bool negative = !v.empty() && v.front() == '-';
  if (negative) v.remove_prefix(1);
  if (v.empty() || v.size() > 18) return std::nullopt;
  std::int64_t n = 0;
  for (const char c : v) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return negative ? -n : n;
}

}  // namespace loyang::load::scan
