// `loyang play --trace`: the line written after each command of a script.
#include "play_trace.hpp"

#include "loyang/engine/game.hpp"
#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/event_json.hpp"

namespace loyang::tools {

nlohmann::json trace_line(std::size_t index, engine::player_id player, const nlohmann::json& cmd,
                          const nlohmann::json& result, const engine::state& s, const engine::event_list& events) {
  const auto acting = engine::to_act(s);
  nlohmann::json legal = nlohmann::json::array();
  if (!acting.empty())
    for (const auto& c : engine::legal_commands(s, acting.front())) legal.push_back(protocol::command_to_json(c));
  // A script author sees everything: the events are not redacted.
  return {{"command", index},
          {"player", player},
          {"cmd", cmd},
          {"result", result},
          {"version", s.version},
          {"events", protocol::events_to_json(events)},
          {"to_act", acting},
          {"legal", std::move(legal)}};
}

}  // namespace loyang::tools
