#pragma once
/// What one viewer of a game receives as its "view": the engine's view of the state, plus
/// what this viewer may do now (so a client needs no rules knowledge), who must act, and the
/// game log. The server diffs consecutive views to make patches.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

#include "loyang/engine/game.hpp"

namespace loyang::protocol {

/// One accepted command, as the log shows it to everyone. Every command's content is public
/// once accepted (hand cards named in a command go face up into play or the Courtyard).
struct log_entry {
  std::uint32_t version = 0;  ///< the game version the command produced
  engine::player_id player = 0;
  nlohmann::json cmd;
};

/// `{"version", "player", "cmd"}`.
nlohmann::json log_entry_json(const log_entry& e);

/// The view of `s` for `viewer` (a seat, or engine::no_player for a spectator), without the log:
/// `{"game": state_to_json(view), "seat": n|null, "legal": [commands...], "to_act": [seats]}`.
/// Needs the full state `s`. The server adds `"log": [log_entry_json...]` (the whole game's
/// log, so that a new entry is one "add" at "/log/-" in a patch).
nlohmann::json client_view(const engine::state& s, engine::player_id viewer);

}  // namespace loyang::protocol
