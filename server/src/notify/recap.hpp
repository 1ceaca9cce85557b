#pragma once
// What happened in a game since a player last moved, in the words of the browser's "since
// your last visit" box (web/js/digest.js, digestText): for the turn e-mails, so that they say
// who moved and what happened. A port of the text parts of digest.js, story.js, describe.js and
// cards.js, from the same catalogs (web/i18n) through i18n::text; tests/server/recap_test.cpp
// holds it to the JavaScript with windows of real games in every language.
//
//     const auto r = recap_of(entries, {"ann (you)", "Bot 2"}, i18n::text("en", "render.seat_bank"), "en");
//     // r.summary:  "3 moves by Bot 2 (versions 41–43)."
//     // r.lines:    {"Bot 2 bought 2 beans from the shop: −12 Cash", "Bot 2 took a loan: +5 Cash",
//     //              "Bot 2 ended the turn"}
//     // r.cash:     "Cash: Bot 2 −7"
//
// Pure: no I/O, no state; safe on any thread.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace loyang::server::notify {

/// The recap of some log entries, as the browser's digest box shows them.
struct recap {
  std::string summary;             ///< digest.summary's sentence; empty when there were no entries
  std::vector<std::string> lines;  ///< the first 8 entries' headlines (story.js headline())
  std::size_t more = 0;            ///< headlines left out
  std::string more_text;           ///< digest.more's sentence ("… and 3 more"), empty when more == 0
  std::string cash;                ///< digest.cash's sentence, empty when no seat's Cash changed
};

/// What `entries` tell (log entries as the reading seat sees them, oldest first: objects
/// {"version", "player", "cmd", "events", ...} exactly as the server sends them in a view's
/// "log"), in `language`, word for word as the browser's digest box writes them.
/// `names[seat]`: how each seat is named, as web/js/names.js does it (the account name, "Bot 2",
/// the imaginary opponent, and render.seat_you's "<name> (you)" for the reader; a seat beyond
/// `names` is render.seat_player's "Player N"); `bank`: the bank's name (render.seat_bank).
/// No entries: an empty recap (the browser shows no box).
recap recap_of(const nlohmann::json& entries, const std::vector<std::string>& names, std::string_view bank,
               std::string_view language);

}  // namespace loyang::server::notify
