#pragma once
// Internal: the ratings room's HTTP endpoints (profiles, rating histories, the leaderboard),
// added to the route table by the composition root.
#include <memory>

#include "../routes/table.hpp"

namespace loyang::server {

class rating_service;

/// GET /api/players/{name}, /api/players/{name}/ratings and /api/leaderboard?offset=&limit=,
/// guests too.
void add_rating_routes(routes::table& table, std::shared_ptr<rating_service> ratings);

}  // namespace loyang::server
