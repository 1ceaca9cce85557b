#include "paging.hpp"

#include <boost/url/parse_query.hpp>

#include <algorithm>
#include <charconv>
#include <set>

namespace loyang::server::games {
namespace {

constexpr std::size_t max_cursor = 80;

protocol::parse_error bad(std::string message) { return {"bad_request", std::move(message)}; }

char list_letter(list_kind list) { return list == list_kind::open ? 'o' : 'm'; }

/// A whole decimal integer (optionally negative) at the front of `text`, which it consumes.
std::optional<std::int64_t> take_integer(std::string_view& text) {
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end == text.data()) return std::nullopt;
  text.remove_prefix(static_cast<std::size_t>(end - text.data()));
  return n;
}

/// The key in a cursor text "<letter><group>.<time>.<id>" of `list`, or nullopt.
std::optional<sort_key> decode_cursor(std::string_view text, list_kind list) {
  if (text.size() > max_cursor || text.empty() || text.front() != list_letter(list)) {
    return std::nullopt;
  }
  text.remove_prefix(1);
  sort_key key;
  for (auto* part : {&key.group, &key.time, &key.id}) {
    if (part != &key.group) {
      if (text.empty() || text.front() != '.') return std::nullopt;
      text.remove_prefix(1);
    }
    const auto n = take_integer(text);
    if (!n) return std::nullopt;
    *part = *n;
  }
  if (!text.empty() || key.id <= 0) return std::nullopt;
  return key;
}

std::optional<std::size_t> parse_limit(std::string_view text) {
  std::size_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  if (n < 1 || n > max_page_size) return std::nullopt;
  return n;
}

}  // namespace

protocol::parsed<page_request> parse_page_query(std::string_view query, list_kind list) {
  page_request out;
  if (query.empty()) return out;
  const auto params = boost::urls::parse_query(query);
  if (!params) return bad("the query string is not valid percent-encoding");
  boost::urls::encoding_opts form;
  form.space_as_plus = true;
  bool seen_limit = false, seen_cursor = false;
  std::set<std::string> seen_filters;
  for (const auto& p : *params) {
    // "a=1&" and a bare "?" leave an empty parameter behind: nothing was asked.
    if (p.key.empty() && !p.has_value) continue;
    const auto key = p.key.decode(form);
    const auto value = p.value.decode(form);
    if (key == "limit") {
      if (seen_limit) return bad("\"limit\" is given twice");
      seen_limit = true;
      const auto n = parse_limit(value);
      if (!n) return bad("\"limit\" must be a number from 1 to " + std::to_string(max_page_size));
      out.limit = *n;
    } else if (key == "cursor") {
      if (seen_cursor) return bad("\"cursor\" is given twice");
      seen_cursor = true;
      out.after = decode_cursor(value, list);
      if (!out.after) return bad("\"cursor\" is not a cursor this list gave out");
    } else if (list == list_kind::open && is_filter_key(key)) {
      if (!seen_filters.insert(key).second) return bad("\"" + key + "\" is given twice");
      if (auto read = read_filter(out.filter, key, value); !read) return read.error();
    } else {
      return bad("unknown query parameter \"" + key.substr(0, 40) + "\"; this list takes \"limit\" and \"cursor\"" +
                 (list == list_kind::open ? std::string(", and the filters players, time_control, ruleset, rated, "
                                                       "player, rating_min and rating_max")
                                          : std::string()));
    }
  }
  return out;
}

std::string encode_cursor(list_kind list, const sort_key& last) {
  return list_letter(list) + std::to_string(last.group) + "." + std::to_string(last.time) + "." +
         std::to_string(last.id);
}

slice page_of(std::span<const sort_key> sorted, const page_request& page, list_kind list) {
  slice out;
  out.first = page.after ? static_cast<std::size_t>(
                               std::upper_bound(sorted.begin(), sorted.end(), *page.after) -
                               sorted.begin())
                         : 0;
  out.count = std::min(page.limit, sorted.size() - out.first);
  const std::size_t end = out.first + out.count;
  out.next_cursor = end < sorted.size() && out.count > 0
                        ? nlohmann::json(encode_cursor(list, sorted[end - 1]))
                        : nlohmann::json(nullptr);
  return out;
}

}  // namespace loyang::server::games
