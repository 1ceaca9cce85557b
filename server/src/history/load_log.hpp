#pragma once
// Internal: the log a game is loaded with (lobby::load): its events recomputed by replaying the
// game from its start, or, when that no longer works, its commands alone.
#include "../core/records.hpp"
#include "game_log.hpp"
#include "loyang/persistence/store.hpp"

namespace loyang::server::history {

/// game_log::rebuild of `loaded.log` from the start of `game`, checked against the stored state.
/// When a command no longer applies or the replay ends elsewhere than the stored state (the
/// rules changed since the game began), logs a warning and gives game_log::commands_only: the
/// game goes on from its stored state, but its earlier events and history are lost. Never
/// throws for the log's sake.
game_log load_log(const game_record& game, const persistence::loaded_game& loaded);

}  // namespace loyang::server::history
