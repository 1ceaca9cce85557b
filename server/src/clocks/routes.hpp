#pragma once
// Internal: the clocks room's HTTP endpoints (resigning, a vote on a seat out of time,
// vacations), added to the route table by the composition root.
#include <memory>

#include "../routes/table.hpp"

namespace loyang::server::clocks {

class service;

/// POST /api/games/{id}/resign and /api/games/{id}/vote; GET, POST and DELETE
/// /api/account/vacation.
void add_routes(routes::table& table, std::shared_ptr<service> clocks);

}  // namespace loyang::server::clocks
