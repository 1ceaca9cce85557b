#include "player.hpp"

#include "json_scan.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace loyang::load {
namespace {

float micros_since(clock::time_point t, clock::time_point now) {
  return std::chrono::duration<float, std::micro>(now - t).count();
}

}  // namespace

player::player(std::shared_ptr<table> t, int seat, std::string token, const tcp::endpoint& server,
               std::string host, run_state& run, std::uint64_t seed)
    : table_(std::move(t)),
      seat_(seat),
      token_(std::move(token)),
      server_(server),
      host_(std::move(host)),
      run_(run),
      ws_(table_->strand),
      timer_(table_->strand),
      chat_timer_(table_->strand),
      random_(seed),
      refilled_(clock::now()) {}

void player::start(std::function<void(bool)> on_ready) {
  on_ready_ = std::move(on_ready);
  // The connection's own deadline (the WebSocket stream times out the handshake itself).
  timer_.expires_after(std::chrono::seconds(30));
  timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    beast::error_code ignored;
    if (!ec && !self->connected_) beast::get_lowest_layer(self->ws_).close(ignored);
  });
  beast::get_lowest_layer(ws_).async_connect(
      server_, beast::bind_front_handler(&player::on_connect, shared_from_this()));
}

void player::on_connect(beast::error_code ec) {
  if (ec) return ready(false);
  connected_ = true;
  timer_.cancel();
  // Small messages both ways: without this, Nagle's algorithm and delayed ACKs add ~40 ms.
  beast::get_lowest_layer(ws_).set_option(tcp::no_delay(true), ec);
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  // The game in the URL lets a balancer send a game's connections to one node (HAProxy's
  // `balance url_param game`, docs/scale-out.md); a single server ignores it.
  target_ = "/ws?game=" + std::to_string(table_->game);
  ws_.async_handshake(host_, target_,
                      beast::bind_front_handler(&player::on_handshake, shared_from_this()));
}

void player::on_handshake(beast::error_code ec) {
  if (ec) return ready(false);
  send(watching() ? R"({"type":"hello"})" : nlohmann::json{{"type", "hello"}, {"token", token_}}.dump());
  send(subscribe_text(std::nullopt));
  do_read();
}

void player::ready(bool ok) {
  if (!on_ready_) return;
  auto done = std::move(on_ready_);
  on_ready_ = nullptr;
  done(ok);
}

void player::go() {
  net::post(table_->strand, [self = shared_from_this()] {
    if (self->watching()) return;
    self->playing_ = true;
    self->maybe_act();
    if (self->run_.chat_interval > 0) self->chat_later(true);
  });
}

void player::stop() {
  net::post(table_->strand, [self = shared_from_this()] {
    self->closed_ = true;
    self->timer_.cancel();
    self->chat_timer_.cancel();
    beast::error_code ec;
    beast::get_lowest_layer(self->ws_).close(ec);
  });
}

void player::do_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&player::on_read, shared_from_this()));
}

void player::on_read(beast::error_code ec, std::size_t bytes) {
  if (ec) {
    if (!closed_ && !run_.stopping) count_error("connection_lost");
    return ready(false);
  }
  if (!watching() && run_.measured(clock::now())) table_->bytes_received += std::int64_t(bytes);
  const auto data = buffer_.cdata();
  try {
    on_message(std::string_view(static_cast<const char*>(data.data()), data.size()));
  } catch (const std::exception&) {  // not JSON, or not the shape the protocol promises
    count_error("unreadable_message");
  }
  buffer_.consume(buffer_.size());
  maybe_act();
  do_read();
}

void player::on_message(std::string_view text) {
  // Patches and results, nearly all of the traffic, are read from their text; the rest whole.
  std::string_view type, from, to, ops, id, ok, error;
  scan::pick(text, {{"type", &type}, {"from", &from}, {"to", &to}, {"ops", &ops}, {"id", &id},
                    {"ok", &ok}, {"error", &error}});
  if (type == R"("patch")") {
    // The sender's copy of the patch its command caused carries the command's id: its answer.
    if (take_pending(id)) accepted();
    return on_patch(number(from), number(to), ops);
  }
  if (type == R"("chat")") {
    // The sender's copy carries its id ("m..."): accepted; the others' are read, not parsed.
    if (!run_.measured(clock::now())) return;
    if (id.empty()) {
      ++table_->chat_received;
    } else {
      ++table_->chat_accepted;
    }
    return;
  }
  if (type == R"("chat_history")") return;
  if (type == R"("result")" && id.size() > 1 && id[1] == 'm') {  // a chat refused
    std::string_view code_text;
    scan::pick(error, {{"code", &code_text}});
    if (const auto code = scan::raw_string(code_text); code && run_.measured(clock::now())) {
      ++table_->errors["chat:" + std::string(*code)];
    }
    return;
  }
  if (type == R"("result")") {
    if (!take_pending(id)) return;
    if (ok == "true") return accepted();  // (a sender no longer watching gets no patch)
    if (!run_.measured(pending_at_)) return;
    std::string_view code_text;
    scan::pick(error, {{"code", &code_text}});
    const auto code = scan::raw_string(code_text);
    if (!code) throw scan::bad_json("error code expected");
    return count_error(std::string(*code));
  }
  auto m = nlohmann::json::parse(text);
  if (type == R"("snapshot")") {
    if (!watching()) view_.reset(m.at("view"));
    version_ = m.at("version").get<std::uint32_t>();
    have_view_ = true;
    ready(true);
  } else if (type == R"("error")") {
    const auto code = m.at("error").at("code").get<std::string>();
    count_error(code);
    if (m.value("id", "") == pending_) pending_.clear();
    if (code == "too_fast") wait_until(clock::now() + std::chrono::seconds(1));
    if (!have_view_) ready(false);
  }
}

std::string player::subscribe_text(std::optional<std::uint32_t> since) const {
  nlohmann::json m{{"type", "subscribe"}, {"game", table_->game}, {"as", watching() ? "spectator" : "player"}};
  if (since) m["since"] = *since;
  if (run_.chat_interval > 0 && !watching()) m["chat"] = true;
  return m.dump();
}

std::uint32_t player::number(std::string_view text) {
  const auto n = scan::integer(text);
  if (!n || *n < 0 || *n > std::int64_t(UINT32_MAX)) throw scan::bad_json("version expected");
  return std::uint32_t(*n);
}

void player::on_patch(std::uint32_t from, std::uint32_t to, std::string_view ops) {
  if (from != version_) {
    if (to > version_) {  // a gap: ask to be brought up to date
      count_error("patch_gap");
      send(subscribe_text(version_));
    }
    return;  // else: one we have, sent again after a `stale`
  }
  const auto now = clock::now();
  bool applied = true;
  scan::elements(ops, [&](std::string_view op_text) {
    std::string_view op, path, value;
    scan::pick(op_text, {{"op", &op}, {"path", &path}, {"value", &value}});
    const auto name = scan::raw_string(op);
    const auto where = scan::raw_string(path);
    if (!name || !where) throw scan::bad_json("operation without op or path");
    if (*where == "/log/-") {
      // The log entry names the seat whose command this is: time it from its sending.
      std::string_view player;
      scan::pick(value, {{"player", &player}});
      const auto who = scan::integer(player);
      if (who && watching()) {
        watched(*who, from, now);
      } else if (who && *who != seat_ && *who >= 0 && std::size_t(*who) < table_->sent.size()) {
        const auto& s = table_->sent[std::size_t(*who)];
        if (s.valid && s.version == from && run_.measured(s.at)) {
          table_->patch_micros.push_back(micros_since(s.at, now));
        }
      }
    } else if (applied && !watching() && bot_view::keeps(*where)) {
      try {
        view_.apply(*name, *where, value);
      } catch (const std::exception&) {
        applied = false;
      }
    }
  });
  if (watching()) {  // what it has seen, and what was sent before that, is no longer awaited
    std::erase_if(table_->unseen, [to](const table::unseen_command& c) { return c.version < to; });
  }
  if (applied) {
    version_ = to;
  } else {  // the kept view may be half-changed: start again from a snapshot
    count_error("bad_patch");
    have_view_ = false;
    send(subscribe_text(std::nullopt));
  }
}

void player::watched(std::int64_t who, std::uint32_t from, clock::time_point now) {
  for (const auto& c : table_->unseen) {
    if (c.seat == who && c.version == from) {
      if (run_.measured(c.at)) table_->watch_micros.push_back(micros_since(c.at, now));
      return;
    }
  }
}

bool player::take_pending(std::string_view id) {
  const auto raw_id = scan::raw_string(id);
  if (pending_.empty() || !raw_id || *raw_id != pending_) return false;
  pending_.clear();
  return true;
}

void player::accepted() {
  if (!run_.measured(pending_at_)) return;
  table_->result_micros.push_back(micros_since(pending_at_, clock::now()));
  ++table_->commands;
}

void player::count_error(const std::string& code) {
  if (run_.measured(clock::now())) ++table_->errors[watching() ? "watch:" + code : code];
}

void player::wait_until(clock::time_point t) {
  timer_armed_ = true;
  timer_.expires_at(t);
  timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    self->timer_armed_ = false;
    if (!ec) self->maybe_act();
  });
}

void player::maybe_act() {
  if (!playing_ || closed_ || run_.stopping || timer_armed_ || !pending_.empty() || !have_view_) {
    return;
  }
  if (table_->finished) return;
  if (view_.finished()) {
    table_->finished = true;
    return;
  }
  if (!view_.must_act(seat_)) return;

  const auto now = clock::now();
  tokens_ = std::min(token_burst,
                     tokens_ + std::chrono::duration<double>(now - refilled_).count() * token_rate);
  refilled_ = now;
  auto at = now;
  if (tokens_ < 1) {
    at = now + seconds((1 - tokens_) / token_rate);
  }
  if (run_.game_interval > 0) at = std::max(at, table_->next_slot);
  // Waits end on whole milliseconds, so that the timers of many games fall due together: one
  // wake-up of the timer queue per millisecond, not one per command.
  if (at > now) return wait_until(std::chrono::ceil<std::chrono::milliseconds>(at));
  act();
}

void player::act() {
  const auto& legal = view_.legal();
  const auto usable =
      std::count_if(legal.begin(), legal.end(), [](const auto& c) { return !c.undo; });
  if (usable == 0) return;
  auto pick = std::uniform_int_distribution<std::ptrdiff_t>(0, usable - 1)(random_);
  const bot_view::command* chosen = nullptr;
  for (const auto& c : legal) {
    if (c.undo) continue;
    if (pick-- == 0) {
      chosen = &c;
      break;
    }
  }
  const auto now = clock::now();
  tokens_ -= 1;
  if (run_.game_interval > 0) {
    // (a command up to a millisecond late, as the waits above make it, does not slow the game)
    table_->next_slot = std::max(table_->next_slot, now - std::chrono::milliseconds(1)) +
                        seconds(run_.game_interval);
  }
  pending_ = std::to_string(++next_id_);
  pending_.insert(0, 1, 'c');  // not "c" + ...: GCC 12 warns falsely (-Wrestrict)
  pending_at_ = now;
  table_->sent[std::size_t(seat_)] = {version_, now, true};
  if (table_->watched) {
    table_->unseen.push_back({version_, seat_, now});
    if (table_->unseen.size() > 256) table_->unseen.pop_front();  // a watcher gone or far behind
  }
  if (run_.measured(now)) ++table_->commands_sent;
  std::string text = R"({"type":"command","game":)";
  text += std::to_string(table_->game);
  text += R"(,"version":)";
  text += std::to_string(version_);
  text += R"(,"id":")";
  text += pending_;
  text += R"(","cmd":)";
  text += chosen->text;
  text += '}';
  send(std::move(text));
}

void player::chat_later(bool first) {
  // The first message at a random point of the interval: clients that all chatted on the same
  // tick would hit the server as one burst every interval, which no real chat does.
  const double wait = first ? std::uniform_real_distribution<double>(0, run_.chat_interval)(random_) : run_.chat_interval;
  chat_timer_.expires_after(std::chrono::duration_cast<clock::duration>(seconds(wait)));
  chat_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->closed_ || self->run_.stopping) return;
    const auto n = ++self->chats_;
    nlohmann::json m{{"type", "chat"},
                     {"game", self->table_->game},
                     {"id", std::string("m").append(std::to_string(n))},
                     {"text", std::string("message ").append(std::to_string(n)) + " from seat " + std::to_string(self->seat_) +
                                  ": a few words about the game, as people write them"}};
    if (self->run_.measured(clock::now())) ++self->table_->chat_sent;
    self->send(m.dump());
    self->chat_later();
  });
}

void player::send(std::string text) {
  out_.push_back(std::move(text));
  if (out_.size() == 1) do_write();
}

void player::do_write() {
  ws_.text(true);
  ws_.async_write(net::buffer(out_.front()),
                  beast::bind_front_handler(&player::on_write, shared_from_this()));
}

void player::on_write(beast::error_code ec, std::size_t) {
  if (ec) {
    if (!closed_ && !run_.stopping) count_error("write_failed");
    return ready(false);
  }
  out_.pop_front();
  if (!out_.empty()) do_write();
}

}  // namespace loyang::load
