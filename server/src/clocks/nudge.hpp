#pragma once
// Internal: a nudge (docs/protocol.md, "Nudges"): a player reminds those who must act, and have
// thought for a while, that the game waits for them. Pure: the record and the time in, the
// next record (the nudge noted in its extra, "nudges": {"SEAT": T}) or a refusal out; the room
// stores it with the notifications it causes (notify/news.cpp).
#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include "../core/records.hpp"
#include "timeouts.hpp"

namespace loyang::server::clocks {

/// How long the game must have stood still (no command, no new seat to act) before a nudge.
inline constexpr std::int64_t nudge_after = 3600;
/// How often one seat may nudge in one game.
inline constexpr std::int64_t nudge_every = 24 * 3600;

/// `seat` nudges the persons who must act in `g` at `now` (not himself, not bots). Refusals:
/// 409 not_active, 409 nobody_to_nudge (only bots or himself to act), 409 not_waiting_long
/// (the game moved, or they came to act, less than an hour ago: the message says from when), 429 nudged_today (he
/// nudged in this game within 24 hours: the message says from when).
std::variant<game_record, refusal> nudge(const game_record& g, engine::player_id seat, std::int64_t now);

/// The persons a nudge by `seat` reaches in `g`: the seats to act held by persons, but `seat`.
std::vector<engine::player_id> nudged(const game_record& g, engine::player_id seat);

/// When `seat` last nudged in `g`, if ever.
std::optional<std::int64_t> last_nudge(const game_record& g, engine::player_id seat);

}  // namespace loyang::server::clocks
