#include "game_rebuild.hpp"

#include <string>

#include "loyang/engine/game.hpp"
#include "loyang/engine/serialize.hpp"
#include "loyang/persistence/error.hpp"
#include "loyang/protocol/command_json.hpp"

namespace loyang::persistence::detail {
namespace {

std::string game_name(std::int64_t id) { return "game " + std::to_string(id); }

// The snapshot's state, which must be exactly the state its hash describes.
engine::state checked_start(std::int64_t id, const game_head& head, const snapshot_view& s) {
  auto start = engine::decode(s.state);
  const std::string where = game_name(id) + ": the snapshot at version " + std::to_string(s.version);
  if (!start) throw engine_mismatch(where + " does not decode (state format changed)");
  if (engine::state_hash(*start) != s.hash) throw engine_mismatch(where + " does not match its stored hash");
  if (start->version != s.version || start->seed != head.seed || !(start->opts == head.options)) {
    throw engine_mismatch(where + " is not a state of this game at that version");
  }
  return std::move(*start);
}

}  // namespace

game_rebuild::game_rebuild(std::int64_t id, game_head head, std::optional<snapshot_view> snapshot)
    : id_(id),
      head_(std::move(head)),
      from_(snapshot ? snapshot->version : 0),
      out_{snapshot ? checked_start(id, head_, *snapshot) : engine::new_game(head_.options, head_.seed), {}} {
  out_.log.reserve(head_.version);
}

void game_rebuild::add(std::uint32_t version, engine::player_id player, std::string_view text, std::int64_t at) {
  if (version != out_.log.size() + 1) {
    throw damaged_game(game_name(id_) + ": the log has no command " + std::to_string(out_.log.size() + 1));
  }
  const auto where = [&] { return game_name(id_) + ": command " + std::to_string(version); };
  if (version > from_) {
    const auto json = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
    if (json.is_discarded()) throw damaged_game(where() + " is not JSON");
    const auto cmd = protocol::parse_command(json);
    if (!cmd) throw engine_mismatch(where() + " no longer parses: " + cmd.error().message);
    if (const auto e = engine::apply(out_.state, player, cmd.value())) {
      throw engine_mismatch(where() + " (" + std::string(text) + ") no longer applies: " + e->code);
    }
  } else if (!nlohmann::json::accept(text.begin(), text.end())) {
    // Not replayed (the snapshot covers it), but sent to clients in the log: checked without
    // building it.
    throw damaged_game(where() + " is not JSON");
  }
  out_.log.push_back({version, player, std::string(text), at});
}

void game_rebuild::seen(engine::player_id seat, std::uint32_t version) { out_.last_seen.emplace_back(seat, version); }

loaded_game game_rebuild::finish() && {
  const auto version = head_.version;
  if (out_.log.size() != version) {
    throw damaged_game(game_name(id_) + ": the log ends at " + std::to_string(out_.log.size()) +
                ", the game is at version " + std::to_string(version));
  }
  if (out_.state.version != version || (head_.hash && engine::state_hash(out_.state) != *head_.hash) ||
      (!head_.hash && version != 0)) {
    throw engine_mismatch(game_name(id_) + ": replaying the log does not give the stored state at version " +
                          std::to_string(version));
  }
  return std::move(out_);
}

}  // namespace loyang::persistence::detail
