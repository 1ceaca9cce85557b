#pragma once
// Internal: one HTTP connection, after Beast's advanced_server example. Reads a request,
// answers it, and repeats while the client keeps the connection alive. WebSocket upgrades
// hand the stream over to a websocket_session. A connection over a per-address limit is
// answered 429 too_many_connections and closed.
#include <boost/optional.hpp>
#include <memory>

#include "address_counter.hpp"
#include "core/beast.hpp"
#include "connection.hpp"
#include "shared_state.hpp"

namespace loyang::server {

/// One HTTP/1.1 connection. All its handlers run on the stream's own strand.
class http_session : public connection, public std::enable_shared_from_this<http_session> {
 public:
  /// Largest request body accepted, in bytes (Beast's example value).
  static constexpr std::uint64_t body_limit = 10000;
  /// How long a read of one request, or a write of one response, may take.
  static constexpr std::chrono::seconds timeout{30};

  /// How long a connection refused by refuse() may take to send its request.
  static constexpr std::chrono::seconds refusal_timeout{5};

  /// A session for `socket`; `lease` counts it under its peer address while it lives (and
  /// goes to the websocket_session on an upgrade).
  http_session(socket_type&& socket, std::shared_ptr<shared_state> state, address_counter::lease lease,
               port_role role = port_role::game);
  ~http_session() override;

  /// Answers the first request on `socket` with 429 too_many_connections and closes: its peer
  /// address has the most connections allowed. Waits at most refusal_timeout for the request;
  /// `pending` (shared_state::pending_refusals) is held until then.
  static void refuse(socket_type&& socket, std::shared_ptr<shared_state> state, address_counter::lease pending,
                     port_role role = port_role::game);

  /// Starts reading requests.
  void run();

  /// Finishes the request in progress, if any, then closes. Thread-safe.
  void close() override;

 private:
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes_transferred);
  void write(http::message_generator msg);
  void on_write(bool keep_alive, beast::error_code ec, std::size_t bytes_transferred);
  void on_close();
  void do_close();
  net::ip::address peer() const;
  static void fail(beast::error_code ec, const char* what);

  beast::basic_stream<tcp, strand_type> stream_;
  beast::flat_buffer buffer_;
  std::shared_ptr<shared_state> state_;
  port_role role_;
  // Rebuilt for every request: a parser holds one message.
  boost::optional<http::request_parser<http::string_body>> parser_;
  // Between a request read and its response written: close() must not cut it off.
  bool busy_ = false;
  // close() has been asked for: no further request is read.
  bool closing_ = false;
  // Made by refuse(): the first request gets 429 too_many_connections.
  bool refused_ = false;
  // Counts the connection under its peer address (refused: among the pending refusals). After
  // state_: released while the counter is certainly alive.
  address_counter::lease lease_;
};

}  // namespace loyang::server
