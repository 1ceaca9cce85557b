#include "running_seat.hpp"

#include "../core/api_errors.hpp"

namespace loyang::server::games {

std::variant<engine::player_id, api_reply> running_seat(const game_record* g, const asker& who) {
  if (!g || !may_see(*g, who)) return no_such_game_reply();
  engine::player_id seat = engine::no_player;
  for (std::size_t i = 0; i < g->seats.size(); ++i) {
    if (g->seats[i].account_id == who.id) seat = engine::player_id(i);
  }
  if (seat == engine::no_player) return api_error(http::status::conflict, "not_seated", "you do not sit at this game");
  if (g->status != game_status::active) {
    return api_error(http::status::conflict, "not_active", "the game is not being played");
  }
  return seat;
}

}  // namespace loyang::server::games
