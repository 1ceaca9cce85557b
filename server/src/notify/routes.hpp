#pragma once
// Internal: the notifications' HTTP endpoints (an account's settings, and the links of its
// mails), added to the route table by the composition root.
#include <memory>

#include "../routes/table.hpp"

namespace loyang::server::notify {

class service;

/// GET and PUT /api/account/notifications and /api/account/locale; GET or POST
/// /api/notify/verify and /api/notify/unsubscribe?token= (the link's token is the proof: no
/// login).
void add_routes(routes::table& table, std::shared_ptr<service> notes);

}  // namespace loyang::server::notify
