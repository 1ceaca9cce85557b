#pragma once
// Internal: a game's result as its record keeps it and the API shows it (docs/protocol.md,
// "Results"): the ranking, how the game ended, and which persons left their seats on the way.
// A player who resigned is ranked below everyone who did not, whatever the bot then scored on
// his seat; a seat whose time ran out keeps the rank its bot earned (the game says it timed
// out), except when the game ends because of it.
#include <nlohmann/json.hpp>

#include "../core/records.hpp"
#include "loyang/engine/state.hpp"

namespace loyang::server::games {

/// A seat's `gone` ("timeout", "resigned" or null) and `gone_at` (Unix seconds or null), as the
/// summary, the view's table and the record show them.
nlohmann::json gone_json(const seat_record& s);
nlohmann::json gone_at_json(const seat_record& s);

/// The result of a game that ended by its rules (`s` finished): {"ended": "normally",
/// "ranking": [{"player": seat, "rank": r, "position", "cash", "vegetables"}, ...] best first,
/// "departures": [...]}; the scores are the engine's ranking_entry's.
nlohmann::json final_result(const game_record& g, const engine::state& s);

/// The result of a 2-player game that ended early because `loser` resigned or ran out of time
/// (`g.seats[loser].gone` says which): the other seat first, `loser` last; "ended" is
/// "resigned" or "timeout" and "seat" is `loser`.
nlohmann::json ended_early(const game_record& g, engine::player_id loser);

}  // namespace loyang::server::games
