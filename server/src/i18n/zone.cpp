// Time zones through date/tz.h, built by Debian with USE_OS_TZDB: the zones are the files of
// /usr/share/zoneinfo, read when first used. A name is checked for its shape before the
// library sees it, and the library's exceptions (an unknown zone, no database) are answers.
#include "zone.hpp"

#include <date/tz.h>

#include <algorithm>
#include <chrono>

#include "text.hpp"

namespace loyang::server::i18n {
namespace {

// Zone names are ASCII letters, digits, '/', '_', '-' and '+' ("America/Argentina/Buenos_Aires",
// "Etc/GMT+5"), each part starting with a letter.
bool plausible(std::string_view name) {
  if (name.empty() || name.size() > 64 || name == "localtime") return false;
  char before = '/';
  for (const char c : name) {
    const bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    const bool other = (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '+';
    if (before == '/' && !letter) return false;
    if (!letter && !other && c != '/') return false;
    before = c;
  }
  return before != '/';
}

const date::time_zone* locate(std::string_view name) {
  if (!plausible(name)) return nullptr;
  try {
    return date::locate_zone(std::string(name));
  } catch (const std::exception&) {
    return nullptr;  // not in the database, or no database
  }
}

// Two digits of a day, month, hour or minute (below 100). Made from chars: gcc 12 warns falsely
// (-Wrestrict) on "0" + std::to_string(n).
std::string two(unsigned n) { return {char('0' + n / 10 % 10), char('0' + n % 10)}; }

// "+03" → "UTC+03", "+0545" → "UTC+05:45", "CET" → "CET".
std::string zone_text(const std::string& abbreviation) {
  if (abbreviation.empty()) return "UTC";
  if (abbreviation[0] != '+' && abbreviation[0] != '-') return abbreviation;
  if (abbreviation.size() == 5) return std::string("UTC") + abbreviation.substr(0, 3) + ":" + abbreviation.substr(3);
  return std::string("UTC") + abbreviation;
}

wall_time wall(date::sys_seconds local, std::string zone) {
  const auto days = date::floor<date::days>(local);
  const date::year_month_day ymd{days};
  const date::hh_mm_ss hms{local - days};
  return {int(ymd.year()),
          int(unsigned(ymd.month())),
          int(unsigned(ymd.day())),
          int(hms.hours().count()),
          int(hms.minutes().count()),
          int(hms.seconds().count()),
          std::move(zone)};
}

}  // namespace

bool known_zone(std::string_view name) { return locate(name) != nullptr; }

std::optional<wall_time> in_zone(std::int64_t unix_seconds, std::string_view zone) {
  // Years 0 to 9999: what four digits of a year can say.
  unix_seconds = std::clamp<std::int64_t>(unix_seconds, -62167219200, 253402300799);
  const date::sys_seconds at{std::chrono::seconds(unix_seconds)};
  if (zone.empty()) return wall(at, "UTC");
  const auto* z = locate(zone);
  if (z == nullptr) return std::nullopt;
  try {
    const auto info = z->get_info(at);
    return wall(at + info.offset, zone_text(info.abbrev));
  } catch (const std::exception&) {
    return std::nullopt;  // a zone file that cannot be read
  }
}

std::string date_time(std::string_view language, std::int64_t unix_seconds, std::string_view zone) {
  auto t = in_zone(unix_seconds, zone);
  if (!t) t = in_zone(unix_seconds, "");
  return text(language, "format.datetime",
              {{"year", std::to_string(t->year)},
               {"month", two(unsigned(t->month))},
               {"day", two(unsigned(t->day))},
               {"hour", two(unsigned(t->hour))},
               {"minute", two(unsigned(t->minute))},
               {"zone", t->zone}});
}

}  // namespace loyang::server::i18n
