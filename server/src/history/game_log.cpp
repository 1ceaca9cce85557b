#include "game_log.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/event_json.hpp"
#include "loyang/protocol/log_entry.hpp"

namespace loyang::server::history {

namespace {

// replay_texts' viewer for "nothing redacted" (the `all` view of a finished game).
constexpr int all_viewers = -2;

}  // namespace

void replay_entry(engine::state& s, const game_log::entry& e, engine::event_list* events) {
  // A commands_only() entry whose text does not parse has no seat.
  if (e.player == engine::no_player || engine::apply(s, e.player, e.command, events)) {
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
    out.undo_.on_applied(c.version, events, s);
    out.entries_.push_back({c.at, c.version, cmd.value(), c.player});
  }
  out.undo_before_ = out.undo_;
  if (end) *end = std::move(s);
  return out;
}

game_log game_log::commands_only(std::size_t seats,
                                 const std::vector<persistence::logged_command>& commands) {
  game_log out(seats);
  out.events_known_ = false;
  out.entries_.reserve(commands.size());
  out.texts_.reserve(commands.size());
  for (const auto& c : commands) {
    const auto json = nlohmann::json::parse(c.cmd, nullptr, false);
    std::optional<engine::command> cmd;
    if (!json.is_discarded()) {
      if (auto p = protocol::parse_command(json)) cmd = p.value();
    }
    out.entries_.push_back({c.at, c.version, cmd.value_or(engine::command{}), cmd ? c.player : engine::no_player});
    out.texts_.push_back(c.cmd);
  }
  return out;
}

void game_log::append(std::uint32_t version, engine::player_id player, const engine::command& cmd,
                      std::string_view cmd_text, std::int64_t at, engine::event_list events,
                      const engine::state& after) {
  undo_before_ = undo_;
  undo_.on_applied(version, events, after);
  kept_.clear();
  checkpoints_.clear();
  if (!events_known_) texts_.emplace_back(cmd_text);
  entries_.push_back({at, version, cmd, player});
  // The texts the patch publishing this command carries: the spectators', and a seat's own
  // where its redaction differs (the cards dealt to it).
  last_own_.clear();
  const auto spectators = engine::redact(events, engine::no_player);
  last_ = protocol::log_entry_text(version, player, cmd_text, at, protocol::events_to_json(spectators).dump());
  // A seat's redaction hides less than the spectators': when theirs hides nothing, nor does any
  // seat's (most commands deal no card).
  for (std::size_t seat = 0; seat < seats_ && spectators != events; ++seat) {
    const auto mine = engine::redact(events, engine::player_id(seat));
    if (mine == spectators) continue;
    last_own_.emplace_back(engine::player_id(seat), protocol::log_entry_text(version, player, cmd_text, at,
                                                                            protocol::events_to_json(mine).dump()));
  }
  last_version_ = version;
}

void game_log::pop_back() {
  entries_.pop_back();
  undo_ = undo_before_;
  kept_.clear();
  last_.clear();
  last_own_.clear();
  last_version_ = 0;
  checkpoints_.clear();
  if (!events_known_) texts_.pop_back();
}

const std::string& game_log::last_text_for(engine::player_id viewer) const {
  static const std::string none;
  if (last_.empty() || entries_.empty() || last_version_ != entries_.back().version) return none;
  for (const auto& [seat, text] : last_own_) {
    if (seat == viewer) return text;
  }
  return last_;
}

template <class Take>
void game_log::replay_texts(const engine::state& start, int viewer, std::size_t first, std::size_t count,
                            Take&& take, engine::state* at_first, bool keep_states) const {
  const std::size_t end = std::min(entries_.size(), first + std::min(count, entries_.size()));
  if (at_first && first > entries_.size()) throw std::out_of_range("no such version");
  if (!events_known_) {
    if (at_first) {  // as far as its commands still apply
      *at_first = start;
      for (std::size_t i = 0; i < first; ++i) replay_entry(*at_first, entries_[i], nullptr);
    }
    for (std::size_t i = first; i < end; ++i) {
      const auto& e = entries_[i];
      take(protocol::log_entry_text(e.version, e.player, texts_[i], e.at, "null"));
    }
    return;
  }
  // Kept only by a replay of the whole log, which passes every state they hold.
  keep_states = keep_states && end == entries_.size() && checkpoints_.size() != end / checkpoint_every;
  if (keep_states) checkpoints_.clear();
  // From the start: an `undone` event names a version only the undo history since the start knows.
  engine::state s = start;
  engine::event_list events;
  engine::undo_tracker undo;
  for (std::size_t i = 0; i < end; ++i) {
    if (i == first && at_first) *at_first = s;
    const auto& e = entries_[i];
    events.clear();
    replay_entry(s, e, &events);
    undo.on_applied(e.version, events, s);
    if (keep_states && e.version % checkpoint_every == 0) checkpoints_.push_back(s);
    if (i < first) continue;
    const auto shown = viewer == all_viewers ? events : engine::redact(events, engine::player_id(viewer));
    take(protocol::log_entry_text(e.version, e.player, command_text(i), e.at, protocol::events_to_json(shown).dump()));
  }
  if (at_first && first == end) *at_first = s;  // no entry from `first` on
}

std::vector<std::string> game_log::entry_texts(const engine::state& start, engine::player_id viewer,
                                               std::size_t first, std::size_t count, engine::state* at_first) const {
  std::vector<std::string> out;
  replay_texts(start, viewer, first, count, [&out](std::string t) { out.push_back(std::move(t)); }, at_first);
  return out;
}

const std::vector<std::string>& game_log::kept_texts(const engine::state& start, int viewer) const {
  const std::size_t slot = viewer == all_viewers ? seats_ + 1 : viewer < 0 ? seats_ : std::size_t(viewer);
  if (kept_.size() < seats_ + 2) kept_.resize(seats_ + 2);
  auto& texts = kept_[slot];
  if (texts.size() != entries_.size()) {
    texts.clear();
    texts.reserve(entries_.size());
    replay_texts(start, viewer, 0, entries_.size(), [&texts](std::string t) { texts.push_back(std::move(t)); },
                 nullptr, true);
  }
  return texts;
}

namespace {

std::string joined(const std::vector<std::string>& texts, std::size_t count) {
  count = std::min(count, texts.size());
  std::size_t bytes = 2;
  for (std::size_t i = 0; i < count; ++i) bytes += texts[i].size() + 1;
  std::string out;
  out.reserve(bytes);
  out += '[';
  for (std::size_t i = 0; i < count; ++i) {
    if (i) out += ',';
    out += texts[i];
  }
  out += ']';
  return out;
}

}  // namespace

std::string game_log::array_text(const engine::state& start, engine::player_id viewer, std::size_t count,
                                 bool keep) const {
  if (keep) return joined(kept_texts(start, viewer), count);
  std::string out = "[";
  replay_texts(start, viewer, 0, count, [&out](const std::string& t) {
    if (out.size() > 1) out += ',';
    out += t;
  });
  out += ']';
  return out;
}

std::string game_log::unredacted_array_text(const engine::state& start, std::size_t count) const {
  return joined(kept_texts(start, all_viewers), count);
}

std::string game_log::command_text(std::size_t i) const {
  return events_known_ ? protocol::command_to_json(entries_[i].command).dump() : texts_[i];
}

const engine::state* game_log::checkpoint_at_or_before(std::uint32_t version) const {
  const std::size_t n = std::min<std::size_t>(version / checkpoint_every, checkpoints_.size());
  return n == 0 ? nullptr : &checkpoints_[n - 1];
}

}  // namespace loyang::server::history
