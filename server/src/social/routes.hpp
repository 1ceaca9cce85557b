#pragma once
// Internal: the social room's HTTP endpoints (friends, mutes and blocks), added to the route
// table by the composition root.
#include <memory>

#include "../routes/table.hpp"

namespace loyang::server::social {

class service;

/// GET /api/account/relations; PUT and DELETE /api/account/{friends,mutes,blocks}/{name}.
void add_routes(routes::table& table, std::shared_ptr<service> social);

}  // namespace loyang::server::social
