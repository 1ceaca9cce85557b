#pragma once
// Internal: the tournaments room's HTTP endpoints (docs/protocol.md, "Tournaments").
#include <memory>

#include "../routes/table.hpp"

namespace loyang::server::tournaments {

class service;

/// GET and POST /api/tournaments, GET /api/tournaments/{id}, and POST
/// /api/tournaments/{id}/{join,withdraw,cancel}.
void add_routes(routes::table& table, std::shared_ptr<service> tournaments);

}  // namespace loyang::server::tournaments
