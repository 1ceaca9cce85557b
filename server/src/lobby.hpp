#pragma once
// Internal: accounts, tokens, games and seats, kept in memory and written through storage;
// and the rooms of the games in play. Everything runs on the lobby's strand; callers get
// their answer through a callback (which may run on any thread).
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "auth.hpp"
#include "beast.hpp"
#include "metrics.hpp"
#include "records.hpp"
#include "room.hpp"
#include "records.hpp"

namespace loyang::server {

/// A logged-in account, as a request or connection knows it.
struct identity {
  std::int64_t id = 0;
  std::string name;
};

/// An HTTP API answer: status, JSON body and any header fields it needs besides the common
/// ones (Allow on a 405, ...).
struct api_reply {
  http::status status = http::status::ok;
  nlohmann::json body;
  std::vector<std::pair<http::field, std::string>> headers = {};
};
using reply_fn = std::function<void(api_reply)>;

class lobby : public std::enable_shared_from_this<lobby> {
 public:
  struct limits {
    password_cost cost = password_cost::interactive;
    int max_connections_per_account = 16;
    std::chrono::seconds evict_after{300};
  };

  lobby(net::io_context& ioc, storage& store, std::shared_ptr<metrics> stats, limits lim);
  ~lobby();

  /// Reads the catalog from storage (blocking) and starts the eviction timer.
  void start();
  /// Stops the eviction timer and the worker threads.
  void stop();

  // Accounts (HTTP).
  void create_account(std::string name, std::string password, reply_fn reply);
  void login(std::string name, std::string password, reply_fn reply);
  void logout(std::string token, reply_fn reply);
  /// The account of a bearer token, or nullopt.
  void authenticate(std::string token, std::function<void(std::optional<identity>)> answer);

  // Games (HTTP).
  void create_game(identity who, nlohmann::json body, reply_fn reply);
  void list_open(identity who, reply_fn reply);
  void game_summary(std::int64_t game, reply_fn reply);
  void join(identity who, std::int64_t game, nlohmann::json body, reply_fn reply);
  void leave(identity who, std::int64_t game, reply_fn reply);
  void my_games(identity who, reply_fn reply);

  // WebSocket.
  /// Counts a connection of `account`; false when it already has the most allowed.
  void add_connection(std::int64_t account, std::function<void(bool)> answer);
  void remove_connection(std::int64_t account);

  /// The room of `game` and the seat `who` has in it (no_player when watching), loading the
  /// game if needed; or an error code and message.
  struct room_grant {
    std::shared_ptr<room> where;
    engine::player_id seat = engine::no_player;
    std::string code;
    std::string message;
  };
  void open_room(std::optional<identity> who, std::int64_t game, bool spectator,
                 std::function<void(room_grant)> answer);

 private:
  void on_progress(const game_record& g);
  void start_game(game_record& g);
  void start_room(std::int64_t game);
  std::shared_ptr<room> make_room(const game_record& g, loaded_game loaded);
  nlohmann::json summary(const game_record& g) const;
  void sweep();
  void on_loaded(std::int64_t game, std::shared_ptr<room> r, std::string error);
  void persist_game(const game_record& g, reply_fn reply, api_reply ok);

  net::io_context& ioc_;
  net::strand<net::io_context::executor_type> strand_;
  storage& store_;
  std::shared_ptr<metrics> stats_;
  limits limits_;
  net::thread_pool workers_{2};  // password hashing and game loading: off the I/O threads
  net::steady_timer sweep_timer_;
  bool stopped_ = false;  // on the strand

  std::unordered_map<std::string, account_record> accounts_by_name_;
  std::unordered_map<std::int64_t, std::string> account_names_;
  std::unordered_map<std::string, std::int64_t> tokens_;  // hash → account
  std::map<std::int64_t, game_record> games_;
  std::int64_t next_account_ = 1;
  std::int64_t next_game_ = 1;
  std::unordered_map<std::int64_t, int> connections_;

  std::unordered_map<std::int64_t, std::weak_ptr<room>> rooms_;
  std::unordered_map<std::int64_t, std::pair<std::shared_ptr<room>, int>> pinned_;  // room, idle sweeps
  // Games being loaded, with who waits for them (answer, seat).
  std::unordered_map<std::int64_t,
                     std::vector<std::pair<std::function<void(room_grant)>, engine::player_id>>>
      loading_;
};

}  // namespace loyang::server
