#include "loyang/protocol/client_view.hpp"

#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/state_json.hpp"

namespace loyang::protocol {

nlohmann::json client_view(const engine::state& s, engine::player_id viewer) {
  nlohmann::json j;
  j["game"] = view_to_json(s, viewer);
  const bool seated = viewer != engine::no_player;
  j["seat"] = seated ? nlohmann::json(viewer) : nlohmann::json(nullptr);
  auto legal = nlohmann::json::array();
  if (seated) {
    for (const auto& c : engine::legal_commands(s, viewer)) legal.push_back(command_to_json(c));
  }
  j["legal"] = std::move(legal);
  auto to_act = nlohmann::json::array();
  for (const auto p : engine::to_act(s)) to_act.push_back(p);
  j["to_act"] = std::move(to_act);
  return j;
}

}  // namespace loyang::protocol
