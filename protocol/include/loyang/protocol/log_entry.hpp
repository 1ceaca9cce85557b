#pragma once
/// One entry of a game's log as views show it (snapshots' `log`, a patch's `/log/-` add, the
/// history endpoint): the accepted command, when it was accepted and what it caused, for one
/// reader. docs/protocol.md ("Log entries").
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "loyang/engine/types.hpp"

namespace loyang::protocol {

/// The entry's JSON text, keys sorted as nlohmann writes them:
/// `{"at":A,"cmd":CMD,"events":EVENTS,"player":P,"version":V}`. `cmd_text` must be the
/// command's compact JSON text (as stored), `events_text` a JSON array of events already
/// redacted for the entry's reader (events_to_json(engine::redact(...)).dump()). When
/// `cmd_offset` is given it receives where `cmd_text` starts in the result (so a caller may
/// keep only the entry and still find its command).
std::string log_entry_text(std::uint32_t version, engine::player_id player,
                           std::string_view cmd_text, std::int64_t at,
                           std::string_view events_text, std::size_t* cmd_offset = nullptr);

}  // namespace loyang::protocol
