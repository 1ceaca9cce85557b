#include "load_log.hpp"

#include <spdlog/spdlog.h>

#include <exception>
#include <stdexcept>

namespace loyang::server::history {

game_log load_log(const game_record& game, const persistence::loaded_game& loaded) {
  try {
    engine::state end;
    auto log = game_log::rebuild(engine::new_game(game.options, game.seed), loaded.log, &end);
    if (engine::state_hash(end) != engine::state_hash(loaded.state)) {
      throw std::runtime_error("replaying the log from the start does not give the stored state");
    }
    return log;
  } catch (const std::exception& e) {
    // The stored state was checked against the engine by the store: the game itself is sound.
    spdlog::warn("game {}: its log's events cannot be recomputed ({}); loaded without them", game.id,
                 e.what());
    return game_log::commands_only(std::size_t(game.options.players), loaded.log);
  }
}

}  // namespace loyang::server::history
