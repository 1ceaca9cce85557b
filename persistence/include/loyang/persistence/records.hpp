#pragma once
/// What the server knows about accounts and games outside the engine state: the lobby keeps
/// these in memory, a store (store.hpp) makes them durable.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "loyang/engine/state.hpp"

namespace loyang::persistence {

struct account_record {
  std::int64_t id = 0;
  std::string name;
  std::string password_hash;
  std::int64_t created_at = 0;  ///< Unix seconds
};

/// A login: the hash of its bearer token (the token itself is never stored).
struct token_record {
  std::string hash;
  std::int64_t account = 0;
  std::int64_t created_at = 0;    ///< Unix seconds: the absolute lifetime counts from here
  std::int64_t last_used_at = 0;  ///< Unix seconds, stored at most about once an hour
  auto operator<=>(const token_record&) const = default;
};

/// open: waiting for players; active: in play; finished: ended; cancelled: everyone left first.
enum class game_status { open, active, finished, cancelled };

/// Who may watch a game as a spectator: everyone who may see it, or only its seated players.
enum class watch_policy { everyone, players };

/// One seat: empty, a person, or a server-side bot.
struct seat_record {
  std::int64_t account_id = 0;  ///< 0 when empty or a bot
  bool bot = false;
  bool taken() const { return bot || account_id != 0; }
};

struct game_record {
  std::int64_t id = 0;
  engine::options options;
  std::uint64_t seed = 0;  ///< chosen when the game starts; secret
  game_status status = game_status::open;
  std::int64_t creator = 0;
  std::vector<std::string> invited;  ///< empty: anyone may join; else private to these names
  watch_policy watch = watch_policy::everyone;
  std::vector<seat_record> seats;
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
  std::uint32_t version = 0;             ///< accepted commands
  std::vector<engine::player_id> to_act;  ///< who must act now
  std::int64_t waiting_since = 0;        ///< when to_act last changed (Unix seconds)
  nlohmann::json result;                 ///< the final ranking, once finished
  /// The game's turn clocks as the server keeps them (server/src/clocks: its stored() JSON),
  /// written with each command; null: no clock. Opaque to the store.
  nlohmann::json clock;
};

/// One accepted command as it is stored.
struct command_record {
  std::int64_t game = 0;
  std::uint32_t version = 0;  ///< the version it produced (1 for the first command)
  engine::player_id player = 0;
  /// The command's JSON text, compact (command_to_json(c).dump()): what is stored and what the
  /// game's log shows, made once.
  std::string cmd;
  std::int64_t at = 0;  ///< Unix seconds
};

/// A command as a loaded game's log holds it: its JSON as stored (compact, as nlohmann writes
/// it), not parsed. Only the commands after the latest snapshot need parsing to rebuild the
/// state, and a room keeps a long game's log as text.
struct logged_command {
  std::uint32_t version = 0;
  engine::player_id player = 0;
  std::string cmd;  ///< valid JSON text of the command
  std::int64_t at = 0;
};

std::string_view status_name(game_status s);
/// "everyone" or "players", as stored and as the API spells it.
std::string_view watch_name(watch_policy w);

}  // namespace loyang::persistence
