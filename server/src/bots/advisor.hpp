#pragma once
// Internal: bots for players (issue 24), a room of its own: a hint at a running game (the strong
// bot's suggestion for the asker's seat) and the analysis of a finished game. It keeps the last
// hint of each game and the analyses asked for lately; the thinking runs on the bot pool (the
// one the games' rooms use for their bots). It reads the games through the narrow `lookups` the
// composition root wires to the lobby; a game's room hands over a copy of what is needed.
//
// It runs on the games' strand (the lobby's), as rating_service does: its checks read the
// games the lobby holds.
#include <boost/asio/any_io_executor.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>

#include "../accounts/accounts.hpp"
#include "../core/api_reply.hpp"
#include "../core/beast.hpp"
#include "../history/game_log.hpp"
#include "../core/metrics.hpp"
#include "../core/records.hpp"
#include "analysis.hpp"
#include "bot_pool.hpp"

namespace loyang::server {

class bot_advisor : public std::enable_shared_from_this<bot_advisor> {
 public:
  struct options {
    /// Playouts per decision in the analysis of a finished game.
    int analysis_playouts = analysis::default_playouts;
  };

  /// Reads the game as its viewers were last sent it: the record, the state now and the log.
  using log_reader = std::function<void(const game_record&, const engine::state&, const history::game_log&)>;

  /// What the advisor reads of the games (the lobby's, wired in assemble.cpp). On the games'
  /// strand, but `now`, which any thread may call.
  struct lookups {
    /// Unix seconds now.
    std::function<std::int64_t()> now;
    /// The game `id` as held, or nullptr.
    std::function<const game_record*(std::int64_t id)> game;
    /// Runs `then` on the games' strand; on several nodes after reading `game`'s row again.
    std::function<void(std::int64_t game, std::function<void()> then)> fresh;
    /// Runs `read` on the room of `game` (loaded if needed), on the room's strand; or `failed`
    /// with the load failure's code and message (game_unavailable, storage_failed).
    std::function<void(std::int64_t game, log_reader read,
                       std::function<void(std::string code, std::string message)> failed)>
        read_log;
  };

  /// `pool`: where the bots think; `io`: where an analysis waits when the pool is full.
  bot_advisor(strand_type games_strand, options o, std::shared_ptr<bot_pool> pool, std::shared_ptr<metrics> stats,
              boost::asio::any_io_executor io, lookups look);

  /// POST /api/games/{id}/hint: the strong bot's suggestion for `who`'s seat, asked again at
  /// the same position the same answer; 404 no_such_game, 409 not_seated, not_active,
  /// not_playing, nothing_to_decide, 403 hints_not_offered (rated games, the daily
  /// challenge), 503 bots_busy or a load failure.
  void hint(identity who, std::int64_t game, reply_fn reply);
  /// POST (`start`) or GET /api/games/{id}/analysis: a finished game's analysis, started on
  /// POST when nobody asked yet (202); its status either way; 404 no_such_game, 409
  /// not_finished, 403 the record's refusals or not_allowed (the day's daily challenge), 503
  /// bots_busy or a load failure.
  void analysis(identity who, std::int64_t game, bool start, reply_fn reply);

 private:
  strand_type strand_;
  options options_;
  std::shared_ptr<bot_pool> pool_;
  std::shared_ptr<metrics> stats_;
  boost::asio::any_io_executor io_;
  lookups look_;
  analysis::cache analyses_;  // on the strand
  // The last hint of each game: (version, seat) and the answer. The search may be cut by its
  // time limit, so asking again at the same position returns this rather than a second opinion.
  std::unordered_map<std::int64_t, std::tuple<std::uint32_t, engine::player_id, nlohmann::json>> hints_;  // on the strand
};

}  // namespace loyang::server
