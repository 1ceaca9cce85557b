// Per-viewer patches from one public diff: a seat's view is the spectators' view with its own
// hand and Introductory customer shown, plus its legal commands (see client_view).
#include "loyang/protocol/view_patcher.hpp"

#include <string_view>

#include "json_names.hpp"
#include "loyang/protocol/command_json.hpp"
#include "patch_walk.hpp"
#include "player_json.hpp"

namespace loyang::protocol {
namespace {

using nlohmann::json;

void append_op(std::string& out, const char* name, const std::string& path, const json* value) {
  if (!out.empty()) out += ',';
  out += R"({"op":")";
  out += name;
  out += R"(","path":)";
  out += json(path).dump();
  if (value) {
    out += R"(,"value":)";
    out += value->dump(-1, ' ', false, json::error_handler_t::replace);
  }
  out += '}';
}

void append_text(std::string& out, const std::string& text) {
  if (text.empty()) return;
  if (!out.empty()) out += ',';
  out += text;
}

// Whether `path` is `base` or lies under it.
bool under(std::string_view path, std::string_view base) {
  return path.starts_with(base) && (path.size() == base.size() || path[base.size()] == '/');
}

json to_act_json(const engine::state& s) {
  auto out = json::array();
  for (const auto p : engine::to_act(s)) out.push_back(p);
  return out;
}

// Brings `out` (the JSON of `before`, element by element with `to_json`) to `after`, passing
// the operations to `emit`: only changed elements are built again when the length is kept.
template <class Items, class ToJson, class Emit>
void update_array(json& out, const Items& before, const Items& after, ToJson to_json,
                  const std::string& prefix, Emit& emit) {
  if (before.size() != after.size()) {
    json fresh = json::array();
    for (const auto& item : after) fresh.push_back(to_json(item));
    detail::walk_diff(out, fresh, prefix, emit);
    out = std::move(fresh);
    return;
  }
  for (std::size_t i = 0; i < after.size(); ++i) {
    if (before[i] == after[i]) continue;
    json item = to_json(after[i]);
    detail::walk_diff(out[i], item, prefix + '/' + std::to_string(i), emit);
    out[i] = std::move(item);
  }
}

}  // namespace

view_patcher::view_patcher(const engine::state& s)
    : version_(s.version),
      to_act_(to_act_json(s)), seats_(s.players.size()), ops_(s.players.size() + 1) {
  const engine::state v = engine::view(s, engine::no_player);
  top_ = detail::state_top_json(v, false);
  for (std::size_t p = 0; p < detail::players_in_json(v); ++p) {
    const auto& ps = v.players[p];
    players_.push_back({ps, detail::player_top_json(v, engine::player_id(p), false),
                        detail::fields_json(ps), detail::played_json(ps)});
  }
  const auto ignore = [](const char*, const std::string&, const json*) {};
  for (std::size_t p = 0; p < seats_.size(); ++p) {
    auto& o = seats_[p];
    o.in_players = p < players_.size();
    o.hand = json::array();
    o.intro = detail::card_json(engine::no_card);
    o.legal = json::array();
    advance_own(s, engine::player_id(p), o, ignore);
  }
}

json view_patcher::game() const {
  json g = top_;
  json players = json::array();
  for (const auto& p : players_) {
    json j = p.top;
    j["fields"] = p.fields;
    j["played"] = p.played;
    players.push_back(std::move(j));
  }
  g["players"] = std::move(players);
  return g;
}

json view_patcher::view(engine::player_id viewer) const {
  const bool seated = viewer != engine::no_player && std::size_t(viewer) < seats_.size();
  json j;
  j["game"] = game();
  if (seated) {
    const auto& o = seats_[std::size_t(viewer)];
    if (o.in_players) {
      auto& me = j["game"]["players"][std::size_t(viewer)];
      me["hand"] = o.hand;
      me["intro"] = o.intro;
    }
    j["seat"] = viewer;
    j["legal"] = o.legal;
  } else {
    j["seat"] = nullptr;
    j["legal"] = json::array();
  }
  j["to_act"] = to_act_;
  return j;
}

const std::string& view_patcher::ops_text(engine::player_id viewer) const {
  const bool seated = viewer != engine::no_player && std::size_t(viewer) < seats_.size();
  return seated ? ops_[std::size_t(viewer)] : ops_.back();
}

template <class Emit>
void view_patcher::advance_public(const engine::state& v, Emit&& emit) {
  json top = detail::state_top_json(v, false);
  detail::walk_diff(top_, top, "/game", emit);
  top_ = std::move(top);
  // Most commands change one or two players, and a part of each: the rest is neither built
  // again nor diffed.
  for (std::size_t p = 0; p < players_.size(); ++p) {
    auto& part = players_[p];
    const auto& now = v.players[p];
    if (now == part.from) continue;
    const std::string prefix = "/game/players/" + std::to_string(p);
    json player_top = detail::player_top_json(v, engine::player_id(p), false);
    detail::walk_diff(part.top, player_top, prefix, emit);
    part.top = std::move(player_top);
    update_array(part.fields, part.from.fields, now.fields, detail::field_to_json,
                 prefix + "/fields", emit);
    update_array(part.played, part.from.played, now.played, detail::played_to_json,
                 prefix + "/played", emit);
    part.from = now;
  }
}

template <class Emit>
void view_patcher::advance_own(const engine::state& s, engine::player_id seat, own& o,
                               Emit&& emit) {
  const auto& ps = s.players[std::size_t(seat)];
  if (o.in_players) {
    const std::string me = "/game/players/" + std::to_string(seat);
    if (ps.hand != o.hand_cards) {
      json hand = json::array();
      for (const auto c : ps.hand) hand.push_back(detail::card_json(c));
      detail::walk_diff(o.hand, hand, me + "/hand", emit);
      o.hand = std::move(hand);
      o.hand_cards = ps.hand;
    }
    if (ps.intro != o.intro_card) {
      json intro = detail::card_json(ps.intro);
      detail::walk_diff(o.intro, intro, me + "/intro", emit);
      o.intro = std::move(intro);
      o.intro_card = ps.intro;
    }
  }
  auto commands = engine::legal_commands(s, seat);
  if (commands != o.commands) {
    json legal = json::array();
    for (const auto& c : commands) legal.push_back(command_to_json(c));
    detail::walk_diff(o.legal, legal, "/legal", emit);
    o.legal = std::move(legal);
    o.commands = std::move(commands);
  }
}

void view_patcher::advance(const engine::state& s) {
  version_ = s.version;
  struct op_text {
    std::string path;
    std::string text;
  };
  std::vector<op_text> public_ops;
  advance_public(engine::view(s, engine::no_player),
                 [&public_ops](const char* name, const std::string& path, const json* value) {
                   op_text o{path, {}};
                   append_op(o.text, name, path, value);
                   public_ops.push_back(std::move(o));
                 });
  std::string to_act_ops;
  json to_act = to_act_json(s);
  detail::walk_diff(to_act_, to_act, "/to_act",
                    [&to_act_ops](const char* name, const std::string& path, const json* value) {
                      append_op(to_act_ops, name, path, value);
                    });
  to_act_ = std::move(to_act);

  auto& spectators = ops_.back();
  spectators.clear();
  for (const auto& o : public_ops) append_text(spectators, o.text);
  append_text(spectators, to_act_ops);

  for (std::size_t p = 0; p < seats_.size(); ++p) {
    auto& out = ops_[p];
    out.clear();
    auto& o = seats_[p];
    // The public operations all lie under "/game/<key>" or "/game/players/<p>/<key>" (objects
    // are diffed key by key, and a game's seats never change): dropping those under this seat's
    // hand and intro drops all that carries the spectators' hidden cards for them.
    const std::string me = "/game/players/" + std::to_string(p);
    const std::string hand = me + "/hand", intro = me + "/intro";
    for (const auto& op : public_ops) {
      if (o.in_players && (under(op.path, hand) || under(op.path, intro))) continue;
      append_text(out, op.text);
    }
    advance_own(s, engine::player_id(p), o,
                [&out](const char* name, const std::string& path, const json* value) {
                  append_op(out, name, path, value);
                });
    append_text(out, to_act_ops);
  }
}

}  // namespace loyang::protocol
