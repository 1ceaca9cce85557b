#pragma once
// Internal: the messages room's HTTP endpoints (docs/protocol.md, "Private messages").
#include <memory>

#include "../routes/table.hpp"

namespace loyang::server::messages {

class service;

/// GET /api/messages, GET /api/messages/unread, GET and POST /api/messages/with/{name}, and
/// POST /api/messages/with/{name}/read: each for the account of the request only.
void add_routes(routes::table& table, std::shared_ptr<service> messages);

}  // namespace loyang::server::messages
