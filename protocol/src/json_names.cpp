// Wire names of the engine's small value types.
#include "json_names.hpp"

namespace loyang::protocol::detail {

json veg_json(engine::veg v) { return std::string(engine::to_string(v)); }

json card_json(engine::card_id c) {
  if (c == engine::no_card) return nullptr;
  if (c == engine::hidden_card || c >= engine::action_card_count) return "hidden";
  return std::string(engine::card(c).id);
}

json field_json(engine::field_id f) {
  if (f >= engine::field_count) return "hidden";
  return std::string(engine::field_name(f));
}

json player_json(engine::player_id p) {
  if (p == engine::no_player) return nullptr;
  return static_cast<int>(p);
}

std::optional<engine::veg> veg_by_name(std::string_view name) {
  for (engine::veg v : engine::all_vegs)
    if (engine::to_string(v) == name) return v;
  return std::nullopt;
}

}  // namespace loyang::protocol::detail
