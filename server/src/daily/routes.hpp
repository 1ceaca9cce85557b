#pragma once
// Internal: the daily challenge's HTTP endpoints, added to the route table by the composition
// root.
#include <memory>

#include "../routes/table.hpp"

namespace loyang::server::daily {

class service;

/// GET and POST /api/daily; GET /api/daily/leaderboard?date=.
void add_routes(routes::table& table, std::shared_ptr<service> daily);

}  // namespace loyang::server::daily
