#include "http_session.hpp"

#include <spdlog/spdlog.h>

#include <utility>

#include "handle_request.hpp"
#include "logs/access.hpp"
#include "websocket_session.hpp"

#include <algorithm>

namespace loyang::server {

namespace {

http::response<http::string_body> too_many_connections(const request& req, const char* what) {
  auto res = error_response(req, http::status::too_many_requests, "too_many_connections", what);
  res.keep_alive(false);
  return res;
}

}  // namespace

http_session::http_session(socket_type&& socket, std::shared_ptr<shared_state> state, address_counter::lease lease,
                           port_role role)
    : stream_(std::move(socket)), state_(std::move(state)), role_(role), lease_(std::move(lease)) {}

void http_session::refuse(socket_type&& socket, std::shared_ptr<shared_state> state, address_counter::lease pending,
                          port_role role) {
  auto session = std::make_shared<http_session>(std::move(socket), std::move(state), std::move(pending), role);
  session->refused_ = true;
  session->run();
}

http_session::~http_session() { state_->connections().remove(this); }

void http_session::run() {
  if (!state_->connections().add(shared_from_this())) return;  // shutting down: just close
  // The socket came from the acceptor on this session's strand executor; start on it.
  net::dispatch(stream_.get_executor(),
                beast::bind_front_handler(&http_session::do_read, shared_from_this()));
}

void http_session::close() {
  net::post(stream_.get_executor(),
            beast::bind_front_handler(&http_session::on_close, shared_from_this()));
}

void http_session::on_close() {
  closing_ = true;
  // An idle connection is waiting for a request that need not come: stop waiting. A busy
  // one closes after its response is written (on_write).
  if (!busy_) stream_.cancel();
}

void http_session::do_read() {
  if (closing_) return do_close();
  parser_.emplace();
  parser_->body_limit(body_limit);
  stream_.expires_after(refused_ ? std::chrono::seconds(refusal_timeout) : std::chrono::seconds(timeout));
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&http_session::on_read, shared_from_this()));
}

void http_session::on_read(beast::error_code ec, std::size_t /*bytes_transferred*/) {
  if (ec == http::error::end_of_stream) return do_close();
  if (ec == http::error::body_limit) {
    request head{http::verb::post, "/", 11};
    head.keep_alive(false);
    // The header was read: its error is in the language it asks for.
    if (const auto language = parser_->get()[http::field::accept_language]; !language.empty()) {
      head.set(http::field::accept_language, language);
    }
    return write(error_response(head, http::status::payload_too_large, "too_large",
                                "a request body may have at most " + std::to_string(body_limit) +
                                    " bytes"));
  }
  if (ec.category() == http::make_error_code(http::error::bad_target).category() &&
      ec != http::error::partial_message) {
    // Not HTTP (a NUL in the target, a bad header, ...): say so, then close.
    request head{http::verb::get, "/", 11};
    head.keep_alive(false);
    return write(error_response(head, http::status::bad_request, "bad_request",
                                "the request is not valid HTTP/1.1"));
  }
  if (ec) return fail(ec, "read");

  busy_ = true;
  auto req = parser_->release();
  if (closing_) req.keep_alive(false);  // tell the client this is the last response
  if (refused_) {
    return write(too_many_connections(
        req, "this address has the most connections open that the server allows; close one first"));
  }

  if (role_ == port_role::game && beast::websocket::is_upgrade(req)) {
    const std::string_view target = req.target();
    if (target.substr(0, target.find('?')) != "/ws") {
      return write(error_response(req, http::status::not_found, "not_found",
                                  "WebSockets are served at /ws"));
    }
    const auto& origins = state_->limits.allowed_origins;
    const auto origin = req[http::field::origin];
    if (!origins.empty() && !origin.empty() &&
        std::find(origins.begin(), origins.end(), origin) == origins.end()) {
      return write(error_response(req, http::status::forbidden, "origin_not_allowed",
                                  "this Origin may not open a WebSocket here"));
    }
    // Here, not at accept: behind a trusted proxy only the request tells who the client is.
    auto ws_lease = state_->client_websockets.try_acquire(request_client_key(*state_, req, peer()),
                                                          state_->max_websockets_per_address);
    if (!ws_lease) {
      ++state_->stats().refused_websockets_per_address;
      return write(too_many_connections(
          req, "this address has the most WebSockets open that the server allows; close one first"));
    }
    // The WebSocket session takes the socket and the leases over; this session ends.
    auto client = request_client_address(*state_, req, peer());
    std::make_shared<websocket_session>(stream_.release_socket(), state_, std::move(lease_), std::move(*ws_lease),
                                        std::move(client))
        ->run(std::move(req));
    return;
  }

  const auto peer = this->peer();
  // For the access log (logs/access.hpp): handle_request() fills the note before it answers.
  auto note = std::make_shared<request_note>();
  auto logged = [note, stats = state_->stats_shared(), started = std::chrono::steady_clock::now(),
                 method = std::string(req.method_string()), client = request_client_address(*state_, req, peer)](unsigned status) {
    const auto took = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started);
    logs::http_request(method, note->route, status, took, client, note->account);
    stats->observe_http(note->route.empty() ? "unmatched" : note->route, status, static_cast<double>(took.count()) / 1e6);
  };
  handle_request(
      *state_, std::move(req), peer,
      [self = shared_from_this(), logged = std::move(logged)](answer a) {
        logged(a.status);
        net::post(self->stream_.get_executor(),
                  [self, msg = std::move(a.message)]() mutable { self->write(std::move(msg)); });
      },
      *note, role_);
}

void http_session::write(http::message_generator msg) {
  busy_ = true;
  const bool keep_alive = msg.keep_alive() && !closing_;
  stream_.expires_after(timeout);
  beast::async_write(stream_, std::move(msg),
                     beast::bind_front_handler(&http_session::on_write, shared_from_this(),
                                               keep_alive));
}

void http_session::on_write(bool keep_alive, beast::error_code ec,
                            std::size_t /*bytes_transferred*/) {
  busy_ = false;
  if (ec) return fail(ec, "write");
  if (!keep_alive || closing_) return do_close();
  do_read();
}

void http_session::do_close() {
  // Send a TCP shutdown; the socket closes when the last handler releases this session.
  beast::error_code ec;
  stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
}

net::ip::address http_session::peer() const {
  beast::error_code ec;
  return stream_.socket().remote_endpoint(ec).address();
}

void http_session::fail(beast::error_code ec, const char* what) {
  // Cancelled by close() or by shutdown: not a failure.
  if (ec == net::error::operation_aborted) return;
  spdlog::debug("http: {}: {}", what, ec.message());
}

}  // namespace loyang::server
