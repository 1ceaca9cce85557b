#include "loyang/protocol/event_json.hpp"

namespace loyang::protocol {

// (Interface in place; each event's members are being written: issue 20.)
nlohmann::json event_to_json(const engine::event& e) {
  return nlohmann::json{{"type", std::string(engine::event_name(e))}};
}

nlohmann::json events_to_json(const engine::event_list& events) {
  auto out = nlohmann::json::array();
  for (const auto& e : events) out.push_back(event_to_json(e));
  return out;
}

}  // namespace loyang::protocol
