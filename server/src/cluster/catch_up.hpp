#pragma once
// Internal: a node's catch-up with the others on one database (docs/scale-out.md). The store's
// listener reports other nodes' commits; this room reads each back from the database, off the
// I/O threads, and hands it to the room that holds it: a game's row to the lobby, a command or
// a chat message to the game's room when it is loaded here, an account's rows to every room
// that keeps a part of them (the hub's account_read, then account_changed). When the listening
// connection is lost, the node is not ready (catching_up()) until everything held was read
// again. A request that must see what a client just did through another node reads its game
// first (fresh()).
//
// It runs on the games' strand (the lobby's): what it reads is merged there.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>

#include <boost/asio/steady_timer.hpp>

#include "../core/beast.hpp"
#include "../events/hub.hpp"
#include "../core/metrics.hpp"
#include "../core/records.hpp"

namespace loyang::server::cluster {

class catch_up : public std::enable_shared_from_this<catch_up> {
 public:
  /// What it needs of the lobby; all on the games' strand but `off_thread`.
  struct lookups {
    /// Runs a blocking read off the I/O threads (the lobby's workers). Any thread.
    std::function<void(std::function<void()>)> off_thread;
    /// A game's row as another node stored it (lobby::merge_game).
    std::function<void(game_record)> merge_game;
    /// Hands another node's command (a game change that carries one) or chat change to the
    /// game's room if it is loaded here; false when it is not.
    std::function<bool(const persistence::store::change&)> to_room;
    /// Whether game `id` is held here past its open phase (its room keeps itself current).
    std::function<bool(std::int64_t id)> settled;
    /// While catching up, tokens are checked against the database (accounts::set_catching_up).
    /// Any thread.
    std::function<void(bool)> set_catching_up;
  };

  catch_up(strand_type games_strand, storage& store, std::shared_ptr<metrics> stats,
           std::shared_ptr<events::hub> events, lookups look);

  /// Another node committed `c`: read it back and hand it on. Any thread (the listener's).
  void on_remote(persistence::store::change c);
  /// The listening connection was lost: changes may be missed from now until on_resync()'s
  /// read succeeded. Meanwhile the node is not ready and tokens are checked against the
  /// database (accounts::set_catching_up). Any thread.
  void on_lost();
  /// Changes may have been missed: everything held is read again, tried again every half
  /// second until it succeeds. Any thread.
  void on_resync();
  /// Whether this node may lack other nodes' changes (between on_lost() or on_resync() and the
  /// resync's successful read). Any thread.
  bool catching_up() const { return catching_up_; }

  /// Runs `then` on the games' strand; on several nodes, after reading game `game`'s row again,
  /// so a request sees what the client just did through another node. `known_will_do`: skip the
  /// read when the game is held here past its open phase. Any thread.
  void fresh(std::int64_t game, std::function<void()> then, bool known_will_do = false);

  /// No read is started from now on, and a resync waiting to be retried is not. Before the
  /// lobby's workers are joined.
  void stop();

 private:
  /// Runs `read` off the I/O threads, then `then` with its result (nullopt: the read failed)
  /// on the strand.
  void read_then(std::function<persistence::store::catalog()> read,
                 std::function<void(std::optional<persistence::store::catalog>)> then);
  void merge_games(std::optional<persistence::store::catalog> part);
  /// An account's rows as stored, on the strand: published to the rooms that keep them.
  void merge_account(std::int64_t account, const persistence::store::catalog& part);
  /// One attempt of the resync's read (on the strand); again after a pause when it fails.
  void resync();

  strand_type strand_;
  storage& store_;
  std::shared_ptr<metrics> stats_;
  std::shared_ptr<events::hub> events_;
  lookups look_;
  std::atomic<bool> catching_up_{false};
  std::mutex reads_mutex_;
  bool reads_closed_ = false;   // under reads_mutex_: stop() began, read_then() takes nothing more
  bool stopped_ = false;        // on the strand
  bool listening_ = true;       // on the strand: no on_lost() since the last on_resync()
  bool resyncing_ = false;      // on the strand: a resync read runs or waits to be retried
  bool resync_again_ = false;   // on the strand: on_resync() came while one ran: read once more
  net::steady_timer resync_timer_;  // on the strand
};

}  // namespace loyang::server::cluster
