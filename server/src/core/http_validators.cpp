#include "http_validators.hpp"

#include <array>
#include <charconv>
#include <cstdio>

namespace loyang::server {
namespace {

constexpr std::array<std::string_view, 7> week_days{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
constexpr std::array<std::string_view, 12> months{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                  "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

/// The opaque part of an entity tag ("xyz" of W/"xyz"): what weak comparison compares.
std::string_view opaque(std::string_view tag) {
  if (tag.substr(0, 2) == "W/") tag.remove_prefix(2);
  return tag;
}

std::optional<int> number(std::string_view text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

file_validators validators_of(std::uintmax_t size,
                              std::chrono::sys_time<std::chrono::nanoseconds> modified) {
  using namespace std::chrono;
  const auto seconds = floor<std::chrono::seconds>(modified);
  const auto nanos = (modified - seconds).count();
  char tag[80];
  std::snprintf(tag, sizeof tag, "W/\"%jx-%llx-%llx\"", size,
                static_cast<unsigned long long>(seconds.time_since_epoch().count()),
                static_cast<unsigned long long>(nanos));
  return {tag, seconds};
}

std::string http_date(std::chrono::sys_seconds time) {
  using namespace std::chrono;
  const auto day = floor<days>(time);
  const year_month_day date{day};
  const hh_mm_ss clock{time - day};
  char text[40];
  std::snprintf(text, sizeof text, "%s, %02u %s %04d %02d:%02d:%02d GMT",
                week_days[weekday{day}.c_encoding()].data(), static_cast<unsigned>(date.day()),
                months[static_cast<unsigned>(date.month()) - 1].data(), static_cast<int>(date.year()),
                static_cast<int>(clock.hours().count()), static_cast<int>(clock.minutes().count()),
                static_cast<int>(clock.seconds().count()));
  return text;
}

std::optional<std::chrono::sys_seconds> parse_http_date(std::string_view text) {
  using namespace std::chrono;
  // "Sun, 06 Nov 1994 08:49:37 GMT"
  //  0123456789012345678901234567 8
  if (text.size() != 29 || text.substr(3, 2) != ", " || text[7] != ' ' || text[11] != ' ' ||
      text[16] != ' ' || text[19] != ':' || text[22] != ':' || text.substr(25) != " GMT") {
    return std::nullopt;
  }
  unsigned month = 0;
  while (month < months.size() && months[month] != text.substr(8, 3)) ++month;
  const auto d = number(text.substr(5, 2));
  const auto y = number(text.substr(12, 4));
  const auto h = number(text.substr(17, 2));
  const auto m = number(text.substr(20, 2));
  const auto s = number(text.substr(23, 2));
  if (month == months.size() || !d || !y || !h || !m || !s || *h > 23 || *m > 59 || *s > 60) {
    return std::nullopt;
  }
  const year_month_day date{year{*y}, std::chrono::month{month + 1}, day{static_cast<unsigned>(*d)}};
  if (!date.ok()) return std::nullopt;
  const sys_days day_start{date};
  if (week_days[weekday{day_start}.c_encoding()] != text.substr(0, 3)) return std::nullopt;
  return day_start + hours{*h} + minutes{*m} + seconds{*s};
}

bool etag_matches(std::string_view field, std::string_view etag) {
  auto skip_separators = [&field] {
    while (!field.empty() && (field.front() == ' ' || field.front() == '\t' || field.front() == ',')) {
      field.remove_prefix(1);
    }
  };
  skip_separators();
  if (field == "*") return true;
  while (!field.empty()) {
    const std::size_t start = field.substr(0, 2) == "W/" ? 2 : 0;
    if (field.size() <= start || field[start] != '"') return false;  // not an entity tag
    const auto close = field.find('"', start + 1);
    if (close == std::string_view::npos) return false;
    if (opaque(field.substr(0, close + 1)) == opaque(etag)) return true;
    field.remove_prefix(close + 1);
    skip_separators();
  }
  return false;
}

bool not_modified(const request& req, const file_validators& v) {
  if (req.method() != http::verb::get && req.method() != http::verb::head) return false;
  const auto [first, last] = req.equal_range(http::field::if_none_match);
  if (first != last) {  // several fields are one list (RFC 9110 5.3)
    for (auto it = first; it != last; ++it) {
      if (etag_matches(it->value(), v.etag)) return true;
    }
    return false;
  }
  if (const auto it = req.find(http::field::if_modified_since); it != req.end()) {
    const auto since = parse_http_date(it->value());
    return since && v.last_modified <= *since;
  }
  return false;
}

}  // namespace loyang::server
