#pragma once
// Internal: the ratings room. It owns every figure the ratings compute (ratings/summary.hpp:
// the Elo table, the profiles' statistics, the daily challenge's tables), counts each game
// when it finishes (the hub's game_finished), and answers the public profile, the rating
// history and the leaderboard. The lobby asks it whether a player's rating or finishing record
// lets him join a game, and reads the daily tables for the daily challenge.
//
// It runs on the games' strand (the lobby's): the lobby's join reads it in the middle of its
// own work, and a profile reads which games its asker may see from the lobby. Both are read
// on that strand; its own strand comes when they no longer need to be.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "../accounts/accounts.hpp"
#include "../core/api_reply.hpp"
#include "../core/beast.hpp"
#include "../games/visibility.hpp"
#include "../core/records.hpp"
#include "../social/relations.hpp"
#include "summary.hpp"

namespace loyang::server {

class rating_service : public std::enable_shared_from_this<rating_service> {
 public:
  /// What the ratings read of others; all but `game` any thread.
  struct lookups {
    std::shared_ptr<class accounts> accounts;
    /// Who keeps whom as a friend, mutes or blocks him (shown on a profile).
    std::shared_ptr<const social::relations> relations;
    /// The game `id` as the lobby holds it, or nullptr; on the games' strand.
    std::function<const game_record*(std::int64_t id)> game;
    /// How fast `account` answers (store::load_move_times over its latest games), read off the
    /// I/O threads; `done` gets nullopt when the store could not say. Empty: not shown.
    std::function<void(std::int64_t account, std::function<void(std::optional<persistence::store::move_times>)> done)>
        move_times = {};
    /// Whether a rated game may seat bot accounts and persons together (--rated-bot-games).
    bool rated_bot_games = false;
  };

  rating_service(strand_type games_strand, lookups look);

  /// Counts the finished games of `all` (any order, any status): at start, before requests.
  void load(const std::vector<game_record>& all);
  /// Counts `g`, which finished now (the hub's game_finished); on the games' strand.
  void add(const game_record& g);

  /// Why `who` may not join `g` by its minimum rating (403 rating_too_low) or finishing
  /// record (403 finishing_record_too_low), or because `g` is rated and would seat a bot
  /// account with a person (403 bot_unrated, unless the operator allows it), or nullopt. On the
  /// games' strand.
  std::optional<api_reply> refusal(const game_record& g, const identity& who) const;
  /// Every table; on the games' strand.
  const ratings::summary& tables() const { return tables_; }

  /// GET /api/players/{name}: the public profile as `who` (nullopt: a guest) may see it;
  /// 404 no_such_player.
  void profile(std::optional<identity> who, const std::string& name, reply_fn reply);
  /// GET /api/players/{name}/ratings: the rating after each rated game `who` may see
  /// (games/visibility.hpp); 404 no_such_player.
  void rating_history(std::optional<identity> who, const std::string& name, reply_fn reply);
  /// GET /api/leaderboard?offset=&limit=: accounts with rated games, best first.
  void leaderboard(std::size_t offset, std::size_t limit, reply_fn reply);

 private:
  /// Whether game `game` exists and `who` may see it; on the games' strand.
  bool seen_game(std::int64_t game, const games::asker& who) const;

  strand_type strand_;
  lookups look_;
  ratings::summary tables_;  // on the strand
};

}  // namespace loyang::server
