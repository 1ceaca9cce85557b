#pragma once
// Internal: a Unix time written in UTC with a strftime format (mail dates, deadlines in text).
#include <cstdint>
#include <ctime>
#include <string>

namespace loyang::server::notify {

inline std::string utc_text(std::int64_t t, const char* format) {
  const std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  char text[64];
  std::strftime(text, sizeof text, format, &tm);
  return text;
}

}  // namespace loyang::server::notify
