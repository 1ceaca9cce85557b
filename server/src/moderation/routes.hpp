#pragma once
// Internal: the moderation room's HTTP endpoints (reports, and the operators' reports, bans,
// deleted messages, cancelled games and log), added to the route table by the composition root.
#include <memory>

#include "../routes/table.hpp"

namespace loyang::server::moderation {

class service;

/// POST /api/reports; GET /api/moderation/reports?open=&before=, POST
/// /api/moderation/reports/{id}/close, PUT and DELETE /api/moderation/bans/{name}, POST
/// /api/games/{id}/cancel, DELETE /api/games/{id}/chat/{id}, GET /api/moderation/log?before=.
void add_routes(routes::table& table, std::shared_ptr<service> moderation);

}  // namespace loyang::server::moderation
