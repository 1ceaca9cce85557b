#pragma once
// Internal: commands grouped by the shape of their JSON, shared by the writer and the reader.
#include <type_traits>

#include "loyang/engine/commands.hpp"

namespace loyang::protocol::detail {

template <class T, class... Ts>
inline constexpr bool is_any_of = (std::is_same_v<T, Ts> || ...);

namespace cmd = engine::cmd;

/// Commands whose only parameter is a vegetable: {"crop": "wheat"}.
template <class T>
inline constexpr bool crop_only = is_any_of<T, cmd::plant_home, cmd::buy, cmd::sell, cmd::discard_veg,
                                            cmd::shop_add, cmd::shop_remove, cmd::book_keeper_done,
                                            cmd::haggler, cmd::subsistence_farmer_supply>;

/// Commands whose only parameter is an action card: {"card": "R09"}.
template <class T>
inline constexpr bool card_only =
    is_any_of<T, cmd::place_in_courtyard, cmd::discard_helper, cmd::serve_regular, cmd::skip_regular,
              cmd::serve_casual, cmd::activate_helper, cmd::serve_regular_twice, cmd::squire_take,
              cmd::buy_from_offer, cmd::con_man_offer>;

/// Commands without parameters: {"type": "end_turn"}.
template <class T>
inline constexpr bool no_params = std::is_empty_v<T>;

}  // namespace loyang::protocol::detail
