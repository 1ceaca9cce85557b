#pragma once
// Internal: the check the routes that act on a running game's seat share (resigning, voting on
// waiting, asking for a hint): the asker must see the game, sit at it, and the game must be in
// play. The answers are the API's, so every room refuses alike.
#include <variant>

#include "../core/api_reply.hpp"
#include "../core/records.hpp"
#include "visibility.hpp"

namespace loyang::server::games {

/// The seat `who` has in `g` (the game as held, nullptr when unknown): a running game he may
/// see. Else the refusal: 404 no_such_game (also a private game he may not see), 409
/// not_seated, 409 not_active (not begun, or over).
std::variant<engine::player_id, api_reply> running_seat(const game_record* g, const asker& who);

}  // namespace loyang::server::games
