#pragma once
// Internal: one player's part of the state JSON.
#include <nlohmann/json.hpp>

#include "loyang/engine/state.hpp"

namespace loyang::protocol::detail {

/// {"wheat": n, ..., "leek": n}.
nlohmann::json counts_json(const engine::veg_counts& c);

/// One card of a play area: {"card", "kind", "under", ...by kind}.
nlohmann::json played_to_json(const engine::played_card& pc);

/// Solo game: the Offer, the imaginary opponent and the rating, added to the state's JSON `j`.
void add_solo_json(const engine::state& s, nlohmann::json& j);

/// Player `p` of `s`; the field pile ids only when `full` and none is hidden.
nlohmann::json player_to_json(const engine::state& s, engine::player_id p, bool full);

}  // namespace loyang::protocol::detail
