#pragma once
// Internal: a game's view at an earlier version, by replaying its log from the start.
#include <cstdint>

#include <nlohmann/json.hpp>

#include "game_log.hpp"
#include "viewer.hpp"

namespace loyang::server::history {

/// The client view of the game at `version` (0 .. log.size()) for `viewer`, as a snapshot's
/// "view" shows it at that version, with `legal` empty (a past moment is not a move) and the
/// log's first `version` entries redacted for `viewer`. `all`: the full state (every hand, the
/// draw pile, the seed) and every entry's events unredacted: only for finished games.
/// `start` is the game's state before its first command (engine::new_game). Throws
/// std::runtime_error when a logged command no longer applies (the log was checked on load).
nlohmann::json view_at(const engine::state& start, const game_log& log, std::uint32_t version,
                       const viewer_choice& viewer);

}  // namespace loyang::server::history
