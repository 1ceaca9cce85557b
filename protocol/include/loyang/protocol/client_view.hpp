#pragma once
/// What one viewer of a game receives as its "view": the engine's view of the state, plus
/// what this viewer may do now (so a client needs no rules knowledge) with each command's price
/// and effect and why obvious ones are refused, who must act, and the game log. The server
/// diffs consecutive views to make patches.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include "loyang/engine/game.hpp"

namespace loyang::protocol {

/// The view of `s` for `viewer` (a seat, or engine::no_player for a spectator), without the log:
/// `{"game": state_to_json(view), "seat": n|null, "legal": [commands...], "to_act": [seats]}`,
/// and for a seat `"advice": advice_to_json(advise(s, viewer, legal))` (advice.hpp; no
/// `advice` key for a spectator).
/// Needs the full state `s`. The server adds `"log": [log_entry_text...]` (log_entry.hpp) (the whole game's
/// log, so that a new entry is one "add" at "/log/-" in a patch).
/// `moment::past` (a history view): a past moment is not a move, so `legal` is empty and a
/// seat's advice is `{"blocked": [], "legal": []}`, and neither is computed.
enum class moment { now, past };
nlohmann::json client_view(const engine::state& s, engine::player_id viewer, moment when = moment::now);

}  // namespace loyang::protocol
