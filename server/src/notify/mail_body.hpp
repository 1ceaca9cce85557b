#pragma once
// Internal: the words of a notification's e-mail, as plain text and as HTML (the mail carries
// both, multipart/alternative): the greeting, what happened, for a turn the opponents and what
// they did since the reader's last move (recap.hpp), the link to the game, and why the mail
// came with its one-click unsubscribe link. In the reader's language. Pure.
#include <nlohmann/json.hpp>

#include <string>

namespace loyang::server::notify {

struct mail_body {
  std::string text;  ///< lines ending in \n
  std::string html;  ///< a whole document, lines ending in \n
};

/// The body of the mail of the outbox row body `row` ({"event", "game", "account", "text",
/// "link", ...; for a turn also "opponents": [names] and "since": {"summary", "lines", "more",
/// "cash"}}) in `language`, with `public_url` (the signature's) and `unsubscribe` (the link).
mail_body event_mail(const nlohmann::json& row, const std::string& language, const std::string& public_url,
                     const std::string& unsubscribe);

/// `text` with &, <, >, " and ' written as HTML character references.
std::string html_escape(const std::string& text);

}  // namespace loyang::server::notify
