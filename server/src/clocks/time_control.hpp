#pragma once
// Internal: how a game is paced, chosen when it is created (docs/protocol.md, "Time control"):
// no clock (friendly games), a limit per move, or a time bank (Board Game Arena's and Little
// Golem's kinds). The seconds are whole; the game's clock (game_clock.hpp) applies them.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <variant>

namespace loyang::server::clocks {

/// What happens when a seat's time runs out (docs/protocol.md, "When time runs out").
enum class timeout_policy {
  bot,   ///< a bot plays the seat for the rest of the game (the default)
  vote,  ///< the other players vote: wait longer (one more decision's time) or hand it to the bot
  end,   ///< 2 players only: the game ends and the seat that ran out is ranked last
};

struct time_control {
  enum class kind { none, per_move, bank };
  kind what = kind::none;
  timeout_policy on_timeout = timeout_policy::bot;
  /// per_move: the seconds a seat has for each decision it must make.
  std::int64_t per_move = 0;
  /// bank: the seconds each seat starts with, gets back after each decision, and may hold.
  std::int64_t initial = 0;
  std::int64_t increment = 0;
  std::int64_t cap = 0;

  bool operator==(const time_control&) const = default;
};

/// The shortest and longest limits a creator may choose: a minute is the least a person can
/// answer in (tests and blitz), a year the most any play-by-web game waits.
inline constexpr std::int64_t min_seconds = 60;
inline constexpr std::int64_t max_seconds = 366 * 24 * 3600;

/// Reads a game's "time_control" option: {"type": "none"}, {"type": "per_move", "seconds": S},
/// or {"type": "bank", "initial": S, "increment": S, "cap": S} (cap >= initial; increment may be
/// 0), each clocked kind with an optional "on_timeout": "bot" (the default), "vote" or "end".
/// Seconds are whole numbers from min_seconds to max_seconds (an increment from 0). Gives the
/// reason, as a sentence, when the value is anything else (unknown fields included). Whether
/// "end" suits the game's number of players is the caller's to check.
std::variant<time_control, std::string> parse_time_control(const nlohmann::json& j);

/// The JSON parse_time_control reads (with "on_timeout" always spelled out when clocked).
nlohmann::json to_json(const time_control& tc);

/// "bot", "vote" or "end".
const char* policy_name(timeout_policy p);

/// The seconds of one whole decision: the limit per move, or the bank's initial time (0 with no
/// clock). What a vote to wait gives, and the measure of the reminders and vote windows.
std::int64_t decision_seconds(const time_control& tc);

}  // namespace loyang::server::clocks
