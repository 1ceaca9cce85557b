#pragma once
// Internal: what the community features add to a game record (persistence's game_record::
// extra, a JSON object): "rated" (bool), "min_rating" (int), "min_finished" (0 to 1), "chat"
// ("players" or "everyone"), "rematch_of" (a game id), "daily" ("YYYY-MM-DD"), "declined"
// (names). Absent keys mean the defaults: unrated, no entry limits, the players' chat.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "../core/records.hpp"

namespace loyang::server::games {

/// Reads one create-game field this file owns ("rated", "min_rating", "min_finished", "chat")
/// into `extra`. Returns nullopt when `key` is not one of them, "" when read, else why the
/// value is wrong.
std::optional<std::string> read_extra_field(const std::string& key, const nlohmann::json& value, nlohmann::json& extra);

/// Why `extra` does not suit a game of `players` seats with `bots` bots ("" when it does): a
/// rated game is for 2 or more people and no bots; entry limits are for games with others.
std::string check_extra(const nlohmann::json& extra, int players, int bots);

bool rated(const game_record& g);
std::optional<int> min_rating(const game_record& g);
std::optional<double> min_finished(const game_record& g);
/// The day of a daily challenge game ("YYYY-MM-DD"), if it is one.
std::optional<std::string> daily_of(const game_record& g);
/// The game this one is a rematch of, if any.
std::optional<std::int64_t> rematch_of(const game_record& g);

/// What the summary shows of `extra`: {"rated", "min_rating", "min_finished", "chat",
/// "rematch_of", "daily", "declined"}, each null when absent.
nlohmann::json extra_summary(const game_record& g);

}  // namespace loyang::server::games
