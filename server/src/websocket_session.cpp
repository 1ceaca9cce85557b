#include "websocket_session.hpp"

#include "logs/access.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <variant>

#include "chat/room_chat.hpp"
#include "chat/service.hpp"
#include "loyang/protocol/client_message.hpp"
#include "loyang/protocol/server_message.hpp"
#include "loyang/protocol/version.hpp"
#include "core/responses.hpp"

namespace loyang::server {
namespace {

shared_text share(std::string text) { return std::make_shared<const std::string>(std::move(text)); }

template <class... F>
struct overloaded : F... {
  using F::operator()...;
};
template <class... F>
overloaded(F...) -> overloaded<F...>;

}  // namespace

websocket_session::websocket_session(socket_type&& socket, std::shared_ptr<shared_state> state,
                                     address_counter::lease connection, address_counter::lease websocket,
                                     std::string client)
    : ws_(std::move(socket)),
      state_(std::move(state)),
      tokens_(state_->limits.burst),
      refilled_(std::chrono::steady_clock::now()),
      client_(std::move(client)),
      connection_lease_(std::move(connection)),
      websocket_lease_(std::move(websocket)) {
  ++state_->stats().connections;
}

websocket_session::~websocket_session() {
  if (accepted_) {
    logs::websocket_closed({client_, who_ ? who_->id : 0, close_code_, messages_in_, messages_out_,
                            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - opened_)});
  }
  for (auto& [game, sub] : rooms_) sub.first->leave(this);
  if (!token_hash_.empty()) state_->accounts->detach(token_hash_, this);
  --state_->stats().connections;
  state_->connections().remove(this);
}

void websocket_session::run(http::request<http::string_body> req) {
  if (!state_->connections().add(shared_from_this())) return;
  // Beast's suggested server timeouts: handshake 30 s, idle 300 s with keep-alive pings.
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws_.read_message_max(state_->limits.max_message);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { set_common_headers(res.base()); }));
  ws_.async_accept(req, beast::bind_front_handler(&websocket_session::on_accept, shared_from_this()));
}

void websocket_session::on_accept(beast::error_code ec) {
  if (ec) return fail(ec, "accept");
  accepted_ = true;
  logs::websocket_opened(client_);
  do_read();
}

void websocket_session::close() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    // One close frame at most: Beast allows a single close operation per stream.
    if (self->closing_ || !self->ws_.is_open()) return;
    self->closing_ = true;
    self->close_code_ = websocket::close_code::going_away;
    self->ws_.async_close(websocket::close_code::going_away, [self](beast::error_code) {});
  });
}

void websocket_session::do_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&websocket_session::on_read, shared_from_this()));
}

void websocket_session::on_read(beast::error_code ec, std::size_t) {
  // A message over the limit: Beast has already closed the stream with code 1009 (too big).
  if (ec == websocket::error::message_too_big) {
    close_code_ = websocket::close_code::too_big;
    return drop("message too large");
  }
  if (ec == websocket::error::closed && !closing_) close_code_ = ws_.reason().code;  // the client's
  if (ec) return fail(ec, "read");
  ++messages_in_;
  ++state_->stats().websocket_messages_in;
  const std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  // Freed between messages: most connections wait far longer than they read, and the next read
  // allocates what it needs (1.5 KB a connection, 6 MB for 4,000 of them).
  buffer_.shrink_to_fit();
  if (!take_token()) {
    if (++strikes_ > state_->limits.max_strikes) return drop("too fast");
    send_error(protocol::message_id(text).value_or(""), "too_fast",
               "slow down: too many messages per second");
    return do_read();
  }
  strikes_ = 0;
  handle(text);
}

bool websocket_session::take_token() {
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - refilled_).count();
  refilled_ = now;
  tokens_ = std::min(state_->limits.burst, tokens_ + elapsed * state_->limits.messages_per_second);
  if (tokens_ < 1) return false;
  tokens_ -= 1;
  return true;
}

// Each message is handled completely (including the lobby's answer) before the next is read,
// so a client's messages take effect in the order it sent them.
void websocket_session::handle(const std::string& text) {
  if (revoked_) return do_read();  // closing: read on only to receive the close's answer
  auto parsed = protocol::parse_client_message(text);
  if (!parsed) {
    send_error(protocol::message_id(text).value_or(""), parsed.error().code, parsed.error().message);
    return do_read();
  }
  auto self = shared_from_this();
  const bool is_hello = std::holds_alternative<protocol::hello_message>(parsed.value());
  if (!hello_done_ && !is_hello) {
    send_error(protocol::message_id(text).value_or(""), "hello_first",
               "the first message must be {\"type\":\"hello\",\"token\":...}");
    return do_read();
  }
  std::visit(
      overloaded{
          [&](const protocol::hello_message& m) {
            if (hello_done_) {
              send_error("", "already_authenticated", "this connection has already said hello");
              return do_read();
            }
            if (m.protocol && (*m.protocol < protocol::oldest_protocol_version ||
                               *m.protocol > protocol::protocol_version)) {
              send_error("", "unsupported_protocol",
                         "this server speaks protocol versions " +
                             std::to_string(protocol::oldest_protocol_version) + " to " +
                             std::to_string(protocol::protocol_version) + "; say hello again with one of them");
              return do_read();
            }
            if (!m.token) return on_hello(std::nullopt, true);
            // Tied to the token from here on: its end (logout, password change, expiry)
            // closes this connection.
            bool unchecked = false;
            const auto who = state_->accounts->attach(
                *m.token, std::weak_ptr<token_holder>(std::static_pointer_cast<token_holder>(self)), &unchecked);
            if (unchecked) {
              send_error("", "storage_failed", "this node cannot check the token now; say hello again");
              return do_read();
            }
            if (!who) {
              send_error("", "bad_token", "unknown, revoked or expired token; log in again");
              return do_read();
            }
            token_hash_ = token_hash(*m.token);
            account_lease_ = state_->account_websockets.try_acquire(std::to_string(who->id),
                                                                    state_->max_websockets_per_account);
            on_hello(who, account_lease_.has_value());
          },
          [&](const protocol::subscribe_message& m) {
            if (rooms_.count(m.game)) {
              // Subscribing again is how a client asks to be brought up to date.
              auto& [r, seat] = rooms_[m.game];
              r->join(self, seat, m.since, who_ ? who_->id : 0, m.chat);
              return do_read();
            }
            state_->games->open_room(
                who_, m.game, m.spectator,
                [self, game = m.game, since = m.since, chat = m.chat](room_grant g) {
                  net::post(self->ws_.get_executor(), [self, game, since, chat, g = std::move(g)]() mutable {
                    self->on_subscribed(game, since, std::move(g), chat);
                  });
                });
          },
          [&](const protocol::unsubscribe_message& m) {
            if (auto it = rooms_.find(m.game); it != rooms_.end()) {
              it->second.first->leave(this);
              rooms_.erase(it);
            }
            on_send(share(protocol::unsubscribed_text(m.game)));
            do_read();
          },
          [&](protocol::command_message& m) {
            const auto it = rooms_.find(m.game);
            if (it == rooms_.end()) {
              on_send(share(protocol::result_error_text(
                  m.game, m.id, "not_subscribed", "subscribe to the game before sending commands")));
            } else {
              it->second.first->submit(self, it->second.second, std::move(m));
            }
            do_read();
          },
          [&](const protocol::ping_message&) {
            on_send(share(protocol::pong_text()));
            do_read();
          },
          [&](protocol::chat_message& m) {
            const auto it = rooms_.find(m.game);
            if (it == rooms_.end()) {
              on_send(share(protocol::result_error_text(m.game, m.id, "not_subscribed",
                                                        "subscribe to the game before chatting in it")));
            } else if (const auto over = who_ ? state_->budgets->spend({{budgets::write_kind::chat, std::to_string(who_->id)}})
                                              : std::nullopt) {
              // The account's budget over all its games (docs/security.md, "Write budgets"), on
              // top of each game's own pace (chat/room_chat.hpp).
              on_send(share(protocol::result_error_text(m.game, m.id, budgets::info(over->kind).code,
                                                        "too many chat messages; wait " + std::to_string(over->wait) + " s")));
            } else {
              it->second.first->chat(self, who_ ? who_->id : 0, it->second.second, std::move(m.id), std::move(m.text));
            }
            do_read();
          },
          [&](const protocol::chat_history_message& m) {
            const auto before = m.before ? std::optional<std::int64_t>(m.before) : std::nullopt;
            if (!rooms_.count(m.game)) {
              on_send(share(chat::history_error_text(m.game, before, "not_subscribed",
                                                     "subscribe to the game before reading its chat")));
              return do_read();
            }
            state_->chat->chat_page(who_, m.game, m.before, chat::page_size,
                                    [self, game = m.game, before](api_reply r) {
                                      std::string text;
                                      if (r.status != http::status::ok) {
                                        const auto& e = r.body["error"];
                                        text = chat::history_error_text(game, before, e.value("code", "storage_failed"),
                                                                        e.value("message", ""));
                                      } else {
                                        text = chat::history_text(game, r.body["messages"], r.body["more"].get<bool>(), before);
                                      }
                                      self->send(std::make_shared<const std::string>(std::move(text)));
                                    });
            do_read();
          },
          [&](const protocol::watch_lobby_message&) {
            // Asked for, never unsolicited: a client that did not ask gets only its answers.
            if (who_) state_->games->listen(who_->id, std::weak_ptr<subscriber>(self));
            state_->games->watch_open_games(std::weak_ptr<subscriber>(self));
            do_read();
          },
      },
      parsed.value());
}

void websocket_session::on_hello(std::optional<identity> who, bool allowed) {
  if (!allowed) {
    send_error("", "too_many_connections", "this account has too many open connections");
    return drop("too many connections");
  }
  hello_done_ = true;
  who_ = std::move(who);
  on_send(share(who_ ? protocol::welcome_text(who_->id, who_->name, state_->accounts->is_operator(who_->id))
                     : protocol::welcome_guest_text()));
  do_read();
}

void websocket_session::on_subscribed(std::int64_t game, std::optional<std::uint32_t> since,
                                      room_grant grant, bool chat) {
  if (revoked_) return do_read();  // the token ended meanwhile: no room for this connection
  if (!grant.where) {
    on_send(share(protocol::subscribe_error_text(game, grant.code, grant.message)));
    return do_read();
  }
  rooms_[game] = {grant.where, grant.seat};
  grant.where->join(shared_from_this(), grant.seat, since, who_ ? who_->id : 0, chat);
  do_read();
}

void websocket_session::send(shared_text text) {
  net::post(ws_.get_executor(),
            beast::bind_front_handler(&websocket_session::on_send, shared_from_this(), std::move(text)));
}

void websocket_session::on_send(shared_text text) {
  if (dropped_ || revoked_) return;
  if (queue_.size() >= state_->limits.max_queue) {
    ++state_->stats().messages_dropped_connections;
    return drop("send queue full");
  }
  queue_.push_back(std::move(text));
  if (queue_.size() == 1) do_write();
}

void websocket_session::do_write() {
  ws_.text(true);
  ws_.async_write(net::buffer(*queue_.front()),
                  beast::bind_front_handler(&websocket_session::on_write, shared_from_this()));
}

void websocket_session::on_write(beast::error_code ec, std::size_t) {
  if (ec) return fail(ec, "write");
  ++messages_out_;
  ++state_->stats().websocket_messages_out;
  queue_.pop_front();
  if (!queue_.empty()) return do_write();
  if (revoked_) close_revoked();
}

void websocket_session::token_revoked() {
  net::post(ws_.get_executor(),
            beast::bind_front_handler(&websocket_session::on_revoked, shared_from_this()));
}

void websocket_session::on_revoked() {
  if (revoked_ || dropped_) return;
  revoked_ = true;
  for (auto& [game, sub] : rooms_) sub.first->leave(this);
  rooms_.clear();
  // The close frame follows the message being written, if one is; the rest is not sent.
  if (queue_.empty()) return close_revoked();
  queue_.keep_front();
}

void websocket_session::close_revoked() {
  if (closing_ || !ws_.is_open()) return;
  closing_ = true;
  close_code_ = close_token_revoked;
  ws_.async_close(websocket::close_reason(static_cast<websocket::close_code>(close_token_revoked),
                                          "token revoked or expired"),
                  [self = shared_from_this()](beast::error_code) {});
}

void websocket_session::send_error(std::string_view id, std::string_view code,
                                   std::string_view message) {
  on_send(share(protocol::error_text_message(id, code, message)));
}

void websocket_session::drop(const char* why) {
  if (dropped_) return;
  dropped_ = true;
  spdlog::info("websocket: dropping a connection: {}", why);
  // Closing the socket aborts the pending read and write; the session then ends.
  beast::error_code ec;
  beast::get_lowest_layer(ws_).close(ec);
}

void websocket_session::fail(beast::error_code ec, const char* what) {
  if (ec == net::error::operation_aborted || ec == websocket::error::closed) return;
  spdlog::debug("websocket: {}: {}", what, ec.message());
}

}  // namespace loyang::server
