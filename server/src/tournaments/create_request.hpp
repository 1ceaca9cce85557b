#pragma once
// Internal: POST /api/tournaments's body read into a new tournament (not yet numbered nor
// stored), or why it is refused. Unit-testable without a server.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <variant>

#include "tournament.hpp"

namespace loyang::server::tournaments {

/// The most entrants of a Swiss: its rules pair up to 256, but a play-by-web round of 64 is
/// already weeks of games. A round robin takes its rules' most (round_robin.hpp).
inline constexpr int max_swiss_entrants = 64;
inline constexpr int max_swiss_rounds = 15;

/// `body`: {"name", "format": "swiss" | "round_robin", "players" (per game, 2-4), "rounds"
/// (Swiss only, 1-15), "max_players", "min_players", "starts_at" (Unix seconds, from 1 minute
/// to 60 days after `now`; null or absent: when full), "ruleset", "time_control" (as a game's;
/// required, not "none", and not "vote" on a timeout), "rated", "min_rating", "min_finished"}.
/// Returns the tournament (open, created at `now` by `creator`) or a sentence for 400
/// bad_request (or a text rule's code and sentence, as "code: sentence").
std::variant<tournament, std::string> read_create_request(const nlohmann::json& body, std::int64_t creator,
                                                          std::int64_t now);

}  // namespace loyang::server::tournaments
