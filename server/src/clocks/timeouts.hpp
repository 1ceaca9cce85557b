#pragma once
// Internal: what a game's record becomes when its clock comes due, when a player resigns, and
// when the others vote on waiting for a player whose time ran out (docs/protocol.md, "When
// time runs out"). Pure: records in, records out, the time given; the room stores the result
// and tells its viewers.
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "../core/records.hpp"

namespace loyang::server::clocks {

/// What a wake did: the record after it, and what happened, for metrics and notifications.
struct wake_outcome {
  game_record next;
  bool changed = false;  ///< next differs from the record given (store it)
  std::vector<std::pair<engine::player_id, int>> reminders;  ///< (seat, 1 halfway | 2 shortly before)
  std::vector<engine::player_id> timed_out;
  std::vector<engine::player_id> votes_opened;  ///< seats the others now vote on
};

/// Applies whatever `g`'s clock has due at `now`: reminders are taken (noted in the clock so
/// that each is sent once); a seat out of time is handed to a bot, put to a vote, or (2
/// players, "end") loses the game, as the game's policy says; a vote whose window passed is
/// decided. A game that is not active, or has no clock, is returned unchanged.
wake_outcome on_wake(const game_record& g, std::int64_t now);

/// A refusal: a stable code, a sentence and the HTTP status the API answers with.
struct refusal {
  std::string code;
  std::string message;
  int status = 409;
};

/// `seat` resigns at `now`: in a 2-player game, and in a daily challenge's game, the game ends
/// with him last; otherwise a bot plays his seat for the rest of the game and he is ranked
/// below those who stayed.
std::variant<game_record, refusal> resign(const game_record& g, engine::player_id seat, std::int64_t now);

/// `voter` votes to wait (or not) for the seat whose time ran out. The vote closes at once when
/// anyone says not to wait (the bot takes over) or when everyone who may vote said wait (the
/// seat gets one more decision's time).
std::variant<game_record, refusal> cast_vote(const game_record& g, engine::player_id voter, bool wait,
                                             std::int64_t now);

/// The persons who may vote on waiting for `seat`: seated accounts still playing, but `seat`.
std::vector<engine::player_id> voters(const game_record& g, engine::player_id seat);

/// When `g` next wants waking (its clock's next reminder, deadline or vote end); nullopt when
/// it is not active or has no clock running.
std::optional<std::int64_t> next_wake(const game_record& g);

}  // namespace loyang::server::clocks
