#pragma once
// Internal: an account's language and time zone (docs/protocol.md, "Language and time zone"),
// kept with its notification settings (settings.hpp) and read and changed through
// GET and PUT /api/account/locale.
#include <nlohmann/json.hpp>

#include <string>

#include "settings.hpp"

namespace loyang::server::notify {

/// What GET /api/account/locale shows: {"language": "fr", "time_zone": "Europe/Paris"}, each
/// "" when not chosen.
nlohmann::json locale_view(const settings& s);

/// Applies a PUT body to `s`: any of {"language": a code of web/i18n/languages.json, "" or null
/// for none; "time_zone": an IANA zone of the tz database ("Europe/Paris"), "" or null for none}.
/// Returns a sentence for 400 bad_request (not a JSON object, an unknown field, a language
/// without a catalog, an unknown zone), and then changes nothing; "" when applied.
std::string apply_locale(settings& s, const nlohmann::json& body);

}  // namespace loyang::server::notify
