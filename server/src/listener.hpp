#pragma once
// Internal: accepts connections and starts an http_session for each, after Beast's
// advanced_server example. A failed accept (out of file descriptors) is retried after a
// back-off, not at once, and logged at most every 10 s; a peer address over its connection
// limit gets an http_session that answers 429 too_many_connections.
#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <cstdint>
#include <memory>

#include "core/beast.hpp"
#include "shared_state.hpp"

namespace loyang::server {

/// The listening socket. Binding happens in the constructor, so errors (address in use,
/// permission) surface before the server reports that it is listening.
class listener : public std::enable_shared_from_this<listener> {
 public:
  /// Opens, binds and listens on `endpoint`. Throws listen_error (server.hpp) with a
  /// sentence that names the address and the reason in plain words.
  /// `role`: what its connections may ask for (shared_state.hpp).
  listener(net::io_context& ioc, const tcp::endpoint& endpoint, std::shared_ptr<shared_state> state,
           port_role role = port_role::game);

  /// Starts accepting connections.
  void run();

  /// Stops accepting and closes the socket. Thread-safe; open sessions are not affected.
  void close();

  /// The first and the longest wait before accepting again after a failed accept.
  static constexpr std::chrono::milliseconds first_backoff{10};
  static constexpr std::chrono::milliseconds max_backoff{1000};
  /// Accept failures are logged at most once in this long, with their count.
  static constexpr std::chrono::seconds log_interval{10};

  /// Where the socket is bound (with the actual port when 0 was asked for).
  const tcp::endpoint& local_endpoint() const noexcept { return endpoint_; }

 private:
  void do_accept();
  void on_accept(beast::error_code ec, socket_type socket);
  void on_accept_failed(beast::error_code ec);
  void on_backoff_over(beast::error_code ec);
  void admit(socket_type socket);

  net::io_context& ioc_;
  port_role role_;
  tcp::acceptor acceptor_;
  tcp::endpoint endpoint_;
  std::shared_ptr<shared_state> state_;
  // The rest runs on the acceptor's strand.
  net::steady_timer backoff_timer_;
  std::chrono::milliseconds backoff_{0};  // 0: the last accept succeeded
  std::int64_t unreported_failures_ = 0;  // failed accepts not yet in the log
  std::chrono::steady_clock::time_point last_report_{};
  bool reported_failing_ = false;         // the log's last word is that accepts fail
};

}  // namespace loyang::server
