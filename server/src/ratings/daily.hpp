#pragma once
/// The daily solo challenge: the day's seed, the day's leaderboard and the players' streaks.
///
/// A daily game is a finished solo game whose `extra.daily` names its day ("YYYY-MM-DD",
/// UTC). It counts for that day (board and streak) only when its player played it to the end
/// himself and it finished on that same UTC day: the seed is the same for everybody, so a
/// game finished later could have been played after watching the day's replays. One game per
/// account and day counts: the one that finished first.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "finishing.hpp"

namespace loyang::ratings {

/// The day's game seed: the first 8 bytes, little endian, of BLAKE2b-256 (libsodium's
/// crypto_generichash, no key) over `secret` + "|daily|" + `date`. Needs the server's daily
/// secret (never sent) and a date as utc_date writes it; any bytes are accepted.
std::uint64_t daily_seed(std::string_view secret, std::string_view date);

/// The UTC calendar date of a Unix time, "YYYY-MM-DD" (years 0..9999; pure arithmetic).
std::string utc_date(std::int64_t unix_seconds);

/// Days since 1970-01-01 of a date written "YYYY-MM-DD"; nullopt when it is not one (wrong
/// shape or no such day).
std::optional<std::int64_t> day_number(std::string_view date);

/// A line of a day's leaderboard; `rank` is the 1-based place in the board's order.
struct daily_entry {
  int rank = 0;
  std::int64_t account = 0;
  int level = 0;  ///< the solo ranking entry's position
  int cash = 0;
  std::int64_t game = 0;
  std::int64_t finished_at = 0;
  bool operator==(const daily_entry&) const = default;
};

/// Whether the deal of `g` is still everybody's secret at `now` (Unix seconds): `g` is a daily
/// game and its UTC day has not ended yet. The day is over for everyone at 00:00 UTC of the next
/// day: nobody can start that day's game any more, and a game finished later counts for nothing
/// that ranks (board, streak, best solo), so its cards help nobody. A malformed day stays secret.
/// Until then no read shows the seed, the draw pile or a bot's view of the game's future
/// (docs/security.md, "The daily challenge's deal").
bool deal_secret(const game_record& g, std::int64_t now);

/// Consecutive days with a counted daily game.
struct streak {
  /// The run ending today, or yesterday when today's game is not played yet; 0 otherwise.
  int current = 0;
  int best = 0;  ///< the longest run ever
  bool operator==(const streak&) const = default;
};

class daily_table {
 public:
  /// Counts `g` for its day if it is a daily game that counts (see above); returns whether it
  /// does (false for any other game, and for a second game of the same account and day that
  /// finished later than the one kept).
  bool add(const game_record& g);

  /// The day's board: level descending, then Cash descending, then who finished first, then
  /// the lower account id. Empty for a day without games or a malformed date.
  std::vector<daily_entry> leaderboard(std::string_view date) const;

  /// The account's line on the day's board (with its rank), if he has a game that counts.
  std::optional<daily_entry> entry(std::string_view date, std::int64_t account) const;

  /// The account's streaks as of `today` ("YYYY-MM-DD"); a malformed date gives no current
  /// streak. Days after `today` do not make the current streak.
  streak streak_of(std::int64_t account, std::string_view today) const;

  bool operator==(const daily_table&) const = default;

 private:
  /// day number -> account -> his counted game (rank not set)
  std::map<std::int64_t, std::map<std::int64_t, daily_entry>> days_;
  std::map<std::int64_t, std::set<std::int64_t>> played_;  ///< account -> day numbers
};

}  // namespace loyang::ratings
