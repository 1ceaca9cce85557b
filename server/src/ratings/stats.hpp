#pragma once
/// A public profile's figures, per account, over the finished games he sat in (cancelled games
/// never count): games by player count and ruleset, wins and average rank, how his games ended
/// for him, his recent games and his best solo level. Definitions: docs/ratings.md.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "finishing.hpp"

namespace loyang::ratings {

/// Recent games kept per account.
inline constexpr std::size_t recent_games_kept = 10;

/// His games of one kind: one player count and one ruleset.
struct kind_stats {
  int players = 0;
  std::string ruleset;  ///< "yucata" or "original"
  int games = 0;
  int finished = 0;  ///< played to the end by him (not timed out, not resigned)
  int wins = 0;      ///< rank 1 (a shared first place included)
  long rank_sum = 0;
  /// rank_sum / games; a kind is listed only once it has a game.
  double average_rank() const { return static_cast<double>(rank_sum) / games; }
  bool operator==(const kind_stats&) const = default;
};

struct recent_game {
  std::int64_t game = 0;
  int players = 0;
  std::string ruleset;
  int rank = 0;
  bool rated = false;
  std::int64_t finished_at = 0;
  bool operator==(const recent_game&) const = default;
};

/// His highest solo level (the position of his solo game's ranking entry), played to the end
/// by himself.
struct solo_best {
  std::int64_t game = 0;
  int level = 0;
  int cash = 0;
  std::int64_t finished_at = 0;
  bool operator==(const solo_best&) const = default;
};

struct player_stats {
  std::int64_t account = 0;
  int games = 0;  ///< every finished game he sat in, solo included
  /// Wins and ranks overall count multiplayer games only: a solo game's rank is always 1, and
  /// its measure is the level (best_solo).
  int multiplayer_games = 0;
  int wins = 0;
  long rank_sum = 0;
  /// How each game ended for him: played to the end, his time ran out, he resigned.
  int finished = 0;
  int timed_out = 0;
  int resigned = 0;
  std::vector<kind_stats> kinds;    ///< by (players, ruleset)
  std::vector<recent_game> recent;  ///< newest first, at most recent_games_kept
  std::optional<solo_best> best_solo;

  /// rank_sum / multiplayer_games; nullopt without a multiplayer game.
  std::optional<double> average_rank() const;
  /// finished / games; nullopt without a game.
  std::optional<double> finish_share() const;
  bool operator==(const player_stats&) const = default;
};

/// Every account's figures. Adding a game is order-independent (recent games are kept sorted
/// by finish, best solo ties go to the earlier finish), so the server's running table and one
/// built from scratch agree.
class stats_table {
 public:
  /// Counts `g` for each account seated in it if it is finished with a readable result
  /// (placed_seats) and not counted already; returns whether it counted.
  bool add(const game_record& g);

  /// The account's figures, or nullptr when it has no finished game.
  const player_stats* find(std::int64_t account) const;

  const std::map<std::int64_t, player_stats>& players() const { return players_; }

  bool operator==(const stats_table&) const = default;

 private:
  std::set<std::int64_t> counted_;  ///< game ids
  std::map<std::int64_t, player_stats> players_;
};

}  // namespace loyang::ratings
