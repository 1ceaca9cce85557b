#include "listener.hpp"

#include <spdlog/spdlog.h>

#include <string>
#include <utility>

#include "http_session.hpp"
#include "loyang/server/server.hpp"

namespace loyang::server {
namespace {

// The reasons an operator meets, in words; others keep the system's own message.
std::string reason(beast::error_code ec) {
  if (ec == net::error::address_in_use) return "the address is already in use";
  if (ec == net::error::access_denied) {
    return "permission denied (ports below 1024 need privileges)";
  }
  if (ec == net::error::address_family_not_supported || ec == boost::system::errc::address_not_available) {
    return "no network interface has this address";
  }
  return ec.message();
}

void throw_if(beast::error_code ec, const tcp::endpoint& endpoint) {
  if (!ec) return;
  const auto address = endpoint.address();
  const std::string host = address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
  throw listen_error("cannot listen on " + host + ":" + std::to_string(endpoint.port()) + ": " +
                     reason(ec));
}

}  // namespace

listener::listener(net::io_context& ioc, const tcp::endpoint& endpoint,
                   std::shared_ptr<shared_state> state)
    : ioc_(ioc), acceptor_(net::make_strand(ioc)), state_(std::move(state)) {
  beast::error_code ec;
  acceptor_.open(endpoint.protocol(), ec);
  throw_if(ec, endpoint);
  acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  throw_if(ec, endpoint);
  acceptor_.bind(endpoint, ec);
  throw_if(ec, endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections, ec);
  throw_if(ec, endpoint);
  endpoint_ = acceptor_.local_endpoint();
}

void listener::run() {
  net::dispatch(acceptor_.get_executor(),
                beast::bind_front_handler(&listener::do_accept, shared_from_this()));
}

void listener::close() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    beast::error_code ec;
    self->acceptor_.close(ec);
  });
}

void listener::do_accept() {
  // Each connection gets its own strand.
  acceptor_.async_accept(net::make_strand(ioc_),
                         beast::bind_front_handler(&listener::on_accept, shared_from_this()));
}

void listener::on_accept(beast::error_code ec, socket_type socket) {
  if (ec) {
    fail(ec, "accept");
    if (!acceptor_.is_open()) return;  // closed by close(): stop accepting
  } else {
    // Messages leave as soon as they are written: with Nagle's algorithm a message sent while
    // the previous one is unacknowledged waits for the client's delayed ACK, about 40 ms.
    beast::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    std::make_shared<http_session>(std::move(socket), state_)->run();
  }
  do_accept();
}

void listener::fail(beast::error_code ec, const char* what) {
  if (ec == net::error::operation_aborted) return;
  spdlog::warn("listener: {}: {}", what, ec.message());
}

}  // namespace loyang::server
