#pragma once
/// What one viewer of a game receives as its "view": the engine's view of the state, plus
/// what this viewer may do now (so a client needs no rules knowledge), who must act, and the
/// game log. The server diffs consecutive views to make patches.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include "loyang/engine/game.hpp"

namespace loyang::protocol {

/// One accepted command as the log shows it to everyone, as JSON text:
/// `{"cmd":...,"player":p,"version":v}` (`version`: the game version the command produced).
/// `cmd_text` must be the command's compact JSON text (as stored). Every command's content is
/// public once accepted (hand cards named in a command go face up into play or the Courtyard).
std::string log_entry_text(std::uint32_t version, engine::player_id player,
                           std::string_view cmd_text);

/// The view of `s` for `viewer` (a seat, or engine::no_player for a spectator), without the log:
/// `{"game": state_to_json(view), "seat": n|null, "legal": [commands...], "to_act": [seats]}`.
/// Needs the full state `s`. The server adds `"log": [log_entry_text...]` (the whole game's
/// log, so that a new entry is one "add" at "/log/-" in a patch).
nlohmann::json client_view(const engine::state& s, engine::player_id viewer);

}  // namespace loyang::protocol
