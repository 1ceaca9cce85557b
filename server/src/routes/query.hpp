#pragma once
// Internal: reading a route's query of whole numbers ("?before=12&limit=50"), the same way for
// every feature's routes: an unknown parameter or a bad number is an error the caller answers
// as 400 bad_query.
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace loyang::server::routes {

/// A query's integer parameters, or why it is refused.
struct query_numbers {
  std::optional<std::string> error;
  std::map<std::string, std::int64_t, std::less<>> values;

  /// The value of `key`, or `otherwise` when the query has none.
  std::int64_t get(std::string_view key, std::int64_t otherwise) const {
    const auto it = values.find(key);
    return it == values.end() ? otherwise : it->second;
  }
};

/// Each of `allowed` with a positive value, or zero or more for those in `from_zero` (an
/// offset, a yes/no). Anything else in the query, or a bad number, gives `error`.
query_numbers read_query(std::string_view query, std::initializer_list<std::string_view> allowed,
                         std::initializer_list<std::string_view> from_zero = {});

}  // namespace loyang::server::routes
