#include "idle_client.hpp"

#include <nlohmann/json.hpp>

namespace loyang::load {

idle_client::idle_client(net::io_context& ioc, std::string token, const tcp::endpoint& server,
                         std::string host)
    : ws_(net::make_strand(ioc)),
      hello_(nlohmann::json{{"type", "hello"}, {"token", std::move(token)}}.dump()),
      server_(server),
      host_(std::move(host)) {}

void idle_client::start(std::function<void(bool)> on_ready) {
  on_ready_ = std::move(on_ready);
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
  beast::get_lowest_layer(ws_).async_connect(
      server_, beast::bind_front_handler(&idle_client::on_connect, shared_from_this()));
}

void idle_client::on_connect(beast::error_code ec) {
  if (ec) return ready(false);
  beast::get_lowest_layer(ws_).expires_never();
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  ws_.async_handshake(host_, "/ws",
                      beast::bind_front_handler(&idle_client::on_handshake, shared_from_this()));
}

void idle_client::on_handshake(beast::error_code ec) {
  if (ec) return ready(false);
  ws_.text(true);
  ws_.async_write(net::buffer(hello_),
                  beast::bind_front_handler(&idle_client::on_hello, shared_from_this()));
}

void idle_client::on_hello(beast::error_code ec, std::size_t) {
  if (ec) return ready(false);
  do_read();
}

void idle_client::do_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&idle_client::on_read, shared_from_this()));
}

void idle_client::on_read(beast::error_code ec, std::size_t) {
  if (ec) return ready(false);
  const auto text = beast::buffers_to_string(buffer_.cdata());
  const bool welcome = text.find("\"welcome\"") != std::string::npos;
  buffer_.consume(buffer_.size());
  buffer_.shrink_to_fit();  // idle from now on: hold no buffer
  ready(welcome);
  do_read();  // keeps answering the server's pings, if it sends any
}

void idle_client::ready(bool ok) {
  if (!on_ready_) return;
  auto done = std::move(on_ready_);
  on_ready_ = nullptr;
  done(ok);
}

void idle_client::stop() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    beast::error_code ec;
    beast::get_lowest_layer(self->ws_).socket().close(ec);
  });
}

}  // namespace loyang::load
