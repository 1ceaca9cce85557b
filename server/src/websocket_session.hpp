#pragma once
// Internal: one WebSocket connection, after Beast's chat-multi example. Reads client
// messages one at a time, and writes from a bounded queue of shared, already-serialized
// messages. It joins rooms when it subscribes and leaves them in its destructor.
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <map>
#include <memory>
#include <optional>

#include "address_counter.hpp"
#include "core/beast.hpp"
#include "connection.hpp"
#include "lobby/lobby.hpp"
#include "shared_state.hpp"
#include "core/subscriber.hpp"
#include "core/text_queue.hpp"

namespace loyang::server {

namespace websocket = beast::websocket;

class websocket_session : public connection,
                          public subscriber,
                          public token_holder,
                          public std::enable_shared_from_this<websocket_session> {
 public:
  /// A WebSocket over `socket`, counted by `connection` under its peer address and by
  /// `websocket` under its client address while it lives; `client` names that address in the
  /// access log.
  websocket_session(socket_type&& socket, std::shared_ptr<shared_state> state, address_counter::lease connection,
                    address_counter::lease websocket, std::string client);
  ~websocket_session() override;

  /// Accepts the upgrade request and starts reading.
  void run(http::request<http::string_body> req);

  void send(shared_text text) override;
  void close() override;
  /// Closes the connection with close_token_revoked; nothing it sends is taken after.
  void token_revoked() override;

 private:
  void on_accept(beast::error_code ec);
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void handle(const std::string& text);
  void on_hello(std::optional<identity> who, bool allowed);
  void on_subscribed(std::int64_t game, std::optional<std::uint32_t> since,
                     room_grant grant, bool chat);
  void on_send(shared_text text);
  void do_write();
  void on_write(beast::error_code ec, std::size_t bytes);
  void on_revoked();
  void close_revoked();
  void send_error(std::string_view id, std::string_view code, std::string_view message);
  bool take_token();
  void drop(const char* why);
  void fail(beast::error_code ec, const char* what);

  // Over the bare socket: the WebSocket stream keeps its own timeouts (a tcp_stream's timer
  // would only add work to every read and write).
  websocket::stream<socket_type> ws_;
  beast::flat_buffer buffer_;
  std::shared_ptr<shared_state> state_;
  text_queue queue_;
  bool hello_done_ = false;
  std::optional<identity> who_;
  std::map<std::int64_t, std::pair<std::shared_ptr<room>, engine::player_id>> rooms_;
  double tokens_;
  std::chrono::steady_clock::time_point refilled_;
  int strikes_ = 0;
  bool dropped_ = false;
  std::string token_hash_;  // of the hello's token, while attached to it
  bool closing_ = false;    // a close frame is on its way (Beast allows one close)
  bool revoked_ = false;    // the token ended: closing with close_token_revoked
  // For the access log (logs/access.hpp).
  std::string client_;
  std::chrono::steady_clock::time_point opened_ = std::chrono::steady_clock::now();
  bool accepted_ = false;
  int close_code_ = 1006;  // none sent or received (yet)
  std::uint64_t messages_in_ = 0;
  std::uint64_t messages_out_ = 0;
  // After state_: released while the counters are certainly alive.
  address_counter::lease connection_lease_;
  address_counter::lease websocket_lease_;
  std::optional<address_counter::lease> account_lease_;  // one of who_'s WebSockets, once he said hello
};

}  // namespace loyang::server
