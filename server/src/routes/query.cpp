// Reading a route's query of whole numbers (query.hpp).
#include "query.hpp"

#include <algorithm>
#include <charconv>

namespace loyang::server::routes {
namespace {

std::optional<std::int64_t> number(std::string_view text, bool zero_allowed) {
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < 0 || (v == 0 && !zero_allowed)) return std::nullopt;
  return v;
}

}  // namespace

query_numbers read_query(std::string_view query, std::initializer_list<std::string_view> allowed,
                         std::initializer_list<std::string_view> from_zero) {
  query_numbers out;
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    const auto eq = pair.find('=');
    const auto key = pair.substr(0, eq);
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      out.error = "unknown query parameter \"";
      out.error->append(key).append("\"");
      return out;
    }
    const bool zero = std::find(from_zero.begin(), from_zero.end(), key) != from_zero.end();
    const auto v = eq == std::string_view::npos ? std::nullopt : number(pair.substr(eq + 1), zero);
    if (!v) {
      const std::string_view rule = zero ? "\" must be a whole number, 0 or more" : "\" must be a positive whole number";
      out.error.emplace(1, '"');
      out.error->append(key).append(rule);
      return out;
    }
    out.values[std::string(key)] = *v;
  }
  return out;
}

}  // namespace loyang::server::routes
