// The history room's HTTP endpoints (routes.hpp).
#include "routes.hpp"

#include "service.hpp"

namespace loyang::server::history {

void add_routes(routes::table& table, std::shared_ptr<service> history) {
  using routes::access;
  using routes::call;
  // Guests read what they may watch; each address only so often (service.hpp).
  table.add("/api/games/{id}/history", access::guest, http::verb::get,
            [history](call& c) { history->history(c.who, c.ids[0], c.query, c.client, c.reply); });
  table.add("/api/games/{id}/record", access::guest, http::verb::get,
            [history](call& c) { history->record(c.who, c.ids[0], c.client, c.reply); });
}

}  // namespace loyang::server::history
