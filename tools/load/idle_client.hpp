#pragma once
// An authenticated connection that does nothing after its welcome: what the server holds
// for each player who has the web client open but is not playing.
#include <functional>
#include <memory>
#include <string>

#include "net.hpp"

namespace loyang::load {

class idle_client : public std::enable_shared_from_this<idle_client> {
 public:
  idle_client(net::io_context& ioc, std::string token, const tcp::endpoint& server,
              std::string host);

  /// Connects and says hello; `on_ready(true)` after the welcome, `false` on failure.
  void start(std::function<void(bool)> on_ready);
  /// Closes the connection.
  void stop();

 private:
  void on_connect(beast::error_code ec);
  void on_handshake(beast::error_code ec);
  void on_hello(beast::error_code ec, std::size_t bytes);
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void ready(bool ok);

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::string hello_;
  tcp::endpoint server_;
  std::string host_;
  std::function<void(bool)> on_ready_;
};

}  // namespace loyang::load
