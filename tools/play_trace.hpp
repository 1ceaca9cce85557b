#pragma once
// `loyang play --trace`: one JSON line per command of a script, for rules authors.
#include <cstddef>

#include <nlohmann/json.hpp>

#include "loyang/engine/events.hpp"

namespace loyang::tools {

/// The trace line of the script's command number `index` (0-based), sent by `player` as `cmd`
/// (its JSON as the script gave it), with `result` ({"ok": true} or {"ok": false, "error"}),
/// applied to give `s` with `events` (empty when refused):
///   {"command": index, "player", "cmd", "result", "version": s.version,
///    "events": [...every event, unredacted...], "to_act": [seats],
///    "legal": [...the legal commands of the seat to act now (to_act[0]); [] at the end...]}
nlohmann::json trace_line(std::size_t index, engine::player_id player, const nlohmann::json& cmd,
                          const nlohmann::json& result, const engine::state& s, const engine::event_list& events);

}  // namespace loyang::tools
