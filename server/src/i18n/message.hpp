#pragma once
// Internal: one catalog message, parsed and filled in exactly as web/js/i18n.js's parse() and
// render() do, so that the server and the browser write the same text for the same message and
// arguments (docs/i18n.md, "The catalog"): {name}, {n, number}, {n, plural, =0 {...} one {...}
// other {...}} with # for the number, {x, select, a {...} other {...}}. No quoting: a message
// that does not parse is written as it stands.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace loyang::server::i18n {

struct part;
/// A choice of a plural or select: its selector ("=0", "one", "red", "other") and its parts.
struct choice {
  std::string selector;
  std::vector<part> body;
};
/// A piece of a message.
struct part {
  enum class kind { literal, hash, arg, number, plural, select };
  kind what = kind::literal;
  std::string text;  ///< literal: the text; others: the argument's name
  std::vector<choice> choices = {};
};
using message = std::vector<part>;

/// `text` parsed, or nullopt when it is not a well-formed message (an unbalanced brace, an
/// unknown argument type, a plural or select without "other").
std::optional<message> parse_message(std::string_view text);

/// `m` with `args` (a JSON object; anything else counts as no arguments) filled in, numbers and
/// plural categories in `language`'s way. As in the browser: a missing argument is written as
/// nothing, a number argument the language's way, a string as it is.
std::string render(const message& m, const nlohmann::json& args, std::string_view language);

}  // namespace loyang::server::i18n
