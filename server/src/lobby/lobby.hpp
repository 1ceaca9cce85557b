#pragma once
// Internal: games and seats, in memory and written through storage, and the rooms of the games
// in play (rooms.hpp). All on the lobby's strand; answers come through callbacks (any thread).
// The features hear of games through the hub (events/) and ask through assemble.cpp's lookups.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "../cluster/game_ids.hpp"
#include "../core/api_reply.hpp"
#include "../core/identity.hpp"
#include "../core/subscriber.hpp"
#include "../events/hub.hpp"
#include "../games/paging.hpp"
#include "limits.hpp"
#include "rooms.hpp"

namespace loyang::server {
class rating_service;
namespace games { class live_lists; }
namespace social { class relations; }
namespace clocks { class service; }
namespace cluster { class catch_up; class leadership; }

class lobby : public std::enable_shared_from_this<lobby> {
 public:
  /// `events`: where it publishes what happens to games and seats (events/events.hpp); `leads`:
  /// whether this node runs bots, clocks and notification delivery (always, alone); `users`,
  /// `notify` and `relations` (who blocks whom): what the lobby reads and feeds.
  lobby(net::io_context& ioc, storage& store, std::shared_ptr<metrics> stats, lobby_limits lim,
        std::shared_ptr<events::hub> events, std::shared_ptr<const cluster::leadership> leads,
        std::shared_ptr<class accounts> users, std::shared_ptr<notify::service> notify,
        std::shared_ptr<const social::relations> relations);
  ~lobby();
  /// Set before start(): ratings (entry limits), clocks (who is away), the catch-up (read again).
  void use_ratings(std::shared_ptr<rating_service> r) { ratings_ = std::move(r); }
  void use_clocks(std::shared_ptr<clocks::service> c) { clocks_ = std::move(c); }
  void use_catch_up(std::shared_ptr<cluster::catch_up> c) { catch_up_ = std::move(c); }
  /// `read` gets the catalog as stored in start(), before any request.
  void on_catalog(std::function<void(const persistence::store::catalog&)> read) { readers_.push_back(std::move(read)); }
  /// `stop` runs when the lobby stops (a room with timers of its own ends them); before start().
  void on_stop(std::function<void()> stop) { stoppers_.push_back(std::move(stop)); }
  /// Reads the catalog from storage (blocking) and starts the rooms' sweep; stop() ends all.
  void start();
  void stop();

  room_registry& rooms() { return *rooms_; }  // the games' rooms (rooms.hpp)
  /// The strand the games live on, shared with the features that read them.
  strand_type strand() const { return strand_; }

  // HTTP (docs/protocol.md). A private game `who` may not see is answered as no_such_game.
  void create_game(identity who, nlohmann::json body, reply_fn reply);
  void list_open(identity who, games::page_request page, reply_fn reply);
  void game_summary(identity who, std::int64_t game, reply_fn reply);
  void join(identity who, std::int64_t game, nlohmann::json body, reply_fn reply);
  void leave(identity who, std::int64_t game, reply_fn reply);
  void my_games(identity who, games::page_request page, reply_fn reply);
  void friends_games(identity who, reply_fn reply);
  void rematch(identity who, std::int64_t game, reply_fn reply);
  void decline(identity who, std::int64_t game, reply_fn reply);
  void live_games(std::optional<identity> who, std::size_t limit, reply_fn reply);

  // WebSocket: `who` told when `account`'s games or the open games change (games/live_lists.hpp);
  // the room of `game` and `who`'s seat there (spectator: watching), loading it if needed, or
  // why not: no_such_game, not_started, not_your_seat, not_allowed, or a load failure.
  void listen(std::int64_t account, std::weak_ptr<subscriber> who);
  void watch_open_games(std::weak_ptr<subscriber> who);
  /// Sends `text` to `account`'s connections that listen (see listen); any thread.
  void tell_account(std::int64_t account, std::string text);
  /// Sends `text` to the connections that sent `watch_lobby`; any thread.
  void tell_lobby_watchers(std::string text);
  void open_room(std::optional<identity> who, std::int64_t game, bool spectator,
                 std::function<void(room_grant)> answer);

  // For the features, on strand() only (wired in assemble.cpp).
  const game_record* find_game(std::int64_t id) const;
  /// The game of the highest id that `match` accepts, or nullptr.
  const game_record* find_game_if(const std::function<bool(const game_record&)>& match) const;
  void each_game(const std::function<void(const game_record&)>& f) const;
  /// Game `id`'s summary (GET /api/games/{id}); a game held here.
  nlohmann::json game_json(std::int64_t id) const { return summary(games_.at(id)); }
  /// Runs `then` on the strand, after reading `game` again on several nodes. Any thread.
  void fresh(std::int64_t game, std::function<void()> then, bool known_will_do = false);
  /// Makes and stores a started game of `g` (options, creator, seats; the lobby gives its id and
  /// times), dealt with `seed`: `done` gets "" and its summary, or the store's error code.
  void add_started_game(game_record g, std::uint64_t seed,
                        std::function<void(const std::string& error, nlohmann::json summary)> done);
  /// An operator cancels `game` (was `was`): its summary; 409 not_running, 503. Any thread.
  void cancel(std::int64_t game, game_status was, reply_fn reply);
  /// Several nodes (merge.cpp): another node's game row (never older), settled: past its open phase.
  void merge_game(game_record g);
  bool settled(std::int64_t id) const;
  void wake();  // the leader's: bots to move, clocks armed

 private:
  void on_progress(const game_record& g);
  void start_game(game_record& g, std::optional<std::uint64_t> seed = std::nullopt);
  nlohmann::json summary(const game_record& g) const;
  const game_record* visible_game(std::int64_t game, const std::optional<identity>& who) const;
  void persist_game(const game_record& g, const game_record& before, reply_fn reply, api_reply ok,
                    std::function<void()> stored = {});  // 503 and `g` back to `before` if not stored

  strand_type strand_;
  storage& store_;
  lobby_limits limits_;
  std::shared_ptr<events::hub> events_;
  std::shared_ptr<class accounts> accounts_;
  std::shared_ptr<notify::service> notify_;
  std::shared_ptr<games::live_lists> lists_;
  std::shared_ptr<room_registry> rooms_;
  std::map<std::int64_t, game_record> games_;
  cluster::game_ids game_ids_{store_};
  std::shared_ptr<const cluster::leadership> leads_;
  std::shared_ptr<cluster::catch_up> catch_up_;
  std::shared_ptr<const social::relations> relations_;
  std::unordered_map<std::int64_t, std::int64_t> rematches_;  // finished game -> its rematch
  std::vector<std::function<void(const persistence::store::catalog&)>> readers_;
  std::vector<std::function<void()>> stoppers_;
  std::shared_ptr<rating_service> ratings_;
  std::shared_ptr<clocks::service> clocks_;
};

}  // namespace loyang::server
