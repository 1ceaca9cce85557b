// A room on one of several nodes (docs/scale-out.md): what other nodes stored is read back and
// shown here exactly as if it had been made here (the engine replays the commands: the same
// state, the same patches), and a command another node beat to its version is answered
// `stale` once the room has caught up.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/server_message.hpp"
#include "room.hpp"

namespace loyang::server {

void room::refresh() {
  net::post(strand_, [self = shared_from_this()] { self->ask_refresh(); });
}

void room::ask_refresh() {
  if (refreshing_) {
    refresh_again_ = true;  // the read under way may predate what is asked for
    return;
  }
  refreshing_ = true;
  start_refresh();
}

bool room::wait_for_version(std::uint32_t version, std::function<void()> task) {
  if (!svc_.store.shared() || version <= state_.version) return false;
  after_refresh_.push_back(std::move(task));
  ask_refresh();
  return true;
}

bool room::apply_stored(const persistence::logged_command& c) {
  const auto parsed = protocol::parse_command(nlohmann::json::parse(c.cmd, nullptr, false));
  if (!parsed) {
    spdlog::error("game {}: stored command {} does not parse", id_, c.version);
    return false;
  }
  engine::event_list events;
  // A refused command changes nothing (engine::apply), so no copy of the state is needed.
  if (const auto e = engine::apply(state_, c.player, parsed.value(), &events)) {
    spdlog::error("game {}: stored command {} does not apply here: {}", id_, c.version, e->message);
    return false;
  }
  log_.append(c.version, c.player, parsed.value(), c.cmd, c.at, std::move(events), state_);
  if (c.player >= 0 && std::size_t(c.player) < last_seen_.size()) {
    auto& seen = last_seen_[std::size_t(c.player)];
    seen = std::max(seen.value_or(0), state_.version);
  }
  ++svc_.stats->remote_commands;
  return true;
}

void room::remote_command(persistence::logged_command command) {
  net::post(strand_, [self = shared_from_this(), command = std::move(command)] {
    self->run_or_queue([self, command] {
      if (command.version <= self->state_.version) return;  // read already
      // Behind, a read on its way, or a command that does not apply: reading brings everything
      // in order.
      if (self->refreshing_ || command.version != self->state_.version + 1 || !self->apply_stored(command)) {
        return self->ask_refresh();
      }
      self->record_ = self->record_after(command.at);
      self->publish(nullptr, std::string());
      self->svc_.on_progress(self->record_);
      self->maybe_bot();
    });
  });
}

void room::start_refresh() {
  const auto from = state_.version;
  auto read = [self = shared_from_this(), from] {
    std::vector<persistence::logged_command> commands;
    std::optional<game_record> fresh;
    std::string error;
    try {
      // The commands first: a record read after them is at least as new, so a record ahead of
      // them asks for another read rather than going unseen.
      commands = self->svc_.store.load_commands_after(self->id_, from);
      auto part = self->svc_.store.load_catalog_part(self->id_, 0);
      if (!part.games.empty()) fresh = std::move(part.games.front());
    } catch (const std::exception& e) {
      error = e.what();
    }
    net::post(self->strand_, [self, commands = std::move(commands), fresh = std::move(fresh), error] {
      self->run_or_queue([self, commands, fresh, error] { self->on_refreshed(commands, fresh, error); });
    });
  };
  if (svc_.off_thread) {
    svc_.off_thread(std::move(read));
  } else {
    read();
  }
}

void room::on_refreshed(const std::vector<persistence::logged_command>& commands,
                        const std::optional<game_record>& fresh, const std::string& error) {
  if (!error.empty()) {
    // The next change or the listener's resync reads again.
    spdlog::warn("game {}: what another node stored could not be read ({})", id_, error);
  }
  bool moved = false;
  for (const auto& c : commands) {
    if (c.version <= state_.version) continue;  // made here meanwhile, or read twice
    if (c.version != state_.version + 1 || !apply_stored(c)) break;
    if (fresh && fresh->version == state_.version) record_ = *fresh;  // the table as stored with it
    publish(nullptr, std::string());
    moved = true;
  }
  if (fresh && fresh->version == state_.version && !moved) {
    // A change of the record alone (a resignation, a vote, a clock) made elsewhere.
    const auto before = table_json().dump();
    record_ = *fresh;
    if (table_json().dump() != before) publish_table();
  }
  if (fresh && fresh->version > state_.version) refresh_again_ = true;
  refreshing_ = false;
  if (refresh_again_) {
    refresh_again_ = false;
    refreshing_ = true;
    start_refresh();
  }
  // What waited for the reads is answered once a read that began after it is done (one begun
  // before may predate the command that beat it), whatever the version reached then: a client
  // claiming a version no node has is answered as on one node (a snapshot, or `stale`).
  if (!refreshing_) {
    for (auto& b : beaten_) {
      if (!b.who) continue;
      if (state_.version > b.version) {
        if (auto* w = find_watcher(b.who.get())) catch_up(*w, *b.who);
        reject(b.who.get(), b.client_id, "stale",
               "another player's command came first: the game is at version " + std::to_string(state_.version) +
                   "; the patches up to it have been sent to you");
      } else {
        reject(b.who.get(), b.client_id, b.error, "the server could not store your command; try again");
      }
    }
    beaten_.clear();
    auto waiting = std::move(after_refresh_);
    after_refresh_.clear();
    for (auto& task : waiting) run_or_queue(std::move(task));
  }
  if (moved) svc_.on_progress(record_);
  maybe_bot();
}

void room::remote_chat(std::int64_t message) {
  auto read = [self = shared_from_this(), message] {
    std::vector<persistence::chat_record> found;
    try {
      found = self->svc_.store.load_chat(self->id_, message + 1, 1);
    } catch (const std::exception& e) {
      spdlog::warn("game {}: chat message {} from another node could not be read ({})", self->id_, message, e.what());
    }
    if (found.empty() || found.front().id != message) return;
    net::post(self->strand_, [self, m = found.front()] { self->on_chat_stored(nullptr, std::string(), m, std::string()); });
  };
  if (svc_.off_thread) {
    svc_.off_thread(std::move(read));
  } else {
    read();
  }
}

}  // namespace loyang::server
