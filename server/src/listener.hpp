#pragma once
// Internal: accepts connections and starts an http_session for each, after Beast's
// advanced_server example.
#include <memory>

#include "beast.hpp"
#include "shared_state.hpp"

namespace loyang::server {

/// The listening socket. Binding happens in the constructor, so errors (address in use,
/// permission) surface before the server reports that it is listening.
class listener : public std::enable_shared_from_this<listener> {
 public:
  /// Opens, binds and listens on `endpoint`. Throws listen_error (server.hpp) with a
  /// sentence that names the address and the reason in plain words.
  listener(net::io_context& ioc, const tcp::endpoint& endpoint, std::shared_ptr<shared_state> state);

  /// Starts accepting connections.
  void run();

  /// Stops accepting and closes the socket. Thread-safe; open sessions are not affected.
  void close();

  /// Where the socket is bound (with the actual port when 0 was asked for).
  const tcp::endpoint& local_endpoint() const noexcept { return endpoint_; }

 private:
  void do_accept();
  void on_accept(beast::error_code ec, socket_type socket);
  static void fail(beast::error_code ec, const char* what);

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  tcp::endpoint endpoint_;
  std::shared_ptr<shared_state> state_;
};

}  // namespace loyang::server
