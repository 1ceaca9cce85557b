#pragma once
/// Engine commands as JSON: `{"type": "<command_name>", ...parameters}`. Cards are written by
/// their id string ("M01", "R09", "CF3-1", "trader-2"), vegetables by name ("wheat" ... "leek"),
/// fields by name ("HOME", "PF4-A", "CF3-1"), players by 0-based seat. docs/protocol.md lists
/// every command with an example.
#include <nlohmann/json.hpp>

#include "loyang/engine/commands.hpp"
#include "loyang/protocol/parse_result.hpp"

namespace loyang::protocol {

/// The JSON of a command. Optional parameters are written as null. Needs the command's card,
/// field and vegetable values to be real ones (as legal_commands produces them).
nlohmann::json command_to_json(const engine::command& c);

/// Reads a command. Never throws. Errors (code "bad_command", message naming the problem): not
/// an object, unknown "type", a missing, ill-typed or unknown field, an unknown card, vegetable or
/// field name, a number out of range. Nullable parameters may also be left out. Lists with a
/// canonical order (trade/trader "give", market_crier_sell "goods") are sorted, so clients may
/// send any order. For every command c that legal_commands lists,
/// command_to_json(parse_command(command_to_json(c)).value()) == command_to_json(c).
/// Whether the command is allowed is the engine's business (engine::apply).
parsed<engine::command> parse_command(const nlohmann::json& j);

}  // namespace loyang::protocol
