#pragma once
// The server's words in a reader's language (docs/i18n.md): the messages of the catalogs
// web/i18n/<code>.json, embedded at build time, filled in as the browser's t() does
// (message.hpp). English is the reference every other catalog follows.
//
//     i18n::text("fr", "mail.subject.turn", {{"game", "12"}})   // "À vous de jouer dans la partie Loyang 12"
//
// Pass ids and years as strings: a number argument is written the language's way ("1,234").
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace loyang::server::i18n {

struct language {
  std::string code;  ///< "en", "fr", ...
  std::string name;  ///< in the language itself: "Français"
};

/// The languages a catalog exists for, as web/i18n/languages.json lists them (English always,
/// first when the list does not name it).
const std::vector<language>& languages();

/// Whether `code` (exactly as languages.json spells it) has a catalog.
bool available(std::string_view code);

/// The message `key` in `language` with `args` (a JSON object) filled in; English's when that
/// catalog lacks the key or there is no such language; the key itself when English lacks it
/// too. Never throws (a message that does not parse is written as it stands, as the browser does).
std::string text(std::string_view language, std::string_view key,
                 const nlohmann::json& args = nlohmann::json::object());

/// The message `key` from `language`'s own catalog, filled in, or nullopt when that catalog
/// (English's included) lacks it: for a text that has a better English source elsewhere.
std::optional<std::string> own_text(std::string_view language, std::string_view key,
                                    const nlohmann::json& args = nlohmann::json::object());

/// The language to answer a request in, from its Accept-Language header (RFC 9110, 12.5.4):
/// the available language with the highest q-value ("fr-CH;q=0.9, en;q=0.5" → "fr"; a tag
/// counts for its primary language when there is no catalog of its own), "en" when none fits,
/// the header is empty or makes no sense. Reads at most the first 4096 bytes.
std::string negotiate(std::string_view accept_language);

}  // namespace loyang::server::i18n
