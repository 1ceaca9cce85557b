#pragma once
// Internal: wire names of the engine's enumerations used in the state JSON.
#include <string_view>

#include "loyang/engine/data.hpp"
#include "loyang/engine/state.hpp"

namespace loyang::protocol::detail {

std::string_view phase_name(engine::phase p);
std::string_view step_name(engine::step s);
std::string_view kind_name(engine::card_kind k);
std::string_view rating_name(engine::solo_rating r);

}  // namespace loyang::protocol::detail
