#pragma once
// Times in a reader's time zone, for e-mails and webhooks: an IANA zone ("Europe/Paris") of the
// system's tz database (/usr/share/zoneinfo, Debian's tzdata), read through Howard Hinnant's
// date library. No zone ("") is UTC.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace loyang::server::i18n {

/// A moment as a clock on the wall shows it.
struct wall_time {
  int year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0;
  /// What the zone calls itself then: its abbreviation ("CET", "CEST", "EST", "UTC"), or the
  /// offset from UTC where the database has no letters for it ("UTC+03", "UTC+05:45").
  std::string zone;
};

/// Whether `name` is a zone of the tz database ("Europe/Paris", "America/New_York", "UTC").
/// "" is not; nor is a path ("../x"), "localtime", or anything when the database is missing.
bool known_zone(std::string_view name);

/// The wall time at `unix_seconds` in `zone` ("": UTC), or nullopt for a zone known_zone()
/// refuses.
std::optional<wall_time> in_zone(std::int64_t unix_seconds, std::string_view zone);

/// The catalog's `format.datetime` of `language` ("{year}-{month}-{day} {hour}:{minute} {zone}"
/// in English) filled with the wall time at `unix_seconds` in `zone`: month, day, hour and
/// minute with two digits. An unknown zone is written in UTC.
std::string date_time(std::string_view language, std::int64_t unix_seconds, std::string_view zone);

}  // namespace loyang::server::i18n
