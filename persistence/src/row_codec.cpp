#include "row_codec.hpp"

#include "loyang/persistence/error.hpp"
#include "loyang/protocol/options_json.hpp"

namespace loyang::persistence::detail {

game_status parse_status(const std::string& name) {
  for (auto s : {game_status::open, game_status::active, game_status::finished,
                 game_status::cancelled}) {
    if (status_name(s) == name) return s;
  }
  throw error("unknown game status \"" + name + "\"");
}

watch_policy parse_watch(const std::string& name) {
  for (auto w : {watch_policy::everyone, watch_policy::players}) {
    if (watch_name(w) == name) return w;
  }
  throw error("unknown watch policy \"" + name + "\"");
}

relation_kind parse_relation(const std::string& name) {
  for (auto k : {relation_kind::friend_of, relation_kind::mute, relation_kind::block}) {
    if (relation_name(k) == name) return k;
  }
  throw error("unknown relation kind \"" + name + "\"");
}

std::string options_text(const engine::options& o) { return protocol::options_to_json(o).dump(); }

engine::options parse_options_text(const std::string& text, std::int64_t game) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  // Options stored before rules editions existed name none: those games are edition 1.
  auto parsed = protocol::parse_options(j, engine::first_edition);
  if (!parsed) {
    throw error("game " + std::to_string(game) + ": stored options do not parse: " +
                parsed.error().message);
  }
  return parsed.value();
}

std::string to_act_text(const std::vector<engine::player_id>& to_act) {
  auto j = nlohmann::json::array();
  for (auto p : to_act) j.push_back(static_cast<int>(p));
  return j.dump();
}

std::vector<engine::player_id> parse_to_act(const std::string& text) {
  std::vector<engine::player_id> out;
  const auto j = parse_json(text);
  if (!j.is_array()) throw error("stored to_act is not a list");
  for (const auto& p : j) out.push_back(static_cast<engine::player_id>(p.get<int>()));
  return out;
}

std::string invited_text(const std::vector<std::string>& invited) {
  return nlohmann::json(invited).dump();
}

std::vector<std::string> parse_invited(const std::string& text) {
  const auto j = parse_json(text);
  if (!j.is_array()) throw error("stored invited list is not a list");
  return j.get<std::vector<std::string>>();
}

std::optional<std::string> nullable_json_text(const nlohmann::json& result) {
  if (result.is_null()) return std::nullopt;
  return result.dump();
}

nlohmann::json parse_json(const std::string& text) {
  auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) throw error("stored JSON does not parse: " + text.substr(0, 60));
  return j;
}

}  // namespace loyang::persistence::detail
