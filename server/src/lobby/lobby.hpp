#pragma once
// Internal: games and seats, kept in memory and written through storage; and the rooms of
// the games in play. Everything runs on the lobby's strand; callers get their answer through
// a callback (which may run on any thread). Accounts and logins are accounts/'s.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../accounts/accounts.hpp"
#include "../bots/bot_pool.hpp"
#include "../core/api_reply.hpp"
#include "../core/beast.hpp"
#include "../clocks/service.hpp"
#include "../events/hub.hpp"
#include "../cluster/catch_up.hpp"
#include "../cluster/game_ids.hpp"
#include "../cluster/id_source.hpp"
#include "../cluster/leadership.hpp"
#include "../games/live_lists.hpp"
#include "../games/paging.hpp"
#include "../games/visibility.hpp"
#include "../core/metrics.hpp"
#include "../notify/service.hpp"
#include "../core/records.hpp"
#include "../ratings/rating_service.hpp"
#include "room.hpp"
#include "../social/relations.hpp"

namespace loyang::server {

class lobby : public std::enable_shared_from_this<lobby> {
 public:
  struct limits {
    accounts::policy account_policy;
    int max_connections_per_account = 16;
    /// Open games (waiting for players) an account may sit in; a create or join that would
    /// go over it is refused with too_many_games.
    int max_open_games_per_account = 20;
    /// Unfinished games (open or in play, bot games too) an account may sit in; a create, join
    /// or rematch that would go over it is refused with too_many_games.
    int max_unfinished_games_per_account = 100;
    std::chrono::seconds evict_after{300};
    /// History and record reads one client address may make per minute; 0: no limit (the
    /// history room's: assemble.cpp hands it over).
    int history_reads_per_minute = 600;
    /// Threads bots think on (bots/bot_pool.hpp), and how many decisions may wait for them.
    int bot_threads = 1;
    std::size_t bot_queue_limit = 256;
    /// Notifications (its `now` and `name_of` are the lobby's to fill).
    notify::service::options notify;
  };

  /// `events`: where the lobby publishes what happens to games and seats (events/events.hpp);
  /// made, subscribed to and closed by the composition root (assemble.hpp).
  /// `leads`: whether this node runs bots, clocks and notification delivery (always, alone).
  lobby(net::io_context& ioc, storage& store, std::shared_ptr<metrics> stats, limits lim,
        std::shared_ptr<events::hub> events, std::shared_ptr<const cluster::leadership> leads);
  ~lobby();

  /// The ratings room, which the lobby asks about entry limits and the daily challenge (it
  /// counts finished games through the hub); set by the composition root before start().
  void use_ratings(std::shared_ptr<rating_service> ratings) { ratings_ = std::move(ratings); }
  /// The catch-up with other nodes (several nodes on one database), which reads a game again
  /// before a request that must see what another node stored; set before start().
  void use_catch_up(std::shared_ptr<cluster::catch_up> c) { catch_up_ = std::move(c); }

  /// Reads the catalog from storage (blocking) and starts the eviction timer.
  void start();
  /// Stops the eviction timer and the worker threads.
  void stop();

  /// Accounts and logins (HTTP, and the WebSockets' hello).
  class accounts& users() { return *accounts_; }
  std::shared_ptr<class accounts> users_shared() const { return accounts_; }
  /// The strand the lobby's games live on, shared with the rooms of features that read them
  /// (rating_service).
  strand_type strand() const { return strand_; }
  /// Game `id` as held here, or nullptr; on strand() only.
  const game_record* find_game(std::int64_t id) const;
  /// Runs `work` (a blocking read) on the lobby's worker threads, off the I/O threads.
  void off_thread(std::function<void()> work) { net::post(workers_, std::move(work)); }
  /// Notification settings and delivery.
  notify::service& notifications() { return *notify_; }

  // Games (HTTP). A private game (by invitation) that `who` may not see is answered as
  // no_such_game (games/visibility.hpp). Lists answer {"games": [...], "next_cursor": ...}.
  void create_game(identity who, nlohmann::json body, reply_fn reply);
  void list_open(identity who, games::page_request page, reply_fn reply);
  void game_summary(identity who, std::int64_t game, reply_fn reply);
  void join(identity who, std::int64_t game, nlohmann::json body, reply_fn reply);
  void leave(identity who, std::int64_t game, reply_fn reply);
  void my_games(identity who, games::page_request page, reply_fn reply);


  // Friends' games (the relations themselves are social/service.hpp's).
  /// GET /api/friends/games: the open games friends sit at (that `who` may see and join) and
  /// the running ones he may watch.
  void friends_games(identity who, reply_fn reply);
  /// Who mutes and blocks whom (for the rooms' chat).
  std::shared_ptr<const social::relations> relations() const { return relations_; }
  /// The same table, to change (social/service.hpp); loaded at start() and merged from other
  /// nodes here.
  std::shared_ptr<social::relations> relations_shared() const { return relations_; }

  // Playing again and watching (lobby_community.cpp).
  /// POST /api/games/{id}/rematch: a new private game with the finished game's options and
  /// people, `who` seated, the others invited (they join to accept).
  void rematch(identity who, std::int64_t game, reply_fn reply);
  /// POST /api/games/{id}/decline: `who` declines his invitation to an open game.
  void decline(identity who, std::int64_t game, reply_fn reply);
  /// GET /api/games/live: running games anyone may watch, with their spectators counted.
  /// At most `limit`: the most watched first, then the latest moved.
  void live_games(std::optional<identity> who, std::size_t limit, reply_fn reply);

  // WebSocket.
  /// `who`, a connection of `account`, is told when that account's games change
  /// (games/live_lists.hpp).
  void listen(std::int64_t account, std::weak_ptr<subscriber> who);
  /// `who` is told when the open games change.
  void watch_open_games(std::weak_ptr<subscriber> who);
  /// Counts a connection of `account`; false when it already has the most allowed.
  void add_connection(std::int64_t account, std::function<void(bool)> answer);
  void remove_connection(std::int64_t account);

  /// Why a game could not be loaded: `game_unavailable` (the engine no longer replays it, or
  /// its rows are damaged) or `storage_failed` (the database did not answer; try again).
  struct load_failure {
    std::string code;
    std::string message;
  };
  /// The room of `game` and the seat `who` has in it (no_player when watching), loading the
  /// game if needed; or an error code and message: no_such_game also for a private game `who`
  /// may not see, not_allowed for a spectator the game's watch policy keeps out, or a
  /// load_failure's code.
  struct room_grant {
    std::shared_ptr<room> where;
    engine::player_id seat = engine::no_player;
    std::string code;
    std::string message;
  };
  void open_room(std::optional<identity> who, std::int64_t game, bool spectator,
                 std::function<void(room_grant)> answer);

  // For the clocks and bots rooms (clocks/service.hpp, bots/advisor.hpp), wired in assemble.cpp;
  // on strand() only, but the first two (at assembly).
  /// The clocks room: who is away (a game starts with his clock standing, summaries show it)
  /// and its timer's life. Set by the composition root before start().
  void use_clocks(std::shared_ptr<clocks::service> c) { clocks_ = std::move(c); }
  /// The pool the rooms' bots think on (the hints and analyses too).
  std::shared_ptr<bot_pool> bot_threads() const { return bot_pool_; }
  /// The room of `game` (a game held here), loaded if needed, with no checks; `keep`: kept in
  /// memory a while as if opened (else a room loaded only for this leaves once idle).
  void with_room(std::int64_t game, bool keep, std::function<void(room_grant)> answer);
  /// Runs `then` on the strand; on several nodes after reading `game`'s row again. Any thread.
  void fresh(std::int64_t game, std::function<void()> then) { on_fresh(game, std::move(then)); }
  /// Game `id`'s summary (GET /api/games/{id}); a game held here.
  nlohmann::json game_json(std::int64_t id) const { return summary(games_.at(id)); }
  /// Calls `f` with every game held.
  void each_game(const std::function<void(const game_record&)>& f) const;

  // For moderation, history and the daily challenge (their rooms reach the games through these,
  // wired in assemble.cpp):
  /// `read` gets the catalog as stored, in start() before any request (ids to go on from, the
  /// daily secret). Set before start().
  void on_catalog(std::function<void(const persistence::store::catalog&)> read) {
    catalog_readers_.push_back(std::move(read));
  }
  /// The game of the highest id that `match` accepts, or nullptr; on strand() only.
  const game_record* find_game_if(const std::function<bool(const game_record&)>& match) const;
  /// Makes a game of `g` (options, creator, watch, extra and every seat taken; the lobby gives
  /// its id and times), dealt with `seed`, and stores it. `done` gets "" and its summary once
  /// stored, else the store's error code (the game is forgotten). On strand() only.
  void add_started_game(game_record g, std::uint64_t seed,
                        std::function<void(const std::string& error, nlohmann::json summary)> done);
  /// An operator cancels `game`, which was `was` (open or active) when he asked: answers its
  /// summary, 409 not_running when it no longer is so, 503 when not stored. Any thread.
  void cancel(std::int64_t game, game_status was, reply_fn reply);
  /// Message `message` of `game` was deleted: its room, if live, drops it. On strand() only.
  void chat_deleted(std::int64_t game, std::int64_t message);

  // For the cluster's catch-up (cluster/catch_up.hpp) and leadership; on strand() (lobby_merge.cpp).
  /// A game's row as another node stored it: the lists, clocks and ratings follow, and its
  /// room reads the rest. An older row than the one held is ignored.
  void merge_game(game_record g);
  /// Hands another node's command or chat change to the room of its game if it is loaded
  /// here; false when it is not.
  bool to_room(const persistence::store::change& c);
  /// Whether game `id` is held here past its open phase (its room keeps itself current).
  bool settled(std::int64_t id) const;
  /// Starts the rooms of the games where a bot is to move, and has the clocks arm every wake
  /// (at start, and when this node comes to lead).
  void wake();

 private:
  /// Runs `then` on the strand; on several nodes, after reading game `game`'s row again
  /// (cluster::catch_up::fresh).
  void on_fresh(std::int64_t game, std::function<void()> then, bool known_will_do = false);
  void on_progress(const game_record& g);
  /// Publishes game_created, and game_started when `g` started at once; on the strand, once
  /// `g` is stored.
  void publish_created(const game_record& g);
  /// Publishes what changed from `before` (nullptr: a game new here) to `g`: seats departed or
  /// taken over, the game finished. On the strand.
  void publish_progress(const game_record* before, const game_record& g);
  /// Deals `g` with `seed` (nullopt: a random one) and makes its room.
  void start_game(game_record& g, std::optional<std::uint64_t> seed = std::nullopt);
  void start_room(std::int64_t game);
  std::shared_ptr<room> make_room(const game_record& g, loaded_game loaded, history::game_log log,
                                  room::chat_seed chat = {});
  /// Why `who` may not join `g` (blocked by a player there, below its rating or finishing
  /// limit), or nullopt; on the strand.
  std::optional<api_reply> entry_refusal(const game_record& g, const identity& who) const;
  nlohmann::json summary(const game_record& g) const;
  void sweep();
  void on_loaded(std::int64_t game, std::shared_ptr<room> r, load_failure failure);
  /// The room of `game` (loaded if needed) for `seat`, with no checks; on the strand.
  void attach(std::int64_t game, engine::player_id seat, std::function<void(room_grant)> answer);
  /// The game `who` may see, or nullptr; on the strand.
  const game_record* visible_game(std::int64_t game, const std::optional<identity>& who) const;
  /// Why `who` may not take a seat in one more game (open when `open`, else starting at once):
  /// too_many_games over either cap; nullopt when he may. On the strand.
  std::optional<api_reply> games_cap(const identity& who, bool open) const;
  /// Stores `g` (changed from `before` in games_) and answers `ok` (after `stored`, if given, ran
  /// on the strand); when it cannot be stored, games_ goes back to `before` and the answer is
  /// 503 with the store's code.
  void persist_game(const game_record& g, const game_record& before, reply_fn reply, api_reply ok,
                    std::function<void()> stored = {});

  net::io_context& ioc_;
  net::strand<net::io_context::executor_type> strand_;
  storage& store_;
  std::shared_ptr<metrics> stats_;
  limits limits_;
  std::shared_ptr<events::hub> events_;
  std::shared_ptr<class accounts> accounts_;
  std::shared_ptr<notify::service> notify_;
  std::shared_ptr<games::live_lists> lists_;  // on the strand
  net::thread_pool workers_{2};  // game loading: off the I/O threads
  std::shared_ptr<bot_pool> bot_pool_;  // bots' decisions: off the I/O threads
  net::steady_timer sweep_timer_;
  bool stopped_ = false;  // on the strand

  std::map<std::int64_t, game_record> games_;
  // New ids (cluster/id_source.hpp; games': cluster/game_ids.hpp); any thread.
  cluster::game_ids game_ids_{store_};
  cluster::id_source chat_ids_{store_, "chat"};
  std::shared_ptr<const cluster::leadership> leads_;
  std::shared_ptr<cluster::catch_up> catch_up_;
  std::unordered_map<std::int64_t, int> connections_;
  std::shared_ptr<social::relations> relations_ = std::make_shared<social::relations>();
  std::unordered_map<std::int64_t, std::int64_t> rematches_;  // finished game -> its rematch; on the strand
  std::unordered_map<std::int64_t, int> spectators_;  // game -> connections watching it; on the strand
  std::vector<std::function<void(const persistence::store::catalog&)>> catalog_readers_;  // on_catalog()
  std::shared_ptr<rating_service> ratings_;
  std::shared_ptr<clocks::service> clocks_;

  std::unordered_map<std::int64_t, std::weak_ptr<room>> rooms_;
  std::unordered_map<std::int64_t, std::pair<std::shared_ptr<room>, int>> pinned_;  // room, idle sweeps
  // Games being loaded, with who waits for them (answer, seat).
  std::unordered_map<std::int64_t,
                     std::vector<std::pair<std::function<void(room_grant)>, engine::player_id>>>
      loading_;
};

}  // namespace loyang::server
