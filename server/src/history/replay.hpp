#pragma once
// Internal: a game's view at an earlier version, by replaying its log from the nearest state
// the log keeps (or from the start).
#include <cstdint>
#include <string>

#include "game_log.hpp"
#include "viewer.hpp"

namespace loyang::server::history {

/// The JSON text of the client view of the game at `version` (0 .. log.size()) for `viewer`,
/// as a snapshot's "view" showed it at that version, with `legal` empty (a past moment is not
/// a move) and the log's first `version` entries redacted for `viewer`. `all`: the full state
/// (every hand, the draw pile, the seed) and every entry's events unredacted (recomputed by
/// replaying from the start the first time, then kept: game_log::unredacted_array_text): only
/// for finished games. `start` is the game's state before
/// its first command (engine::new_game). Throws std::out_of_range for a version beyond the
/// log, std::runtime_error when a logged command no longer applies (checked on load).
std::string view_text_at(const engine::state& start, const game_log& log, std::uint32_t version,
                         const viewer_choice& viewer);

}  // namespace loyang::server::history
