#pragma once
/// The game state as JSON, for players (a view) and for tools and tests (the full state). This
/// is a display format: there is no parser; a game is stored as options + seed + commands.
/// docs/protocol.md, section "Game state JSON", describes every field.
#include <nlohmann/json.hpp>

#include "loyang/engine/state.hpp"

namespace loyang::protocol {

/// The JSON of `s`. With `full` false nothing secret is written: no seed, no state hash, the
/// draw pile and the field piles only as counts. With `full` true also "seed" (decimal string),
/// "state_hash" (16 hex digits), "draw_pile" and each player's "field_pile" (top first; a field
/// pile is left out when its ids are hidden). Cards the state hides (engine::hidden_card) are
/// written as "hidden". Pass a full state with `full` true, or a view (engine::view) with `full`
/// false: a full state with `full` false still shows every hand.
nlohmann::json state_to_json(const engine::state& s, bool full);

/// What `viewer` (a seat, or engine::no_player for a spectator) may see:
/// state_to_json(engine::view(s, viewer), false).
nlohmann::json view_to_json(const engine::state& s, engine::player_id viewer);

}  // namespace loyang::protocol
