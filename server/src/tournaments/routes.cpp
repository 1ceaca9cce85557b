// The tournaments room's HTTP endpoints (routes.hpp).
#include "routes.hpp"

#include "service.hpp"

namespace loyang::server::tournaments {

void add_routes(routes::table& table, std::shared_ptr<service> tournaments) {
  using routes::access;
  using routes::call;
  table.add("/api/tournaments", access::account, http::verb::get, [tournaments](call& c) { tournaments->list(*c.who, c.reply); });
  table.add("/api/tournaments", access::account, http::verb::post,
            [tournaments](call& c) { tournaments->create(*c.who, c.body, c.reply); });
  table.add("/api/tournaments/{id}", access::guest, http::verb::get,
            [tournaments](call& c) { tournaments->detail(c.ids[0], c.reply); });
  table.add("/api/tournaments/{id}/join", access::account, http::verb::post,
            [tournaments](call& c) { tournaments->join(*c.who, c.ids[0], c.reply); });
  table.add("/api/tournaments/{id}/withdraw", access::account, http::verb::post,
            [tournaments](call& c) { tournaments->withdraw(*c.who, c.ids[0], c.reply); });
  table.add("/api/tournaments/{id}/cancel", access::account, http::verb::post,
            [tournaments](call& c) { tournaments->cancel(*c.who, c.ids[0], c.reply); });
}

}  // namespace loyang::server::tournaments
