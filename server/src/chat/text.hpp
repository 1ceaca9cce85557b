#pragma once
// Internal: what a person may write where others read it (chat messages, notes, report
// reasons): plain text, checked rather than cleaned, so what is stored is what was sent.
// Clients show it as text, never as HTML; the check keeps out what text cannot show honestly.
#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

namespace loyang::server::chat {

struct text_rules {
  std::size_t max_chars = 500;  ///< Unicode characters (code points), after trimming
  std::size_t max_lines = 10;
  bool tabs = false;            ///< whether a tab is allowed
};

inline constexpr text_rules chat_rules{500, 10, false};
inline constexpr text_rules note_rules{5000, 200, true};
inline constexpr text_rules reason_rules{500, 10, false};
/// Private messages (messages/): longer than a table's chat, as letters between players are.
inline constexpr text_rules message_rules{2000, 40, false};

/// A refusal: a stable code ("empty_text", "text_too_long", "bad_text") and a sentence.
struct text_error {
  std::string code;
  std::string message;
};

/// `text` without its leading and trailing white space, or why it cannot be stored: empty
/// (nothing but white space) unless `allow_empty`; more characters or lines than `rules`
/// allow; not UTF-8; a control character other than a line break (and a tab where allowed),
/// a lone carriage return, or a bidirectional override (which would make the text read
/// differently from what it says).
std::variant<std::string, text_error> check_text(std::string_view text, const text_rules& rules,
                                                 bool allow_empty = false);

}  // namespace loyang::server::chat
