// The clocks room's HTTP endpoints (routes.hpp).
#include "routes.hpp"

#include "service.hpp"

namespace loyang::server::clocks {

void add_routes(routes::table& table, std::shared_ptr<service> clocks) {
  using routes::access;
  using routes::call;
  table.add("/api/games/{id}/resign", access::account, http::verb::post,
            [clocks](call& c) { clocks->resign(*c.who, c.ids[0], c.reply); });
  table.add("/api/games/{id}/vote", access::account, http::verb::post,
            [clocks](call& c) { clocks->vote(*c.who, c.ids[0], std::move(c.body), c.reply); });
  table.add("/api/games/{id}/nudge", access::account, http::verb::post,
            [clocks](call& c) { clocks->nudge(*c.who, c.ids[0], c.reply); });
  table.add("/api/account/vacation", access::account, http::verb::get,
            [clocks](call& c) { clocks->vacation(*c.who, c.reply); });
  table.add("/api/account/vacation", access::account, http::verb::post,
            [clocks](call& c) { clocks->start_vacation(*c.who, std::move(c.body), c.reply); });
  table.add("/api/account/vacation", access::account, http::verb::delete_,
            [clocks](call& c) { clocks->end_vacation(*c.who, c.reply); });
}

}  // namespace loyang::server::clocks
