#include "game_log.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <stdexcept>

#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/event_json.hpp"
#include "loyang/protocol/log_entry.hpp"

namespace loyang::server::history {

const std::string& game_log::entry::text_for(engine::player_id viewer) const {
  for (const auto& [seat, t] : own) {
    if (seat == viewer) return t;
  }
  return text;
}

void replay_entry(engine::state& s, const game_log::entry& e, engine::event_list* events) {
  const auto cmd = protocol::parse_command(nlohmann::json::parse(e.cmd()));
  if (!cmd || engine::apply(s, e.player, cmd.value(), events)) {
    throw std::runtime_error("command " + std::to_string(e.version) + " no longer applies");
  }
}

std::string events_text(const engine::event_list& events, engine::player_id viewer) {
  return protocol::events_to_json(engine::redact(events, viewer)).dump();
}

game_log game_log::rebuild(const engine::state& start,
                           const std::vector<persistence::logged_command>& commands,
                           engine::state* end) {
  game_log out(std::size_t(start.opts.players));
  out.entries_.reserve(commands.size());
  engine::state s = start;
  engine::event_list events;
  for (const auto& c : commands) {
    const auto where = [&] { return "command " + std::to_string(c.version); };
    const auto json = nlohmann::json::parse(c.cmd, nullptr, false);
    if (json.is_discarded()) throw std::runtime_error(where() + " is not JSON");
    const auto cmd = protocol::parse_command(json);
    if (!cmd) throw std::runtime_error(where() + " no longer parses: " + cmd.error().message);
    events.clear();
    if (const auto e = engine::apply(s, c.player, cmd.value(), &events)) {
      throw std::runtime_error(where() + " no longer applies: " + e->code);
    }
    if (s.version != c.version) throw std::runtime_error(where() + " gives another version");
    out.append(c.version, c.player, c.cmd, c.at, std::move(events), s);
  }
  if (end) *end = std::move(s);
  return out;
}

game_log game_log::commands_only(std::size_t seats,
                                 const std::vector<persistence::logged_command>& commands) {
  game_log out(seats);
  out.entries_.reserve(commands.size());
  for (const auto& c : commands) {
    entry e;
    e.version = c.version;
    e.player = c.player;
    e.at = c.at;
    e.text = protocol::log_entry_text(c.version, c.player, c.cmd, c.at, "null", &e.cmd_offset);
    e.cmd_size = c.cmd.size();
    out.entries_.push_back(std::move(e));
  }
  return out;
}

void game_log::append(std::uint32_t version, engine::player_id player, std::string_view cmd_text,
                      std::int64_t at, engine::event_list events, const engine::state& after) {
  undo_before_ = undo_;
  undo_.on_applied(version, events, after);
  unredacted_.clear();
  entry e;
  e.version = version;
  e.player = player;
  e.at = at;
  const auto spectators = engine::redact(events, engine::no_player);
  e.text = protocol::log_entry_text(version, player, cmd_text, at,
                                    protocol::events_to_json(spectators).dump(), &e.cmd_offset);
  e.cmd_size = cmd_text.size();
  for (std::size_t seat = 0; seat < seats_; ++seat) {
    const auto mine = engine::redact(events, engine::player_id(seat));
    if (mine == spectators) continue;
    e.own.emplace_back(engine::player_id(seat),
                       protocol::log_entry_text(version, player, cmd_text, at,
                                                protocol::events_to_json(mine).dump()));
  }
  e.own.shrink_to_fit();
  entries_.push_back(std::move(e));
  if (version % checkpoint_every == 0) checkpoints_.push_back(after);
}

void game_log::pop_back() {
  entries_.pop_back();
  undo_ = undo_before_;
  unredacted_.clear();
  if (checkpoints_.size() > entries_.size() / checkpoint_every) checkpoints_.pop_back();
}

std::string game_log::unredacted_array_text(const engine::state& start, std::size_t count) const {
  if (unredacted_.size() != entries_.size()) {
    std::vector<std::string> texts;
    texts.reserve(entries_.size());
    engine::state s = start;
    engine::event_list events;
    engine::undo_tracker undo;
    for (const auto& e : entries_) {
      events.clear();
      replay_entry(s, e, &events);
      undo.on_applied(e.version, events, s);
      texts.push_back(protocol::log_entry_text(e.version, e.player, e.cmd(), e.at,
                                               protocol::events_to_json(events).dump()));
    }
    unredacted_ = std::move(texts);
  }
  count = std::min(count, unredacted_.size());
  std::string out = "[";
  for (std::size_t i = 0; i < count; ++i) {
    if (i) out += ',';
    out += unredacted_[i];
  }
  out += ']';
  return out;
}

const engine::state* game_log::checkpoint_at_or_before(std::uint32_t version) const {
  const std::size_t n = std::min<std::size_t>(version / checkpoint_every, checkpoints_.size());
  return n == 0 ? nullptr : &checkpoints_[n - 1];
}

std::string game_log::array_text(engine::player_id viewer, std::size_t count) const {
  count = std::min(count, entries_.size());
  std::size_t bytes = 2;
  for (std::size_t i = 0; i < count; ++i) bytes += entries_[i].text_for(viewer).size() + 1;
  std::string out;
  out.reserve(bytes);
  out += '[';
  for (std::size_t i = 0; i < count; ++i) {
    if (i) out += ',';
    out += entries_[i].text_for(viewer);
  }
  out += ']';
  return out;
}

}  // namespace loyang::server::history
