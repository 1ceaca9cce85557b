// Per-viewer patches from one public diff: a seat's view is the spectators' view with its own
// hand and Introductory customer shown, plus its legal commands and advice (see client_view).
#include "loyang/protocol/view_patcher.hpp"

#include <algorithm>
#include <string_view>

#include "json_names.hpp"
#include "json_text.hpp"
#include "loyang/protocol/client_view.hpp"
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
  detail::append_quoted(out, path);
  if (value) {
    out += R"(,"value":)";
    detail::append_json(out, *value);
  }
  out += '}';
}

void append_text(std::string& out, std::string_view text) {
  if (text.empty()) return;
  if (!out.empty()) out += ',';
  out += text;
}

// Whether `path` is `base` or lies under it.
bool under(std::string_view path, std::string_view base) {
  return path.starts_with(base) && (path.size() == base.size() || path[base.size()] == '/');
}

// The operations from the JSON array of `before` to that of `after` (element i of either is
// to_json(item i)), as walk_diff on the two arrays gives them; only the elements that differ
// in the engine are turned into JSON.
template <class Items, class ToJson, class Emit>
void diff_items(const Items& before, const Items& after, ToJson to_json, const std::string& path,
                Emit& emit) {
  const std::size_t common = std::min(before.size(), after.size());
  for (std::size_t i = 0; i < common; ++i) {
    if (before[i] == after[i]) continue;
    detail::walk_diff(to_json(before[i]), to_json(after[i]), path + '/' + std::to_string(i), emit);
  }
  for (std::size_t i = before.size(); i > after.size(); --i) {
    emit("remove", path + '/' + std::to_string(i - 1), nullptr);
  }
  for (std::size_t i = before.size(); i < after.size(); ++i) {
    const json item = to_json(after[i]);
    emit("add", path + '/' + std::to_string(i), &item);
  }
}

// The public operations from `a` to `b`, both redacted for the spectators.
template <class Emit>
void diff_public(const engine::state& a, const engine::state& b, Emit& emit) {
  for (const auto& part : detail::top_parts()) {
    if (part.same(a, b)) continue;
    detail::walk_diff(part.build(a), part.build(b), std::string("/game/") + part.key, emit);
  }
  if (b.opts.players == 1) {  // the solo keys: one player, a small object
    json before = json::object(), after = json::object();
    detail::add_solo_json(a, before);
    detail::add_solo_json(b, after);
    detail::walk_diff(before, after, "/game", emit);
  }
  for (std::size_t p = 0; p < detail::players_in_json(b); ++p) {
    const auto& from = a.players[p];
    const auto& to = b.players[p];
    if (from == to) continue;
    const std::string prefix = "/game/players/" + std::to_string(p);
    const auto player = engine::player_id(p);
    for (const auto& part : detail::player_top_parts()) {
      if (part.same(from, to)) continue;
      detail::walk_diff(part.build(a, player), part.build(b, player), prefix + '/' + part.key,
                        emit);
    }
    diff_items(from.fields, to.fields, detail::field_to_json, prefix + "/fields", emit);
    diff_items(from.played, to.played, detail::played_to_json, prefix + "/played", emit);
  }
}

}  // namespace

view_patcher::view_patcher(const engine::state& s)
    : version_(s.version),
      public_(engine::view(s, engine::no_player)),
      to_act_(engine::to_act(s)),
      ops_(s.players.size() + 1) {
  for (std::size_t p = 0; p < s.players.size(); ++p) {
    legal_.push_back(engine::legal_commands(s, engine::player_id(p)));
    advice_.push_back(advise(s, engine::player_id(p), legal_.back()));
    hands_.push_back(s.players[p].hand);
    intros_.push_back(s.players[p].intro);
    const std::string me = "/game/players/" + std::to_string(p);
    hand_paths_.push_back(me + "/hand");
    intro_paths_.push_back(me + "/intro");
  }
}

const std::string& view_patcher::ops_text(engine::player_id viewer) const {
  const bool seated = viewer != engine::no_player && std::size_t(viewer) < legal_.size();
  return seated ? ops_[std::size_t(viewer)] : ops_.back();
}

std::string view_patcher::take_ops(engine::player_id viewer) {
  const bool seated = viewer != engine::no_player && std::size_t(viewer) < legal_.size();
  return std::move(seated ? ops_[std::size_t(viewer)] : ops_.back());
}

void view_patcher::advance(const engine::state& s) {
  // The public operations, their texts and paths each back to back in one string (an
  // operation's own strings would be two allocations each, for every command).
  struct op_span {
    std::size_t text, text_size, path, path_size;
  };
  std::vector<op_span> public_ops;
  std::string public_text, public_paths;
  auto to_public = [&](const char* name, const std::string& path, const json* value) {
    const std::size_t at = public_text.empty() ? 0 : public_text.size() + 1;
    op_span o{at, 0, public_paths.size(), path.size()};
    append_op(public_text, name, path, value);  // (after a comma, unless it is the first)
    o.text_size = public_text.size() - o.text;
    public_paths += path;
    public_ops.push_back(o);
  };
  engine::state now = engine::view(s, engine::no_player);
  diff_public(public_, now, to_public);
  public_ = std::move(now);

  std::string to_act_ops;
  auto to_act = engine::to_act(s);
  if (to_act != to_act_) {
    auto text = [&to_act_ops](const char* name, const std::string& path, const json* value) {
      append_op(to_act_ops, name, path, value);
    };
    diff_items(to_act_, to_act, [](engine::player_id p) { return json(p); }, "/to_act", text);
    to_act_ = std::move(to_act);
  }

  const std::size_t in_players = detail::players_in_json(s);
  for (std::size_t p = 0; p < legal_.size(); ++p) {
    auto& out = ops_[p];
    out.clear();
    auto emit = [&out](const char* name, const std::string& path, const json* value) {
      append_op(out, name, path, value);
    };
    const std::string& hand = hand_paths_[p];
    const std::string& intro = intro_paths_[p];
    const bool mine = p < in_players;  // not the solo game's imaginary opponent
    // The public operations all lie under "/game/<key>" or "/game/players/<p>/<key>": dropping
    // those under this seat's hand and intro drops all that carries the spectators' hidden
    // cards for them; the seat's own are diffed below.
    const std::string_view texts = public_text, paths = public_paths;
    for (const auto& op : public_ops) {
      const auto path = paths.substr(op.path, op.path_size);
      if (mine && (under(path, hand) || under(path, intro))) continue;
      append_text(out, texts.substr(op.text, op.text_size));
    }
    if (mine) {
      const auto& after = s.players[p];
      if (hands_[p] != after.hand) {
        diff_items(hands_[p], after.hand, detail::card_json, hand, emit);
      }
      if (intros_[p] != after.intro) {
        detail::walk_diff(detail::card_json(intros_[p]), detail::card_json(after.intro), intro, emit);
      }
    }
    auto legal = engine::legal_commands(s, engine::player_id(p));
    // The advice depends on more than the legal commands (Cash, the step...): compared whole,
    // and sent as one replace like the list it goes with.
    auto seat_advice = advise(s, engine::player_id(p), legal);
    if (seat_advice != advice_[p]) {
      if (!out.empty()) out += ',';
      out += R"({"op":"replace","path":"/advice","value":)";
      append_advice_json(out, seat_advice);
      out += '}';
      advice_[p] = std::move(seat_advice);
    }
    if (legal != legal_[p]) {
      // One replace of the whole list: it is short (a few commands), and when it changes most
      // of it changes, so its element-wise diff came out twice as long as the list itself.
      if (!out.empty()) out += ',';
      out += R"({"op":"replace","path":"/legal","value":[)";
      for (std::size_t i = 0; i < legal.size(); ++i) {
        if (i > 0) out += ',';
        detail::append_json(out, command_to_json(legal[i]));
      }
      out += "]}";
      legal_[p] = std::move(legal);
    }
    append_text(out, to_act_ops);
  }
  auto& spectators = ops_.back();
  spectators = std::move(public_text);
  append_text(spectators, to_act_ops);
  version_ = s.version;
  for (std::size_t p = 0; p < hands_.size(); ++p) {
    hands_[p] = s.players[p].hand;
    intros_[p] = s.players[p].intro;
  }
}

}  // namespace loyang::protocol
