#pragma once
// One load client at one seat of a game: connects, says hello, subscribes, keeps its view
// current from the server's patches and, while it is to act, sends random legal commands.
// Or the game's watcher (seat `watcher`, --watch-port): a guest spectator that only times the
// patches of the commands the seats sent, as another node of a cluster shows them.
#include <nlohmann/json.hpp>

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>

#include "bot_view.hpp"
#include "net.hpp"
#include "run_state.hpp"
#include "table.hpp"

namespace loyang::load {

class player : public std::enable_shared_from_this<player> {
 public:
  static constexpr int watcher = -1;
  player(std::shared_ptr<table> t, int seat, std::string token, const tcp::endpoint& server,
         std::string host, run_state& run, std::uint64_t seed);

  /// Connects and subscribes; `on_ready(true)` once the first snapshot is in, `false` on failure.
  void start(std::function<void(bool)> on_ready);
  /// Starts playing (posted to the table's strand).
  void go();
  /// Closes the connection (posted to the table's strand).
  void stop();

 private:
  void on_connect(beast::error_code ec);
  void on_handshake(beast::error_code ec);
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  // Each throws (scan::bad_json or a nlohmann exception) on a message of the wrong shape.
  void on_message(std::string_view text);
  void on_patch(std::uint32_t from, std::uint32_t to, std::string_view ops);
  // Whether `id` (raw JSON text) answers the pending command; clears it if so.
  bool take_pending(std::string_view id);
  // The pending command was accepted: its answer's latency, counted.
  void accepted();
  std::string subscribe_text(std::optional<std::uint32_t> since) const;
  static std::uint32_t number(std::string_view text);
  void maybe_act();
  void act();
  void wait_until(clock::time_point t);
  void send(std::string text);
  void do_write();
  void on_write(beast::error_code ec, std::size_t bytes);
  void ready(bool ok);
  void count_error(const std::string& code);
  bool watching() const { return seat_ == watcher; }
  // The watcher saw seat `who`'s command based on `from` (its log entry in a patch from `from`).
  void watched(std::int64_t who, std::uint32_t from, clock::time_point now);

  std::shared_ptr<table> table_;
  int seat_;
  std::string token_;
  tcp::endpoint server_;
  std::string host_;
  std::string target_;  // the handshake's; kept alive until it completes
  run_state& run_;
  // Over the bare socket: the WebSocket stream keeps its own timeouts (a tcp_stream's timer
  // would only add work to every read and write).
  websocket::stream<tcp::socket::rebind_executor<strand_type>::other> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::string> out_;
  net::basic_waitable_timer<clock, net::wait_traits<clock>, strand_type> timer_;
  bool timer_armed_ = false;
  net::basic_waitable_timer<clock, net::wait_traits<clock>, strand_type> chat_timer_;
  int chats_ = 0;
  /// Sends a chat message after the chat interval (the first after a random part of it).
  void chat_later(bool first = false);
  bool connected_ = false;
  std::function<void(bool)> on_ready_;
  std::mt19937_64 random_;

  // Only the part of the seat's view a bot needs: the load tool spends its CPU (the server's
  // neighbour's) on the wire, not on keeping boards nobody looks at.
  bot_view view_;
  std::uint32_t version_ = 0;
  bool have_view_ = false;
  bool playing_ = false;
  bool closed_ = false;
  std::string pending_;  // id of the command awaiting its result
  clock::time_point pending_at_;
  std::uint64_t next_id_ = 0;
  // Token bucket a little under the server's per-connection limit (20/s, burst 60).
  double tokens_ = 50;
  clock::time_point refilled_;
  static constexpr double token_rate = 19;
  static constexpr double token_burst = 50;
};

}  // namespace loyang::load
