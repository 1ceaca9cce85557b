#pragma once
// Internal: the HTTP endpoints of the bots for players (a hint, a finished game's analysis),
// added to the route table by the composition root.
#include <memory>

#include "../routes/table.hpp"

namespace loyang::server {

class bot_advisor;

/// POST /api/games/{id}/hint; GET and POST /api/games/{id}/analysis.
void add_bot_routes(routes::table& table, std::shared_ptr<bot_advisor> bots);

}  // namespace loyang::server
