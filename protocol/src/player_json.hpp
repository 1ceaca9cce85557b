#pragma once
// Internal: one player's part of the state JSON.
#include <nlohmann/json.hpp>

#include "loyang/engine/state.hpp"

namespace loyang::protocol::detail {

/// {"wheat": n, ..., "leek": n}.
nlohmann::json counts_json(const engine::veg_counts& c);

/// One field: {"id", "crop", "count", "size", "allows", "under"}.
nlohmann::json field_to_json(const engine::field& f);

/// One card of a play area: {"card", "kind", "under", ...by kind}.
nlohmann::json played_to_json(const engine::played_card& pc);

/// Solo game: the Offer, the imaginary opponent and the rating, added to the state's JSON `j`.
void add_solo_json(const engine::state& s, nlohmann::json& j);

/// How many seats game.players holds: all but the solo game's imaginary opponent.
std::size_t players_in_json(const engine::state& s);

/// The state's JSON without "players" (see state_to_json): with the players' objects added
/// under "players" it is state_to_json(s, full).
nlohmann::json state_top_json(const engine::state& s, bool full);

/// A player's "fields" and "played" arrays.
nlohmann::json fields_json(const engine::player_state& ps);
nlohmann::json played_json(const engine::player_state& ps);

/// Player `p` of `s` without "fields" and "played" (with them it is player_to_json).
nlohmann::json player_top_json(const engine::state& s, engine::player_id p, bool full);

/// Player `p` of `s` (which depends on nothing but s.players[p]); the field pile ids only when
/// `full` and none is hidden.
nlohmann::json player_to_json(const engine::state& s, engine::player_id p, bool full);

}  // namespace loyang::protocol::detail
