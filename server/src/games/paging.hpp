#pragma once
// Internal: the pages of the lobby's game lists. A list has a total order of sort keys
// (group, time, id); a page is the `limit` games after the cursor's key, and its cursor is the
// key of its last game. So a game that did not change between two requests is on exactly one
// page, whatever else was added, removed or moved meanwhile.
#include <compare>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "loyang/protocol/parse_result.hpp"
#include "open_filter.hpp"

namespace loyang::server::games {

inline constexpr std::size_t default_page_size = 50;
inline constexpr std::size_t max_page_size = 200;

/// Which list a cursor belongs to: one list's cursor is refused by the other.
enum class list_kind { open, mine };

/// A game's place in a list, ascending. Each list gives group and time its own meaning
/// (e.g. a negated time, to put the newest first); id breaks every tie.
struct sort_key {
  std::int64_t group = 0;
  std::int64_t time = 0;
  std::int64_t id = 0;
  auto operator<=>(const sort_key&) const = default;
};

/// What a list request asks for.
struct page_request {
  std::size_t limit = default_page_size;
  std::optional<sort_key> after;  ///< the cursor's key; nullopt: the first page
  open_filter filter;             ///< the open list only (open_filter.hpp); else empty
};

/// Reads the query string of a list request (the text after '?', percent-encoded as RFC 3986
/// says, '+' read as a space): `limit` (1 to max_page_size) and `cursor` (from an earlier
/// page of the same list), each at most once, both optional; the open list also takes its
/// filters (open_filter.hpp), each at most once. Any other parameter, a repeated one, bad
/// percent-encoding or a bad value is a parse_error with code "bad_request".
protocol::parsed<page_request> parse_page_query(std::string_view query, list_kind list);

/// The cursor text whose page starts after `last`. Opaque to clients.
std::string encode_cursor(list_kind list, const sort_key& last);

/// The part of a list (its keys sorted ascending) that one page shows.
struct slice {
  std::size_t first = 0;  ///< index into the sorted keys
  std::size_t count = 0;
  nlohmann::json next_cursor;  ///< the next page's cursor, or null on the last page
};

/// The page `page` asks for out of `sorted` (ascending, no duplicates).
slice page_of(std::span<const sort_key> sorted, const page_request& page, list_kind list);

}  // namespace loyang::server::games
