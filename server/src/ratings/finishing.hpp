#pragma once
/// What the ratings read from a stored game record: its place in finishing order, the ranking
/// of its stored result (server/src/games/result.hpp), and the community flags of its `extra`.
/// Pure: records in, values out.
#include <nlohmann/json.hpp>

#include <compare>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "loyang/persistence/records.hpp"

namespace loyang::ratings {

using persistence::game_record;

/// A finished game's place in finishing order: when it was last updated (it finished then),
/// then its id. Every table applies games in this order.
struct finish_key {
  std::int64_t at = 0;
  std::int64_t game = 0;
  auto operator<=>(const finish_key&) const = default;
};

/// Returns (g.updated_at, g.id).
finish_key finish_key_of(const game_record& g);

/// One seat's line in a finished game's stored result.
struct placed_seat {
  std::size_t seat = 0;
  int rank = 1;  ///< 1: won; tied seats share a rank
  /// The seat's final position (a solo game's level) and Cash; absent in a game that ended
  /// early and in results stored before the server kept them.
  std::optional<int> position;
  std::optional<int> cash;
  bool operator==(const placed_seat&) const = default;
};

/// The ranking of `g`'s stored result, in the result's order (best first).
/// Returns nullopt unless `g` is finished and its result's "ranking" names every seat exactly
/// once with an integer rank in 1..seats (a result that cannot be read counts nowhere).
std::optional<std::vector<placed_seat>> placed_seats(const game_record& g);

/// The ruleset as the options JSON spells it ("yucata", "original").
std::string ruleset_name(const game_record& g);

/// Whether `g.extra` is an object whose `key` is JSON true.
bool extra_flag(const game_record& g, std::string_view key);

/// `g.extra[key]` when `g.extra` is an object and that member is a string.
std::optional<std::string> extra_string(const game_record& g, std::string_view key);

}  // namespace loyang::ratings
