#pragma once
/// Game options as JSON: {"players": 2, "ruleset": "yucata" | "original", "introductory": false}.
#include <nlohmann/json.hpp>

#include "loyang/engine/types.hpp"
#include "loyang/protocol/parse_result.hpp"

namespace loyang::protocol {

/// All three fields, always.
nlohmann::json options_to_json(const engine::options& o);

/// Reads and validates options. "players" is required; "ruleset" defaults to "yucata" and
/// "introductory" to false. Never throws; errors have code "bad_options": not an object, a
/// missing, ill-typed or unknown field, an unknown ruleset, or options engine::validate rejects
/// (players outside 2-4).
parsed<engine::options> parse_options(const nlohmann::json& j);

}  // namespace loyang::protocol
