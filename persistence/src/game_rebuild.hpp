#pragma once
// Internal: a stored game rebuilt from its game row, its latest snapshot and its command log,
// each checked against what the engine makes of it. Both stores' readers feed it the rows
// they read (in one read transaction).
#include <cstdint>
#include <optional>
#include <string_view>

#include "loyang/persistence/store.hpp"

namespace loyang::persistence::detail {

/// What the game row says of the game's state.
struct game_head {
  engine::options options;
  std::uint64_t seed = 0;
  std::uint32_t version = 0;
  std::optional<std::uint64_t> hash;  ///< engine::state_hash at `version`; none before the first command
};

/// The latest snapshot at or below the game row's version.
struct snapshot_view {
  std::uint32_t version = 0;
  std::string_view state;  ///< engine::encode
  std::uint64_t hash = 0;
};

class game_rebuild {
 public:
  /// Starts from `snapshot` (checked: it decodes, matches its hash, and is a state of this
  /// game at its version) or from the game's first state. Throws engine_mismatch.
  game_rebuild(std::int64_t id, game_head head, std::optional<snapshot_view> snapshot);

  /// The next command of the log, in version order: replayed when the snapshot does not cover
  /// it, else only checked to be JSON. Throws persistence::error for a gap or text that is not
  /// JSON, engine_mismatch when it no longer parses or applies.
  void add(std::uint32_t version, engine::player_id player, std::string_view text, std::int64_t at);

  /// The version `seat` last saw.
  void seen(engine::player_id seat, std::uint32_t version);

  /// The game, once the whole log was added. Throws persistence::error when the log is shorter
  /// than the game's version, engine_mismatch when the replay ends in another state than the
  /// game row's hash.
  loaded_game finish() &&;

 private:
  std::int64_t id_;
  game_head head_;
  std::uint32_t from_ = 0;
  loaded_game out_;
};

}  // namespace loyang::persistence::detail
