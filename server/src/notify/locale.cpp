// The checks of PUT /api/account/locale: a language must have a catalog (i18n/text.hpp), a
// zone must be in the tz database (i18n/zone.hpp).
#include "locale.hpp"

#include "../i18n/text.hpp"
#include "../i18n/zone.hpp"

namespace loyang::server::notify {
namespace {

std::string codes() {
  std::string out;
  for (const auto& l : i18n::languages()) out += (out.empty() ? "" : ", ") + l.code;
  return out;
}

// The text of `value`, "" for null; nullopt when it is neither a string nor null.
std::optional<std::string> text_or_none(const nlohmann::json& value) {
  if (value.is_null()) return std::string();
  if (!value.is_string()) return std::nullopt;
  return value.get<std::string>();
}

}  // namespace

nlohmann::json locale_view(const settings& s) { return {{"language", s.language}, {"time_zone", s.time_zone}}; }

std::string apply_locale(settings& s, const nlohmann::json& body) {
  if (!body.is_object()) return "the body must be a JSON object";
  settings next = s;
  for (const auto& [key, value] : body.items()) {
    const auto given = text_or_none(value);
    if (key == "language") {
      if (!given) return std::string("\"language\" must be a language code (") + codes() + ") or \"\" for none";
      if (!given->empty() && !i18n::available(*given)) {
        return std::string("there is no catalog for the language \"") + given->substr(0, 64) + "\": use one of " + codes();
      }
      next.language = *given;
    } else if (key == "time_zone") {
      if (!given) return "\"time_zone\" must be an IANA time zone such as \"Europe/Paris\", or \"\" for UTC";
      if (!given->empty() && !i18n::known_zone(*given)) {
        return std::string("unknown time zone \"") + given->substr(0, 64) + "\": use an IANA name such as \"Europe/Paris\"";
      }
      next.time_zone = *given;
    } else {
      return std::string("unknown field \"") + key + "\"";
    }
  }
  s = std::move(next);
  return {};
}

}  // namespace loyang::server::notify
