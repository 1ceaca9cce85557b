#pragma once
// Internal: the bot levels of a game's seats (issue 24). Kept in the game record's `extra`
// JSON, so no schema change: "bot_levels" (one entry per seat: a level name, or null for a
// person) and "takeover_level" (the level of a bot that takes over a seat whose player timed
// out or resigned). A bot seat without a stored level (games from before levels) is `random`:
// the bot it was created with.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "../core/records.hpp"
#include "loyang/bots/bot.hpp"

namespace loyang::server::bot_seats {

using level = loyang::bots::level;

/// The level of new bots when create-game names none, and of takeovers.
inline constexpr level default_level = level::easy;
/// The level of a bot seat with no stored level (a game from before levels).
inline constexpr level legacy_level = level::random;

/// What create-game says of bots: "bots" (a count, or a list of levels, one per bot seat),
/// "bot_level" (the level of bots given by count) and "takeover_level".
struct request {
  std::vector<level> levels;        // one per bot seat, in seat order
  std::optional<level> bot_level;   // "bot_level"
  bool listed = false;              // "bots" was a list
  level takeover = default_level;   // "takeover_level"
  int count() const { return static_cast<int>(levels.size()); }
};

/// Reads one create-game field of `r` ("bots", "bot_level", "takeover_level"). nullopt when
/// `key` is not one of them, "" when read, else why the value is wrong.
std::optional<std::string> read_field(const std::string& key, const nlohmann::json& value, request& r);
/// Why the fields together are wrong ("" when they are not); fills in the levels of bots
/// given by count. Call after every field is read.
std::string finish(request& r);

/// The last r.count() seats of `g` become bots of their levels; records the takeover level.
void seat(game_record& g, const request& r);
/// The last levels.size() seats of `g` become bots of `levels` (a rematch's bots).
void seat(game_record& g, const std::vector<level>& levels);

/// The level of the bot at `seat`, nullopt for a person's seat.
std::optional<level> level_of(const game_record& g, std::size_t seat);
/// The levels of the seats bots had from the start (no account), in seat order.
std::vector<level> starting_levels(const game_record& g);
/// The level name at `seat` for summaries, views and records; null for a person's seat.
nlohmann::json level_json(const game_record& g, std::size_t seat);
/// A bot of the game's takeover level plays `seat` from now on.
void take_over(game_record& g, std::size_t seat);
/// The level that takes over seats of `g` whose player timed out or resigned.
level takeover_level(const game_record& g);

/// The level names the server knows, quoted and comma-separated, for error messages.
std::string known_names();

}  // namespace loyang::server::bot_seats
