#pragma once
// Internal: a finished game's record, the document players share (docs/protocol.md, "Game
// records"): options, seed, players, every command with its version and time, the result and
// the final state's hash, which `loyang play RECORD.json` replays and checks.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game_log.hpp"

namespace loyang::server::history {

/// The record of the finished game `g` whose final state is `final_state` and log `log`.
/// `names[i]`: the account name at seat i ("bot" for a bot).
nlohmann::json record_json(const game_record& g, const engine::state& final_state,
                           const game_log& log, const std::vector<std::string>& names);

}  // namespace loyang::server::history
