#pragma once
/// A fixed starting position (engine::setup_override) as JSON, for tests and scripted games:
/// {"deck": ["R09", ...], "field_piles": [["PF3-A", ...], ...], "hands": [["M01", ...], ...],
///  "intro": ["R01", ...], "starting": 0, "reshuffles": [["R09", "M01", ...], ["C14", "..."]]}.
/// Every list is top card first; every field is optional. A reshuffle's list may end with
/// "..." (engine::fixed_order::rest_shuffled). See docs/protocol.md, "Fixed setups".
#include <nlohmann/json.hpp>

#include "loyang/engine/state.hpp"
#include "loyang/protocol/parse_result.hpp"

namespace loyang::protocol {

/// Only the members that are set (non-empty lists, a starting player).
nlohmann::json setup_to_json(const engine::setup_override& s);

/// Reads a setup override. Never throws; errors have code "bad_setup" (not an object, an
/// ill-typed or unknown field, an unknown card or field name). Whether the setup is possible
/// (no card used twice, list sizes) is checked by engine::new_game, which throws
/// std::invalid_argument.
parsed<engine::setup_override> parse_setup(const nlohmann::json& j);

}  // namespace loyang::protocol
