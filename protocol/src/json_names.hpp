#pragma once
// Internal: the wire names of vegetables, cards, fields and players, in both directions.
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "loyang/engine/data.hpp"

namespace loyang::protocol::detail {

using nlohmann::json;

/// "wheat" ... "leek".
json veg_json(engine::veg v);
/// The card id string ("M01"); null for no_card, "hidden" for hidden_card.
json card_json(engine::card_id c);
/// The field name ("PF4-A"); "hidden" for hidden_field.
json field_json(engine::field_id f);
/// A player index; null for no_player.
json player_json(engine::player_id p);

std::optional<engine::veg> veg_by_name(std::string_view name);

}  // namespace loyang::protocol::detail
