#pragma once
// Internal: the chat room's HTTP endpoints (a game's chat pages, a player's notes), added to
// the route table by the composition root.
#include <memory>

#include "../routes/table.hpp"

namespace loyang::server::chat {

class service;

/// GET /api/games/{id}/chat?before=&limit= (guests too); GET and PUT /api/games/{id}/notes.
void add_routes(routes::table& table, std::shared_ptr<service> chat);

}  // namespace loyang::server::chat
