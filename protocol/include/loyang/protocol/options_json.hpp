#pragma once
/// Game options as JSON: {"players": 2, "ruleset": "yucata" | "original", "introductory": false,
/// "edition": 2}.
#include <cstdint>

#include <nlohmann/json.hpp>

#include "loyang/engine/types.hpp"
#include "loyang/protocol/parse_result.hpp"

namespace loyang::protocol {

/// All four fields, always (so a stored game's options name its rules edition).
nlohmann::json options_to_json(const engine::options& o);

/// Reads and validates options. "players" is required; "ruleset" defaults to "yucata",
/// "introductory" to false and "edition" (the rules edition, engine/types.hpp) to
/// `absent_edition`: the current one for a new game; a stored game's options written before
/// editions existed have none and are edition 1 (the store passes engine::first_edition).
/// Never throws; errors have code "bad_options": not an object, a missing, ill-typed or unknown
/// field, an unknown ruleset, or options engine::validate rejects (players outside 1-4, an
/// edition it does not know).
parsed<engine::options> parse_options(const nlohmann::json& j,
                                      std::uint8_t absent_edition = engine::current_edition);

}  // namespace loyang::protocol
