#pragma once
// Internal: one player's part of the state JSON.
#include <nlohmann/json.hpp>

#include "loyang/engine/state.hpp"

namespace loyang::protocol::detail {

/// {"wheat": n, ..., "leek": n}.
nlohmann::json counts_json(const engine::veg_counts& c);

/// Player `p` of `s`; the field pile ids only when `full` and none is hidden.
nlohmann::json player_to_json(const engine::state& s, engine::player_id p, bool full);

}  // namespace loyang::protocol::detail
