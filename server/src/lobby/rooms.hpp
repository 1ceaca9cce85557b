#pragma once
// Internal: the rooms of the games in play, on the lobby's strand. A room is made when its game
// starts, or loaded from storage when first asked for (the askers of a game being loaded wait
// together); it is kept while used and let go once idle for two sweeps in a row (watchers still
// holding it keep it alive, and it is found again while they do). Counts each room's spectators.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../cluster/id_source.hpp"
#include "../core/beast.hpp"
#include "../core/records.hpp"
#include "room.hpp"

namespace loyang::server {

/// A room of a game and the seat a connection has in it (no_player when watching); or, without
/// a room, why not: an error code and message (docs/protocol.md, "subscribe").
struct room_grant {
  std::shared_ptr<room> where;
  engine::player_id seat = engine::no_player;
  std::string code;
  std::string message;
};

class room_registry : public std::enable_shared_from_this<room_registry> {
 public:
  /// `base`: what every room is given (room.hpp) but what the registry gives itself: its
  /// `on_progress` (start()'s), chat ids, spectator counts and blocking reads. `evict_after`:
  /// how long a room nobody uses is kept.
  room_registry(net::io_context& ioc, strand_type strand, room::services base, std::chrono::seconds evict_after);
  ~room_registry();

  /// Starts sweeping idle rooms; each room tells `on_progress` (on its own strand) of every
  /// record it stores. The next chat id comes after `max_chat_id`.
  void start(std::function<void(const game_record&)> on_progress, std::int64_t max_chat_id);
  /// Stops sweeping and lets every room go; then waits for the workers and the bots' threads.
  void stop();

  /// A new room for `g` (kept as if opened); its bots start with start_room(). On the strand.
  std::shared_ptr<room> make(const game_record& g, loaded_game loaded, history::game_log log,
                             room::chat_seed chat = {});
  /// The room of `g`, loaded first if needed, answered with `seat`: a grant without a room
  /// when it cannot be loaded (`game_unavailable`: the engine no longer replays it or its rows
  /// are damaged; `storage_failed`: try again). Kept as if opened. On the strand.
  void attach(const game_record& g, engine::player_id seat, std::function<void(room_grant)> answer);
  /// attach() with no seat; `keep`: kept a while as if opened (else a room loaded only for this
  /// leaves at once). On the strand.
  void with_room(const game_record& g, bool keep, std::function<void(room_grant)> answer);
  /// The live room of `game`, or nullptr; on the strand.
  std::shared_ptr<room> find(std::int64_t game) const;
  /// Whether `game`'s room is kept; keep(game, false) lets it go, keep(game, true) counts it used.
  bool kept(std::int64_t game) const { return pinned_.count(game) > 0; }
  void keep(std::int64_t game, bool keep);
  /// Starts the bots of `game`'s room (once its game is stored), or forgets the room (its game
  /// could not be stored). On the strand.
  void start_room(std::int64_t game);
  void forget(std::int64_t game);
  /// Hands another node's command or chat change (cluster/catch_up.hpp) to the room of its game
  /// if it is live here; false when it is not.
  bool to_room(const persistence::store::change& c);
  /// Connections watching `game` as spectators; on the strand.
  int spectators(std::int64_t game) const;
  /// Runs `work` (a blocking read) off the I/O threads. Any thread.
  void off_thread(std::function<void()> work) { net::post(workers_, std::move(work)); }
  /// Where the rooms' bots think (the hints and analyses too).
  std::shared_ptr<bot_pool> bot_threads() const { return base_.bot_threads; }

 private:
  room::services services();
  void sweep();
  void on_loaded(std::int64_t game, std::shared_ptr<room> r, const room_grant& failure);

  net::io_context& ioc_;
  strand_type strand_;
  room::services base_;
  std::chrono::seconds evict_after_;
  net::thread_pool workers_{2};  // game loading: off the I/O threads
  net::steady_timer sweep_timer_;
  bool stopped_ = false;
  cluster::id_source chat_ids_;  // any thread
  std::unordered_map<std::int64_t, std::weak_ptr<room>> rooms_;
  std::unordered_map<std::int64_t, std::pair<std::shared_ptr<room>, int>> pinned_;  // room, idle sweeps
  std::unordered_map<std::int64_t, int> spectators_;
  // Games being loaded, with who waits for them (answer, seat).
  std::unordered_map<std::int64_t, std::vector<std::pair<std::function<void(room_grant)>, engine::player_id>>>
      loading_;
};

}  // namespace loyang::server
