#pragma once
/// Ratings: Elo applied pairwise over a rated game's final ranking (docs/ratings.md says why).
///
/// Everybody starts at 1500. In a rated game of n seats every pair of seats is one match,
/// scored 1 / 0.5 / 0 by rank (a shared rank is a draw) against the expected score
/// E = 1 / (1 + 10^((Rj - Ri) / 400)); a player's change is K / (n - 1) times the sum of
/// (S - E) over his n - 1 matches, all computed from the ratings before the game. K is 32, 40
/// while the player has fewer than 10 rated games (provisional). Computed in double; shown
/// rounded.
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "finishing.hpp"

namespace loyang::ratings {

inline constexpr double initial_rating = 1500.0;
inline constexpr double k_factor = 32.0;
inline constexpr double provisional_k_factor = 40.0;
/// Rated games after which K is no longer provisional.
inline constexpr int provisional_games = 10;

/// Whether `g` counts for the ratings: finished, `extra.rated` true, 2 seats or more, every
/// seat a distinct account from the start (a seat a bot took over from its person still
/// counts, at the rank the result gives it), and a result that ranks every seat
/// (placed_seats). Solo, bot, cancelled and unrated games do not.
bool is_rated(const game_record& g);

/// One rated game in a player's history.
struct rating_change {
  std::int64_t game = 0;
  std::int64_t at = 0;  ///< when the game finished (its updated_at)
  double before = initial_rating;
  double after = initial_rating;
  bool operator==(const rating_change&) const = default;
};

struct player_rating {
  std::int64_t account = 0;
  double rating = initial_rating;
  int games = 0;                       ///< rated games played
  std::vector<rating_change> history;  ///< in finishing order
  bool operator==(const player_rating&) const = default;
};

/// A leaderboard line: `rank` is the 1-based place in the board's order.
struct leaderboard_entry {
  int rank = 0;
  std::int64_t account = 0;
  long rating = 0;  ///< rounded
  int games = 0;
  bool operator==(const leaderboard_entry&) const = default;
};

/// A rating as shown: rounded to the nearest integer (halves away from zero).
long shown_rating(double rating);

/// The ratings of every account that played a rated game.
class elo_table {
 public:
  /// Applies `g` if it is rated (is_rated) and not applied already; returns whether it did.
  /// Games are meant to come in finishing order (finish_key); one that finished before a game
  /// already applied (two finishing in the same second, in another order) is put in its place
  /// and the later ones applied again, so the table never depends on the order of the calls.
  bool add(const game_record& g);

  /// The account's rating, or nullptr when it has no rated game.
  const player_rating* find(std::int64_t account) const;

  /// Every account with a rated game, by account id.
  const std::map<std::int64_t, player_rating>& players() const { return players_; }

  /// Accounts with at least one rated game: by rating (unrounded) descending, then more rated
  /// games, then the lower account id. Paginate by slicing.
  std::vector<leaderboard_entry> leaderboard() const;

  /// How many rated games were applied.
  std::size_t rated_games() const { return applied_.size(); }

  bool operator==(const elo_table&) const = default;

 private:
  struct rated_game {
    finish_key key;
    std::vector<std::int64_t> accounts;  ///< by seat
    std::vector<int> ranks;              ///< by seat
    bool operator==(const rated_game&) const = default;
  };
  void apply(const rated_game& r);

  std::vector<rated_game> applied_;  ///< in finishing order
  std::map<std::int64_t, player_rating> players_;
};

}  // namespace loyang::ratings
