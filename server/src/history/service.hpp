#pragma once
// Internal: the history room's routes: a view of a game at any version (GET
// /api/games/{id}/history) and a finished game's record (GET /api/games/{id}/record), for
// guests too. Who may ask for what is decided on the games' strand (the lobby's) from the
// game's record (access.hpp); the game's room (loaded if needed) then answers from its log on
// its own strand. Replays cost CPU and need no account, so each client address may read only
// so often: this room keeps that count.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "../accounts/accounts.hpp"
#include "../accounts/throttle.hpp"
#include "../core/api_reply.hpp"
#include "../core/beast.hpp"
#include "../core/records.hpp"
#include "game_log.hpp"

namespace loyang::server::history {

class service : public std::enable_shared_from_this<service> {
 public:
  /// Reads a game's room: its record, its current state and its log; on the room's strand.
  using log_reader = std::function<void(const game_record&, const engine::state&, const game_log&)>;

  /// What the history reads of others.
  struct lookups {
    /// Names (a record's players) and the clock.
    std::shared_ptr<class accounts> accounts;
    /// The game `id` as the lobby holds it, or nullptr; on the games' strand.
    std::function<const game_record*(std::int64_t id)> game;
    /// Runs `then` on the games' strand, game `id` read again first on several nodes.
    std::function<void(std::int64_t id, std::function<void()> then)> fresh;
    /// Runs `read` in the room of `id`, a game the lobby holds, loaded if needed; else
    /// `failed(code, message)` (game_unavailable, storage_failed). On the games' strand.
    std::function<void(std::int64_t id, log_reader read,
                       std::function<void(const std::string& code, const std::string& message)> failed)>
        read_log;
  };

  /// `reads_per_minute`: history and record reads one client address may make (0: no limit).
  service(strand_type games_strand, int reads_per_minute, lookups look);

  /// GET /api/games/{id}/history?`query`: the game as `who` (nullopt: a guest) may see it at a
  /// version (access.hpp says who may ask for what). `client`: the asker's address, for the
  /// per-address limit (429 too_many_requests). 404 no_such_game, 400 bad_request, 403
  /// not_allowed, 503 game_unavailable or storage_failed.
  void history(std::optional<identity> who, std::int64_t game, std::string query, std::string client,
               reply_fn reply);
  /// GET /api/games/{id}/record: a finished game's record (record.hpp); as history() for the
  /// limit and the errors.
  void record(std::optional<identity> who, std::int64_t game, std::string client, reply_fn reply);

 private:
  strand_type strand_;
  lookups look_;
  rate_limit reads_;  // per client address, on the strand
};

}  // namespace loyang::server::history
