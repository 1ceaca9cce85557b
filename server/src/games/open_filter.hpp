#pragma once
// Internal: what the open-games list (GET /api/games) may be narrowed to (docs/protocol.md,
// "Lists in pages"): player counts, time controls, the ruleset, rated or not, a player seated,
// and a rating range every seated person is in. Pure: the query's parameters in, a filter out;
// the lobby asks it of each open game.
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "../core/records.hpp"
#include "loyang/protocol/parse_result.hpp"

namespace loyang::server::games {

struct open_filter {
  std::set<int> players;                ///< seat counts (1-4); empty: any
  std::set<std::string> time_controls;  ///< "none", "per_move", "bank"; empty: any
  std::optional<std::string> ruleset;   ///< "original" or "yucata"
  std::optional<bool> rated;
  std::optional<std::string> player;    ///< an account name seated (any case)
  std::optional<long> rating_min, rating_max;

  /// Whether `g` (an open game) passes. `player_account`: the account `player` names (0: none
  /// has that name); `rating_of` gives an account's shown rating (the initial one without rated
  /// games).
  bool passes(const game_record& g, std::int64_t player_account, const std::function<long(std::int64_t)>& rating_of) const;
};

/// Whether `key` is one of the filter's query parameters: players, time_control, ruleset,
/// rated, player, rating_min, rating_max.
bool is_filter_key(std::string_view key);

/// Reads one filter parameter `key`=`value` into `f` (comma-separated lists for players and
/// time_control). A bad value is a parse_error "bad_request" saying what is allowed.
protocol::parsed<bool> read_filter(open_filter& f, std::string_view key, std::string_view value);

}  // namespace loyang::server::games
