#include "listener.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

#include "descriptor_limit.hpp"
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

// An accept error in words. errno's text without a virtual call to the error's category:
// in a build with the sanitizers, checking such a call may itself need a descriptor.
std::string accept_error(beast::error_code ec) {
  if (ec.category() != boost::system::system_category()) return ec.message();
  char buffer[128];
  return ::strerror_r(ec.value(), buffer, sizeof buffer);  // the GNU variant: returns the text
}

void throw_if(beast::error_code ec, const tcp::endpoint& endpoint) {
  if (!ec) return;
  const auto address = endpoint.address();
  // Appended, not "[" + ...: GCC 12 misreads that as an overlapping copy (GCC bug 105651).
  const std::string host = address.is_v6() ? std::string("[").append(address.to_string()).append("]") : address.to_string();
  throw listen_error("cannot listen on " + host + ":" + std::to_string(endpoint.port()) + ": " +
                     reason(ec));
}

}  // namespace

listener::listener(net::io_context& ioc, const tcp::endpoint& endpoint,
                   std::shared_ptr<shared_state> state, port_role role)
    : ioc_(ioc), role_(role), acceptor_(net::make_strand(ioc)), state_(std::move(state)), backoff_timer_(acceptor_.get_executor()) {
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
    self->backoff_timer_.cancel();
  });
}

void listener::do_accept() {
  // Each connection gets its own strand.
  acceptor_.async_accept(net::make_strand(ioc_),
                         beast::bind_front_handler(&listener::on_accept, shared_from_this()));
}

void listener::on_accept(beast::error_code ec, socket_type socket) {
  if (!acceptor_.is_open()) return;  // closed by close(): stop accepting
  if (ec) return on_accept_failed(ec);
  backoff_ = std::chrono::milliseconds(0);
  if (reported_failing_ && std::chrono::steady_clock::now() - last_report_ >= log_interval) {
    spdlog::info("listener: accepting connections again ({} more failed accepts since the last report)",
                 unreported_failures_);
    unreported_failures_ = 0;
    reported_failing_ = false;
    last_report_ = std::chrono::steady_clock::now();
  }
  admit(std::move(socket));
  do_accept();
}

// Out of descriptors, the listening socket stays readable: accepting again at once would fail
// again at once, a busy loop that also writes a log line each time. Wait, doubling the wait,
// and log at most every log_interval; a success ends the waiting.
void listener::on_accept_failed(beast::error_code ec) {
  ++state_->stats().accept_failures;
  ++unreported_failures_;
  const auto now = std::chrono::steady_clock::now();
  if (!reported_failing_ || now - last_report_ >= log_interval) {
    // Compared by value: an error_code against an errc would ask the category for equivalence.
    const bool out_of_descriptors = ec.category() == boost::system::system_category() &&
                                    (ec.value() == EMFILE || ec.value() == ENFILE);
    const std::string limit = out_of_descriptors ? " (open-file limit " + std::to_string(current_descriptor_limit()) +
                                                       "; see docs/security.md, \"Connections and file descriptors\")"
                                                 : "";
    spdlog::warn("listener: {} accept(s) failed{}: {}{}; retrying after up to {} ms (loyang_accept_failures_total)",
                 unreported_failures_, reported_failing_ ? " since the last report" : "", accept_error(ec), limit,
                 max_backoff.count());
    unreported_failures_ = 0;
    reported_failing_ = true;
    last_report_ = now;
  }
  backoff_ = backoff_.count() == 0 ? first_backoff : std::min(backoff_ * 2, max_backoff);
  backoff_timer_.expires_after(backoff_);
  backoff_timer_.async_wait(beast::bind_front_handler(&listener::on_backoff_over, shared_from_this()));
}

void listener::on_backoff_over(beast::error_code ec) {
  if (ec || !acceptor_.is_open()) return;  // cancelled by close()
  do_accept();
}

void listener::admit(socket_type socket) {
  beast::error_code ec;
  const auto peer = socket.remote_endpoint(ec).address();
  if (ec) return;  // already gone
  // Messages leave as soon as they are written: with Nagle's algorithm a message sent while
  // the previous one is unacknowledged waits for the client's delayed ACK, about 40 ms.
  socket.set_option(tcp::no_delay(true), ec);
  // Only the peer is known before any HTTP: behind a trusted proxy every peer is the proxy,
  // whose clients are counted at the WebSocket upgrade instead (by X-Forwarded-For).
  std::optional<address_counter::lease> lease;
  if (is_trusted_proxy(peer, state_->trusted_proxies)) {
    lease.emplace();
  } else {
    lease = state_->peer_connections.try_acquire(address_key(peer), state_->max_connections_per_address);
  }
  if (!lease) {
    ++state_->stats().refused_per_address;
    // Answered while few are waiting for their answer; beyond that closed at once, so that
    // refusing cannot hold many descriptors either.
    auto pending = state_->pending_refusals.try_acquire("", shared_state::max_pending_refusals);
    if (pending) http_session::refuse(std::move(socket), state_, std::move(*pending), role_);
    return;
  }
  std::make_shared<http_session>(std::move(socket), state_, std::move(*lease), role_)->run();
}

}  // namespace loyang::server
