#include "loyang/protocol/client_view.hpp"

#include "loyang/protocol/advice.hpp"
#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/state_json.hpp"

namespace loyang::protocol {

nlohmann::json client_view(const engine::state& s, engine::player_id viewer, moment when) {
  nlohmann::json j;
  j["game"] = view_to_json(s, viewer);
  const bool seated = viewer != engine::no_player;
  j["seat"] = seated ? nlohmann::json(viewer) : nlohmann::json(nullptr);
  auto legal = nlohmann::json::array();
  if (seated && when == moment::past) {
    j["advice"] = advice_to_json({});
  } else if (seated) {
    const auto commands = engine::legal_commands(s, viewer);
    for (const auto& c : commands) legal.push_back(command_to_json(c));
    j["advice"] = advice_to_json(advise(s, viewer, commands));
  }
  j["legal"] = std::move(legal);
  auto to_act = nlohmann::json::array();
  for (const auto p : engine::to_act(s)) to_act.push_back(p);
  j["to_act"] = std::move(to_act);
  return j;
}

}  // namespace loyang::protocol
