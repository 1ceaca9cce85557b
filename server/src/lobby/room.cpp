#include "room.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "../games/bot_levels.hpp"
#include "../clocks/game_clock.hpp"
#include "../games/result.hpp"
#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/server_message.hpp"

namespace loyang::server {
namespace {

shared_text share(std::string text) { return std::make_shared<const std::string>(std::move(text)); }

}  // namespace

room::room(net::io_context::executor_type executor, game_record record, loaded_game game,
           history::game_log log, services svc, chat_seed chat)
    : strand_(net::make_strand(std::move(executor))),
      id_(record.id),
      record_(std::move(record)),
      state_(std::move(game.state)),
      log_(std::move(log)),
      last_seen_(record_.seats.size()),
      svc_(std::move(svc)),
      chat_(std::move(chat.recent), chat.count, svc_.relations, svc_.name_of),
      bots_(record_.seats.size()),
      bot_retry_(strand_) {
  for (const auto& [seat, version] : game.last_seen) {
    if (seat >= 0 && std::size_t(seat) < last_seen_.size()) last_seen_[std::size_t(seat)] = version;
  }
  ++svc_.stats->games_in_memory;
}

room::~room() {
  --svc_.stats->games_in_memory;
  if (svc_.presence) svc_.presence->forget(id_);
}

void room::start() {
  net::post(strand_, [self = shared_from_this()] { self->maybe_bot(); });
}

void room::join(std::shared_ptr<subscriber> who, engine::player_id seat,
                std::optional<std::uint32_t> since, std::int64_t account, bool chat) {
  net::post(strand_, [self = shared_from_this(), who = std::move(who), seat, since, account, chat] {
    self->run_or_queue([self, who, seat, since, account, chat] {
      if (since && self->wait_for_version(*since, [self, who, seat, since, account, chat] {
            self->do_join(who, seat, since, account, chat);
          })) {
        return;
      }
      self->do_join(who, seat, since, account, chat);
    });
  });
}

void room::leave(const subscriber* who) {
  net::post(strand_, [self = shared_from_this(), who] {
    if (const auto* w = self->find_watcher(who)) self->note_seen(*w);
    std::erase_if(self->watchers_, [who](const watcher& w) { return w.key == who; });
    self->count_spectators();
  });
}

void room::count_spectators() {
  const auto n = static_cast<int>(std::count_if(watchers_.begin(), watchers_.end(), [](const watcher& w) {
    return w.seat == engine::no_player && !w.who.expired();
  }));
  tell_presence();
  if (n == spectators_) return;
  spectators_ = n;
  if (svc_.on_spectators) svc_.on_spectators(id_, n);
}

void room::tell_presence() { tell_presence(record_); }

void room::tell_presence(const game_record& record) {
  if (!svc_.presence) return;
  const auto person = [&record](engine::player_id seat) -> std::int64_t {
    if (seat < 0 || std::size_t(seat) >= record.seats.size()) return 0;
    const auto& s = record.seats[std::size_t(seat)];
    return s.bot || s.gone != persistence::departure::none ? 0 : s.account_id;
  };
  std::vector<std::int64_t> open;
  for (const auto& w : watchers_) {
    if (w.seat != engine::no_player && !w.who.expired() && w.account != 0 && w.account == person(w.seat)) {
      open.push_back(w.account);
    }
  }
  std::vector<std::int64_t> acting;
  if (record.status == game_status::active) {
    for (const auto seat : record.to_act) {
      if (const auto a = person(seat)) acting.push_back(a);
    }
  }
  std::sort(open.begin(), open.end());
  open.erase(std::unique(open.begin(), open.end()), open.end());
  std::sort(acting.begin(), acting.end());
  if (acting != told_acting_) {
    told_acting_ = acting;
    svc_.presence->acting(id_, acting);
  }
  if (open != told_open_) {
    told_open_ = open;
    svc_.presence->watching(id_, open, svc_.now());
  }
}

void room::chat(std::shared_ptr<subscriber> who, std::int64_t account, engine::player_id seat,
                std::string client_id, std::string text) {
  net::post(strand_, [self = shared_from_this(), who = std::move(who), account, seat,
                      client_id = std::move(client_id), text = std::move(text)]() mutable {
    if (auto refused = self->chat_.check(self->record_, account, seat, text, self->svc_.now())) {
      return who->send(share(protocol::result_error_text(self->id_, client_id, refused->code, refused->message)));
    }
    persistence::chat_record m{self->svc_.next_chat_id(), self->id_, account, std::move(text), self->svc_.now()};
    if (m.id == 0) {
      return who->send(share(protocol::result_error_text(self->id_, client_id, "storage_failed",
                                                         "the message could not be stored")));
    }
    // The persons seated who do not watch now hear of it by their notification settings.
    std::vector<std::pair<std::int64_t, std::string>> away;
    for (const auto& s : self->record_.seats) {
      if (s.account_id == 0 || s.account_id == account || s.gone != persistence::departure::none) continue;
      if (!self->chat_.wants(s.account_id, m)) continue;
      const bool watching = std::any_of(self->watchers_.begin(), self->watchers_.end(), [&s](const watcher& w) {
        return w.account == s.account_id && !w.who.expired();
      });
      if (!watching) away.emplace_back(s.account_id, self->svc_.name_of(s.account_id));
    }
    auto notes = self->svc_.chat_notes && !away.empty() ? self->svc_.chat_notes(self->record_, m, away)
                                                        : std::vector<persistence::outbox_record>{};
    const bool told = !notes.empty();
    self->svc_.store.append_chat(m, std::move(notes), [self, who, client_id, m, told](const std::string& error) {
      if (error.empty() && told && self->svc_.notes_queued) self->svc_.notes_queued();
      net::post(self->strand_, [self, who, client_id, m, error] { self->on_chat_stored(who, client_id, m, error); });
    });
  });
}

void room::on_chat_stored(std::shared_ptr<subscriber> who, std::string client_id, persistence::chat_record m,
                          const std::string& error) {
  if (!error.empty()) {
    return who->send(share(protocol::result_error_text(id_, client_id, error, "the message could not be stored")));
  }
  chat_.stored(m);
  const auto message = chat_.message_json(record_, m);
  const auto text = share(nlohmann::json{{"type", "chat"}, {"game", id_}, {"message", message}}.dump());
  bool answered = false;
  drop_expired();
  for (const auto& w : watchers_) {
    auto sub = w.who.lock();
    if (!sub || (!w.chat && w.key != who.get()) || !chat::room_chat::may_read(record_, w.account, w.seat) ||
        !chat_.wants(w.account, m)) {
      continue;
    }
    if (w.key == who.get()) {
      answered = true;
      sub->send(share(nlohmann::json{{"type", "chat"}, {"game", id_}, {"id", client_id}, {"message", message}}.dump()));
    } else {
      sub->send(text);
    }
  }
  // A sender that stopped watching meanwhile still gets its answer.
  if (!answered && who) {
    who->send(share(nlohmann::json{{"type", "chat"}, {"game", id_}, {"id", client_id}, {"message", message}}.dump()));
  }
}

void room::chat_deleted(std::int64_t id) {
  net::post(strand_, [self = shared_from_this(), id] {
    self->chat_.deleted(id);
    const auto text = share(nlohmann::json{{"type", "chat_deleted"}, {"game", self->id_}, {"message", id}}.dump());
    self->drop_expired();
    for (const auto& w : self->watchers_) {
      if (!w.chat || !chat::room_chat::may_read(self->record_, w.account, w.seat)) continue;
      if (auto sub = w.who.lock()) sub->send(text);
    }
  });
}

void room::chat_access(std::int64_t account, std::function<void(bool)> answer) {
  net::post(strand_, [self = shared_from_this(), account, answer = std::move(answer)] {
    answer(chat::room_chat::may_read(self->record_, account, chat::seat_of(self->record_, account)));
  });
}

void room::read_log(log_reader reader) {
  net::post(strand_, [self = shared_from_this(), reader = std::move(reader)] {
    self->run_or_queue([self, reader] { reader(self->record_, self->state_, self->log_); });
  });
}

void room::note_seen(const watcher& w) {
  if (w.seat == engine::no_player || std::size_t(w.seat) >= last_seen_.size()) return;
  auto& seen = last_seen_[std::size_t(w.seat)];
  if (seen && *seen >= w.sent) return;
  seen = w.sent;
  svc_.store.save_last_seen(id_, w.seat, w.sent, [id = id_](const std::string& error) {
    // Not worth failing anything for: the next visit's digest is merely longer.
    if (!error.empty()) spdlog::warn("game {}: what a seat has seen could not be stored ({})", id, error);
  });
}

// A closed connection's leave() may come after this: what it had seen is noted here then.
void room::drop_expired() {
  std::erase_if(watchers_, [this](const watcher& w) {
    if (!w.who.expired()) return false;
    note_seen(w);
    return true;
  });
}

nlohmann::json room::last_seen_json(engine::player_id seat) const {
  if (seat == engine::no_player || std::size_t(seat) >= last_seen_.size() ||
      !last_seen_[std::size_t(seat)]) {
    return nullptr;
  }
  return *last_seen_[std::size_t(seat)];
}

void room::submit(std::shared_ptr<subscriber> who, engine::player_id seat,
                  protocol::command_message message) {
  const auto arrived = clock::now();
  net::post(strand_, [self = shared_from_this(), who = std::move(who), seat,
                      message = std::move(message), arrived]() mutable {
    self->run_or_queue([self, who, seat, message = std::move(message), arrived] {
      if (self->wait_for_version(message.version, [self, who, seat, message, arrived] {
            self->do_submit(who, seat, message, arrived);
          })) {
        return;
      }
      self->do_submit(who, seat, message, arrived);
    });
  });
}

void room::when_idle(std::function<void(bool)> answer) {
  net::post(strand_, [self = shared_from_this(), answer = std::move(answer)] {
    self->drop_expired();
    answer(self->watchers_.empty() && !self->writing_ && !self->bot_pending_ &&
           self->queue_.empty());
  });
}

// While a command is being made durable the in-memory state is ahead of what viewers were
// sent: everything else waits until it is published (or rolled back).
void room::run_or_queue(std::function<void()> task) {
  if (writing_) {
    queue_.push_back(std::move(task));
    return;
  }
  task();
}

void room::run_queue() {
  while (!writing_ && !queue_.empty()) {
    auto task = std::move(queue_.front());
    queue_.pop_front();
    task();
  }
}

nlohmann::json room::log_json(engine::player_id seat) const {
  // The log keeps the commands only: their entries are made again by replaying the game.
  return nlohmann::json::parse(log_.array_text(engine::new_game(record_.options, record_.seed), seat));
}

void room::append_last_entry(std::string& out, engine::player_id seat) const {
  if (const auto& kept = log_.last_text_for(seat); !kept.empty()) {
    out += kept;
    return;
  }
  // Not kept (a log rebuilt from storage has appended nothing yet): made again.
  const auto texts = log_.entry_texts(engine::new_game(record_.options, record_.seed), seat, log_.size() - 1, 1);
  out += texts.empty() ? std::string("null") : texts.front();
}

void room::do_join(const std::shared_ptr<subscriber>& who, engine::player_id seat,
                   std::optional<std::uint32_t> since, std::int64_t account, bool chat) {
  // A connection that watches already has (or has on its way) every patch up to its `sent`:
  // its `since` may be older only because it has not read them yet.
  std::optional<std::uint32_t> had;
  if (const auto* w = find_watcher(who.get())) {
    if (w->seat == seat) {
      had = w->sent;
    } else {
      note_seen(*w);  // it stops watching that seat
    }
  }
  drop_expired();
  std::erase_if(watchers_, [&](const watcher& w) { return w.key == who.get(); });
  watchers_.push_back({who, who.get(), seat, account, chat, state_.version});
  count_spectators();
  if (since && send_patches_since(*who, seat, had ? std::max(*since, *had) : *since)) {
    who->send(share(protocol::subscribed_text(id_, state_.version,
                                              seat == engine::no_player ? -1 : int(seat),
                                              last_seen_json(seat))));
    // The patch it missed leaves the table out: the current one follows.
    who->send(share(protocol::table_text(id_, state_.version, table_json())));
  } else {
    send_snapshot(*who, seat);
  }
  if (chat && chat::room_chat::may_read(record_, account, seat)) who->send(share(chat_.first_page(record_, account)));
}

room::watcher* room::find_watcher(const subscriber* who) {
  const auto it = std::find_if(watchers_.begin(), watchers_.end(),
                               [who](const watcher& w) { return w.key == who; });
  return it == watchers_.end() ? nullptr : &*it;
}

void room::catch_up(watcher& w, subscriber& who) {
  if (w.sent == state_.version) return;
  if (send_patches_since(who, w.seat, w.sent)) {
    who.send(share(protocol::table_text(id_, state_.version, table_json())));  // the patch has no /table
  } else {
    send_snapshot(who, w.seat);
  }
  w.sent = state_.version;
}

void room::send_snapshot(subscriber& who, engine::player_id seat) {
  if (!views_ || views_->version() != state_.version) views_.emplace(state_);
  auto view = protocol::client_view(state_, seat);
  view["log"] = log_json(seat);
  view["table"] = table_json();
  who.send(share(protocol::snapshot_text(id_, state_.version,
                                         seat == engine::no_player ? -1 : int(seat), view,
                                         last_seen_json(seat))));
}

bool room::send_patches_since(subscriber& who, engine::player_id seat, std::uint32_t since) {
  if (since > state_.version || log_.size() != state_.version) return false;
  if (since == state_.version) {
    // Up to date; the next command's patch starts at this view (publish() patches only from a
    // view at the version before it).
    if (!views_ || views_->version() != state_.version) views_.emplace(state_);
    return true;
  }
  if (state_.version - since > resume_window) return false;
  std::string ops;
  try {
    // One replay gives the log entries since and the state at `since`, whose views advanced to
    // now are the operations of every command since, in one diff.
    engine::state then_state;
    const auto texts = log_.entry_texts(engine::new_game(record_.options, record_.seed), seat, since,
                                        state_.version - since, &then_state);
    protocol::view_patcher then(then_state);
    then.advance(state_);
    ops = then.take_ops(seat);
    for (const auto& text : texts) {
      if (!ops.empty()) ops += ',';
      ops += R"({"op":"add","path":"/log/-","value":)";
      ops += text;
      ops += '}';
    }
  } catch (const std::exception& e) {
    spdlog::warn("game {}: a resume from version {} could not be rebuilt: {}", id_, since, e.what());
    return false;
  }
  who.send(share(protocol::patch_text(id_, since, state_.version, std::string_view(ops))));
  // The connection follows from here: the patches of later commands start at this view.
  if (!views_ || views_->version() != state_.version) views_.emplace(state_);
  return true;
}

void room::reject(subscriber* who, const std::string& client_id, const std::string& code,
                  const std::string& message) {
  svc_.stats->command_rejected(code);
  if (who) {
    who->send(share(protocol::result_error_text(id_, client_id, code, message)));
  } else {
    // A bot picks among the legal commands: a refusal is a bug, and the bot must not stall.
    spdlog::error("game {}: a bot's command was refused: {}: {}", id_, code, message);
  }
}

void room::do_submit(const std::shared_ptr<subscriber>& who, engine::player_id seat,
                     const protocol::command_message& message, clock::time_point arrived) {
  if (seat == engine::no_player) {
    return reject(who.get(), message.id, "not_a_player", "spectators cannot send commands");
  }
  if (record_.status != game_status::active) {
    return reject(who.get(), message.id, "game_over", "the game has ended");
  }
  if (who && record_.seats[std::size_t(seat)].bot) {
    // Decided (docs/protocol.md): a seat handed to a bot stays with it to the end.
    return reject(who.get(), message.id, "seat_taken_over",
                  "a bot plays your seat since your time ran out or you resigned");
  }
  if (message.version != state_.version) {
    // The connection is brought up from the version it was sent, not the command's: the
    // patches after the command's version have normally reached it already (and must not
    // again). Whatever it lacks comes before the answer, so a client that reads `stale` has
    // the patches it needs to choose again.
    if (who) {
      if (auto* w = find_watcher(who.get())) catch_up(*w, *who);
    }
    return reject(who.get(), message.id, "stale",
                  "the game is at version " + std::to_string(state_.version) + ", not " +
                      std::to_string(message.version) + "; the patches up to it have been sent to you");
  }
  const auto cmd = protocol::parse_command(message.cmd);
  if (!cmd) return reject(who.get(), message.id, cmd.error().code, cmd.error().message);
  engine::state before = state_;
  engine::event_list events;
  if (const auto e = engine::apply(state_, seat, cmd.value(), &events)) {
    return reject(who.get(), message.id, e->code, e->message);
  }
  // The engine's own JSON of the command, not the client's: canonical, and nothing unknown.
  command_record c{id_, state_.version, seat, protocol::command_to_json(cmd.value()).dump(),
                   svc_.now()};
  log_.append(c.version, seat, cmd.value(), c.cmd, c.at, std::move(events), state_);
  auto next = record_after(c.at);
  writing_ = true;
  auto notes = notes_for(record_, next, {});
  const bool told = !notes.empty();
  // Who must act is known before the turn notifications can be read (written with the command).
  if (told) tell_presence(next);
  svc_.store.append_command(
      c, next, state_, std::move(notes),
      [self = shared_from_this(), who, seat, client_id = message.id, before = std::move(before),
       next, arrived, told](const std::string& error) mutable {
        if (error.empty() && told && self->svc_.notes_queued) self->svc_.notes_queued();
        net::post(self->strand_, [self, who = std::move(who), seat, client_id = std::move(client_id),
                                  before = std::move(before), next = std::move(next), arrived,
                                  error]() mutable {
          if (error.empty()) {
            self->record_ = std::move(next);
            auto& seen = self->last_seen_[std::size_t(seat)];  // as the store noted it
            seen = std::max(seen.value_or(0), self->record_.version);
          }
          self->on_durable(std::move(who), seat, std::move(client_id), std::move(before), arrived,
                           error);
        });
      });
}

game_record room::record_after(std::int64_t at) const {
  game_record next = record_;
  next.version = state_.version;
  next.round = state_.round;
  next.revision = record_.revision + 1;  // the stored row's, once appended
  next.updated_at = at;
  const auto acting = engine::to_act(state_);
  if (acting != record_.to_act) {
    next.to_act = acting;
    next.waiting_since = at;
  }
  next.clock = clocks::record_clock_after(record_.clock, acting, at);
  if (state_.current_phase == engine::phase::finished) {
    next.status = game_status::finished;
    next.result = games::final_result(next, state_);
  }
  return next;
}

void room::on_durable(std::shared_ptr<subscriber> who, engine::player_id seat, std::string client_id,
                      engine::state before, clock::time_point arrived, const std::string& error) {
  writing_ = false;
  if (!error.empty()) {
    // Not durable: it never happened.
    state_ = std::move(before);
    log_.pop_back();
    if (svc_.store.shared()) {
      // Maybe another node stored this version first: read what it stored, then answer.
      beaten_.push_back({std::move(who), std::move(client_id), state_.version, error});
      ask_refresh();
    } else {
      spdlog::error("game {}: a command could not be stored ({}); rolled back", id_, error);
      if (who) reject(who.get(), client_id, error, "the server could not store your command; try again");
    }
  } else {
    ++svc_.stats->commands_accepted;
    if (who && svc_.presence && seat >= 0 && std::size_t(seat) < record_.seats.size()) {
      svc_.presence->moved(id_, record_.seats[std::size_t(seat)].account_id, svc_.now());
    }
    svc_.stats->observe_latency(std::chrono::duration<double>(clock::now() - arrived).count());
    // The lobby first: a client that reads the game's summary as soon as its answer came must
    // find the new record there (the lobby's strand takes this before the client's request).
    svc_.on_progress(record_);
    // The sender's patch, marked with its command's id, is its answer; a sender that no longer
    // watches (it unsubscribed meanwhile) still gets one: a result.
    if (!publish(who.get(), client_id) && who) {
      who->send(share(protocol::result_ok_text(id_, client_id, state_.version)));
    }
    // Made only when heard: each command would otherwise copy who is to act for nobody.
    if (svc_.hub && svc_.hub->subscribers<events::command_applied>()) {
      svc_.hub->publish(events::command_applied{id_, state_.version, seat, record_.to_act});
    }
  }
  maybe_bot();
  run_queue();
}

bool room::publish(const subscriber* who, const std::string& client_id) {
  drop_expired();
  tell_presence();
  if (!views_ || views_->version() + 1 != state_.version) {
    // Cannot patch from the views kept: each watcher is brought up from what it was sent (its
    // patches replayed from the log, or a snapshot), so none is left behind, and the sender's
    // answer (a result) comes after its patch.
    views_.reset();
    for (auto& w : watchers_) {
      if (auto s = w.who.lock()) catch_up(w, *s);
    }
    return false;
  }
  if (watchers_.empty()) {
    views_.reset();  // a resume rebuilds what it needs
    return false;
  }
  const auto from = views_->version();
  views_->advance(state_);
  std::string table_op;
  if (auto table = table_json().dump(); table != table_sent_) {
    table_op = R"(,{"op":"replace","path":"/table","value":)" + table + '}';
    table_sent_ = std::move(table);
  }
  std::string ops;
  bool answered = false;
  for (std::size_t i = 0; i <= record_.seats.size(); ++i) {
    const auto seat = i == record_.seats.size() ? engine::no_player : engine::player_id(i);
    const bool watched = std::any_of(watchers_.begin(), watchers_.end(),
                                     [seat](const watcher& w) { return w.seat == seat; });
    if (!watched) continue;  // a bot's seat, or nobody here: a resume rebuilds its patch
    ops = views_->take_ops(seat);
    if (!ops.empty()) ops += ',';
    ops += R"({"op":"add","path":"/log/-","value":)";
    append_last_entry(ops, seat);
    ops += '}';
    ops += table_op;
    shared_text text;  // made when a watcher other than the sender needs it
    for (auto& w : watchers_) {
      if (w.seat != seat) continue;
      auto s = w.who.lock();
      if (!s) continue;
      if (w.sent != from) {  // never a gap (no path leaves a watcher behind; kept as a guard)
        catch_up(w, *s);
        continue;
      }
      w.sent = state_.version;
      if (w.key == who) {
        s->send(share(protocol::patch_text(id_, from, state_.version, std::string_view(ops),
                                           std::string_view(client_id))));
        answered = true;
      } else {
        if (!text) text = share(protocol::patch_text(id_, from, state_.version, std::string_view(ops)));
        s->send(text);
      }
    }
  }
  return answered;
}

}  // namespace loyang::server

namespace loyang::server {

nlohmann::json room::table_json() const {
  auto seats = nlohmann::json::array();
  for (std::size_t i = 0; i < record_.seats.size(); ++i) {
    const auto& s = record_.seats[i];
    seats.push_back({{"bot", s.bot},
                     {"bot_level", bot_seats::level_json(record_, i)},
                     {"gone", games::gone_json(s)},
                     {"gone_at", games::gone_at_json(s)}});
  }
  return {{"status", status_name(record_.status)},
          {"clock", clocks::record_clock_view(record_.clock, svc_.now())},
          {"seats", std::move(seats)},
          {"result", record_.result}};
}

std::vector<outbox_record> room::notes_for(const game_record& before, const game_record& after,
                                           const std::vector<std::pair<engine::player_id, int>>& reminders) const {
  if (!svc_.notes) return {};
  try {
    return svc_.notes(before, after, reminders, [this](engine::player_id seat) { return since_text(seat); });
  } catch (const std::exception& e) {
    // Never the move's failure: it goes on untold.
    spdlog::error("game {}: its notifications could not be composed: {}", id_, e.what());
    return {};
  }
}

std::string room::since_text(engine::player_id seat) const {
  // At most this many entries: a mail tells the last few (recap.hpp lists 8 and counts the rest).
  constexpr std::size_t most = 200;
  if (!log_.events_known() || log_.empty()) return "[]";
  std::size_t first = log_.size();
  while (first > 0 && log_[first - 1].player != seat && log_.size() - first < most) --first;
  if (first == log_.size()) return "[]";
  try {
    const auto texts =
        log_.entry_texts(engine::new_game(record_.options, record_.seed), seat, first, log_.size() - first);
    std::string out = "[";
    for (const auto& t : texts) {
      if (out.size() > 1) out += ',';
      out += t;
    }
    return out + "]";
  } catch (const std::exception& e) {
    spdlog::warn("game {}: the log since seat {}'s last move could not be rebuilt: {}", id_, int(seat), e.what());
    return "[]";
  }
}

void room::publish_table() {
  drop_expired();
  tell_presence();
  table_sent_ = table_json().dump();
  if (watchers_.empty()) return;
  auto text = share(protocol::table_text(id_, state_.version, nlohmann::json::parse(table_sent_)));
  for (auto& w : watchers_) {
    if (auto s = w.who.lock()) s->send(text);
  }
}

void room::store_record(game_record next, std::vector<persistence::outbox_record> notes,
                        std::function<void(const std::string&)> done) {
  writing_ = true;
  next.revision = record_.revision + 1;  // refused if another node wrote the row meanwhile
  const bool told = !notes.empty();
  if (told) tell_presence(next);  // as append_command's
  svc_.store.save_game(next, std::move(notes), [self = shared_from_this(), next, told,
                                                done = std::move(done)](const std::string& error) {
    if (error.empty() && told && self->svc_.notes_queued) self->svc_.notes_queued();
    net::post(self->strand_, [self, next = std::move(next), done = std::move(done), error]() mutable {
      self->writing_ = false;
      if (error.empty()) {
        self->record_ = std::move(next);
        self->publish_table();
      } else {
        spdlog::error("game {}: a change of its record could not be stored ({})", self->id_, error);
        // Another node may have changed the game: read it, so the next try starts from there.
        if (self->svc_.store.shared()) self->ask_refresh();
      }
      self->svc_.on_progress(self->record_);  // first: an answer after `done` reads the new record
      done(error);
      self->maybe_bot();
      self->run_queue();
    });
  });
}

void room::wake() {
  net::post(strand_, [self = shared_from_this()] {
    self->run_or_queue([self] {
      auto out = clocks::on_wake(self->record_, self->svc_.now());
      if (!out.changed) return self->svc_.on_progress(self->record_);  // the lobby arms the next wake
      auto notes = self->notes_for(self->record_, out.next, out.reminders);
      // Counted and told once stored: a write refused (another node wrote the row first) is
      // tried again from the record read then, and must not count the same timeout twice.
      self->store_record(std::move(out.next), std::move(notes),
                         [self, reminders = out.reminders, timed_out = out.timed_out](const std::string& error) {
                           if (!error.empty()) return;
                           self->svc_.stats->reminders_due += static_cast<std::int64_t>(reminders.size());
                           self->svc_.stats->timeouts += static_cast<std::int64_t>(timed_out.size());
                           for (const auto& [seat, n] : reminders) {
                             spdlog::info("game {}: seat {} reminded ({})", self->id_, int(seat),
                                          n == 1 ? "halfway" : "shortly before");
                           }
                           for (const auto seat : timed_out) {
                             spdlog::info("game {}: seat {} ran out of time", self->id_, int(seat));
                           }
                         });
    });
  });
}

void room::change(record_change change, std::function<void(std::optional<clocks::refusal>)> done) {
  net::post(strand_, [self = shared_from_this(), change = std::move(change), done = std::move(done)] {
    self->run_or_queue([self, change, done] {
      auto next = change(self->record_, self->svc_.now());
      if (auto* no = std::get_if<clocks::refusal>(&next)) return done(*no);
      auto& after = std::get<game_record>(next);
      auto notes = self->notes_for(self->record_, after, {});
      self->store_record(std::move(after), std::move(notes), [done](const std::string& error) {
        if (error.empty()) return done(std::nullopt);
        done(clocks::refusal{error, "the change could not be stored; try again", 503});
      });
    });
  });
}

}  // namespace loyang::server
