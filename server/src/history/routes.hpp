#pragma once
// Internal: the history room's HTTP endpoints (a game's view at a version, a finished game's
// record; guests too), added to the route table by the composition root.
#include <memory>

#include "../routes/table.hpp"

namespace loyang::server::history {

class service;

/// GET /api/games/{id}/history?version=&view=; GET /api/games/{id}/record.
void add_routes(routes::table& table, std::shared_ptr<service> history);

}  // namespace loyang::server::history
