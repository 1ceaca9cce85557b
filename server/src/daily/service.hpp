#pragma once
// Internal: the daily challenge's room: today's challenge for a player (GET /api/daily), his
// game of the day started (POST /api/daily, once a day), and a day's board (GET
// /api/daily/leaderboard). It keeps the server's daily secret, from which each day's deal is
// made (ratings/daily.hpp); the figures (boards, streaks) are the ratings room's, which counts
// every finished game; the game itself is the lobby's, made through `lookups`.
//
// It runs on the games' strand (the lobby's): "not played yet today" and the new game must be
// one step there, or two requests at once would both start a game.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "../accounts/accounts.hpp"
#include "../core/api_reply.hpp"
#include "../core/beast.hpp"
#include "../core/records.hpp"
#include "../ratings/daily.hpp"

namespace loyang::server::daily {

class service : public std::enable_shared_from_this<service> {
 public:
  /// What the daily challenge reads and asks of others; all but `accounts` on the games' strand.
  struct lookups {
    /// Names (the board) and the clock.
    std::shared_ptr<class accounts> accounts;
    /// The days' boards and the players' streaks (the ratings room's).
    std::function<const ratings::daily_table&()> table;
    /// The daily game `account` started for `day` ("YYYY-MM-DD"), or nullptr.
    std::function<const game_record*(std::int64_t account, const std::string& day)> game_of_day;
    /// Makes and stores the game `g` (every seat taken), dealt with `seed`; `done` gets "" and
    /// its summary, or the store's error code (lobby::add_started_game).
    std::function<void(game_record g, std::uint64_t seed,
                       std::function<void(const std::string& error, nlohmann::json summary)> done)>
        start_game;
  };

  service(strand_type games_strand, lookups look);

  /// The server's daily secret (the catalog's), before any request.
  void start(std::string secret) { secret_ = std::move(secret); }

  /// GET /api/daily: today's date and options, whether `who` played (his game, its status and
  /// his place), how many played today, his streaks.
  void today(identity who, reply_fn reply);
  /// POST /api/daily: starts `who`'s game of the day: 201 and its summary; 409 daily_played
  /// (with "game" when it is known here); 503 a storage code.
  void start_game(identity who, reply_fn reply);
  /// GET /api/daily/leaderboard?date= (empty: today): a day's board; 400 bad_query for a bad
  /// or future date; 403 play_first for today's until `who` finished his game.
  void board(identity who, std::string date, reply_fn reply);

 private:
  strand_type strand_;
  lookups look_;
  std::string secret_;  // never sent to anyone
};

}  // namespace loyang::server::daily
