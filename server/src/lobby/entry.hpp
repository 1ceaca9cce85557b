#pragma once
// Internal: whether a person may take one more seat: not where a player blocks him, not outside
// a game's rating limits (ratings/), not over his caps of open and unfinished games.
#include <map>
#include <optional>

#include "../core/api_reply.hpp"
#include "../core/identity.hpp"
#include "../core/records.hpp"
#include "limits.hpp"

namespace loyang::server {
class rating_service;
namespace social {
class relations;
}

namespace seat_entry {

/// Why `who` may not join `g` (blocked by a player there, or refused by its rating or finishing
/// limits), or nullopt; on the games' strand.
std::optional<api_reply> refusal(const game_record& g, const identity& who, const social::relations& relations,
                                 const rating_service& ratings);
/// Why `who` may not take a seat in one more of `games` (an open one when `open`, else one that
/// starts at once): too_many_games over either cap of `limits`; nullopt when he may.
std::optional<api_reply> over_cap(const std::map<std::int64_t, game_record>& games, const identity& who, bool open,
                                  const lobby_limits& limits);

}  // namespace seat_entry
}  // namespace loyang::server
