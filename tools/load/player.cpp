#include "player.hpp"

#include <algorithm>
#include <stdexcept>
#include <string_view>

namespace loyang::load {
namespace {

float micros_since(clock::time_point t, clock::time_point now) {
  return std::chrono::duration<float, std::micro>(now - t).count();
}

bool under(std::string_view path, std::string_view base) {
  return path.starts_with(base) && (path.size() == base.size() || path[base.size()] == '/');
}

// Whether a patch operation at `path` touches the part of the view the player keeps.
bool kept(std::string_view path) {
  return under(path, "/legal") || under(path, "/to_act") || path == "/game/phase";
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
      random_(seed),
      refilled_(clock::now()) {}

void player::start(std::function<void(bool)> on_ready) {
  on_ready_ = std::move(on_ready);
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
  beast::get_lowest_layer(ws_).async_connect(
      server_, beast::bind_front_handler(&player::on_connect, shared_from_this()));
}

void player::on_connect(beast::error_code ec) {
  if (ec) return ready(false);
  beast::get_lowest_layer(ws_).expires_never();
  // Small messages both ways: without this, Nagle's algorithm and delayed ACKs add ~40 ms.
  beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true), ec);
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  ws_.async_handshake(host_, "/ws",
                      beast::bind_front_handler(&player::on_handshake, shared_from_this()));
}

void player::on_handshake(beast::error_code ec) {
  if (ec) return ready(false);
  send(nlohmann::json{{"type", "hello"}, {"token", token_}}.dump());
  send(nlohmann::json{{"type", "subscribe"}, {"game", table_->game}, {"as", "player"}}.dump());
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
    self->playing_ = true;
    self->maybe_act();
  });
}

void player::stop() {
  net::post(table_->strand, [self = shared_from_this()] {
    self->closed_ = true;
    self->timer_.cancel();
    beast::error_code ec;
    beast::get_lowest_layer(self->ws_).socket().close(ec);
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
  if (run_.measured(clock::now())) table_->bytes_received += std::int64_t(bytes);
  const auto data = buffer_.cdata();
  const char* text = static_cast<const char*>(data.data());
  auto m = nlohmann::json::parse(text, text + data.size(), nullptr, false);
  buffer_.consume(buffer_.size());
  try {
    if (m.is_discarded()) throw std::invalid_argument("not JSON");
    on_message(m);
  } catch (const std::exception&) {  // not JSON, or not the shape the protocol promises
    count_error("unreadable_message");
  }
  maybe_act();
  do_read();
}

void player::on_message(nlohmann::json& m) {
  const auto& type = m["type"].get_ref<const std::string&>();
  if (type == "snapshot") {
    auto& v = m["view"];
    view_ = {{"game", {{"phase", std::move(v["game"]["phase"])}}},
             {"legal", std::move(v["legal"])},
             {"to_act", std::move(v["to_act"])}};
    version_ = m["version"].get<std::uint32_t>();
    have_view_ = true;
    ready(true);
  } else if (type == "patch") {
    on_patch(m);
  } else if (type == "result") {
    on_result(m);
  } else if (type == "error") {
    const auto code = m["error"]["code"].get<std::string>();
    count_error(code);
    if (m.value("id", "") == pending_) pending_.clear();
    if (code == "too_fast") wait_until(clock::now() + std::chrono::seconds(1));
    if (!have_view_) ready(false);
  }
}

void player::on_patch(nlohmann::json& m) {
  const auto from = m["from"].get<std::uint32_t>();
  const auto to = m["to"].get<std::uint32_t>();
  if (from != version_) {
    if (to > version_) {  // a gap: ask to be brought up to date
      count_error("patch_gap");
      send(nlohmann::json{{"type", "subscribe"}, {"game", table_->game}, {"as", "player"},
                          {"since", version_}}.dump());
    }
    return;  // else: one we have, sent again after a `stale`
  }
  const auto now = clock::now();
  auto kept_ops = nlohmann::json::array();
  for (auto& op : m["ops"]) {
    const auto& path = op["path"].get_ref<const std::string&>();
    if (path == "/log/-") {
      // The log entry names the seat whose command this is: time it from its sending.
      const auto& who = op["value"]["player"];
      if (who.is_number_integer()) {
        const int p = who.get<int>();
        if (p != seat_ && p >= 0 && std::size_t(p) < table_->sent.size()) {
          const auto& s = table_->sent[std::size_t(p)];
          if (s.valid && s.version == from && run_.measured(s.at)) {
            table_->patch_micros.push_back(micros_since(s.at, now));
          }
        }
      }
    } else if (kept(path)) {
      kept_ops.push_back(std::move(op));
    }
  }
  try {
    view_.patch_inplace(kept_ops);
    version_ = to;
  } catch (const nlohmann::json::exception&) {
    count_error("bad_patch");
    send(nlohmann::json{{"type", "subscribe"}, {"game", table_->game}, {"as", "player"}}.dump());
  }
}

void player::on_result(const nlohmann::json& m) {
  if (pending_.empty() || m["id"].get_ref<const std::string&>() != pending_) return;
  pending_.clear();
  const bool measured = run_.measured(pending_at_);
  if (m["ok"].get<bool>()) {
    if (measured) {
      table_->result_micros.push_back(micros_since(pending_at_, clock::now()));
      ++table_->commands;
    }
  } else if (measured) {
    count_error(m["error"]["code"].get<std::string>());
  }
}

void player::count_error(const std::string& code) {
  if (run_.measured(clock::now())) ++table_->errors[code];
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
  if (view_["game"]["phase"] == "finished") {
    table_->finished = true;
    return;
  }
  const auto& to_act = view_["to_act"];
  if (std::find(to_act.begin(), to_act.end(), seat_) == to_act.end()) return;

  const auto now = clock::now();
  tokens_ = std::min(token_burst,
                     tokens_ + std::chrono::duration<double>(now - refilled_).count() * token_rate);
  refilled_ = now;
  auto at = now;
  if (tokens_ < 1) {
    at = now + seconds((1 - tokens_) / token_rate);
  }
  if (run_.game_interval > 0) at = std::max(at, table_->next_slot);
  if (at > now) return wait_until(at);
  act();
}

void player::act() {
  const auto& legal = view_["legal"];
  const auto usable = std::count_if(legal.begin(), legal.end(), [](const nlohmann::json& c) {
    return c.value("type", "") != "undo";
  });
  if (usable == 0) return;
  auto pick = std::uniform_int_distribution<std::ptrdiff_t>(0, usable - 1)(random_);
  const nlohmann::json* chosen = nullptr;
  for (const auto& c : legal) {
    if (c.value("type", "") == "undo") continue;
    if (pick-- == 0) {
      chosen = &c;
      break;
    }
  }
  const auto now = clock::now();
  tokens_ -= 1;
  if (run_.game_interval > 0) {
    table_->next_slot = std::max(table_->next_slot, now) + seconds(run_.game_interval);
  }
  pending_ = std::to_string(++next_id_);
  pending_.insert(0, 1, 'c');  // not "c" + ...: GCC 12 warns falsely (-Wrestrict)
  pending_at_ = now;
  table_->sent[std::size_t(seat_)] = {version_, now, true};
  if (run_.measured(now)) ++table_->commands_sent;
  send(nlohmann::json{{"type", "command"}, {"game", table_->game}, {"version", version_},
                      {"id", pending_}, {"cmd", *chosen}}.dump());
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
