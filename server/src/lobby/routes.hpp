#pragma once
// Internal: the lobby's HTTP endpoints (games and seats: create, list, join, leave, rematch,
// decline, the games to watch), added to the route table by the composition root.
#include <memory>

#include "../routes/table.hpp"

namespace loyang::server {

class lobby;

void add_lobby_routes(routes::table& table, std::shared_ptr<lobby> games);

}  // namespace loyang::server
