#include "replay.hpp"

#include <stdexcept>

#include "loyang/protocol/client_view.hpp"
#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/event_json.hpp"
#include "loyang/protocol/log_entry.hpp"
#include "loyang/protocol/state_json.hpp"

namespace loyang::server::history {

nlohmann::json view_at(const engine::state& start, const game_log& log, std::uint32_t version,
                       const viewer_choice& viewer) {
  if (version > log.size()) throw std::out_of_range("no such version");
  const bool all = viewer.what == viewer_choice::kind::all;
  engine::state s = start;
  engine::event_list events;
  std::string all_log = "[";
  for (std::uint32_t i = 0; i < version; ++i) {
    const auto& e = log[i];
    const auto cmd = protocol::parse_command(nlohmann::json::parse(e.cmd()));
    events.clear();
    if (!cmd || engine::apply(s, e.player, cmd.value(), all ? &events : nullptr)) {
      throw std::runtime_error("command " + std::to_string(e.version) + " no longer applies");
    }
    if (all) {
      if (i) all_log += ',';
      all_log += protocol::log_entry_text(e.version, e.player, e.cmd(), e.at,
                                          protocol::events_to_json(events).dump());
    }
  }
  nlohmann::json out;
  if (all) {
    out["game"] = protocol::state_to_json(s, true);
    out["seat"] = nullptr;
    auto to_act = nlohmann::json::array();
    for (const auto p : engine::to_act(s)) to_act.push_back(p);
    out["to_act"] = std::move(to_act);
    all_log += ']';
    out["log"] = nlohmann::json::parse(all_log);
  } else {
    out = protocol::client_view(s, viewer.engine_viewer());
    out["log"] = nlohmann::json::parse(log.array_text(viewer.engine_viewer(), version));
  }
  out["legal"] = nlohmann::json::array();
  return out;
}

}  // namespace loyang::server::history
