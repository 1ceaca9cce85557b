#pragma once
/// Engine events as JSON: `{"type": "<event_name>", ...members}`, with the conventions of
/// commands (cards by id, `"hidden"` for a card the viewer may not see, vegetables and fields
/// by name, players by seat, null for no player / no card). docs/protocol.md ("Events") lists
/// every event type with an example.
#include <nlohmann/json.hpp>

#include "loyang/engine/events.hpp"

namespace loyang::protocol {

/// The JSON of one event.
nlohmann::json event_to_json(const engine::event& e);

/// The JSON array of `events` (already redacted for its reader: engine::redact).
nlohmann::json events_to_json(const engine::event_list& events);

}  // namespace loyang::protocol
