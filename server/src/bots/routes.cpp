// The HTTP endpoints of the bots for players (routes.hpp).
#include "routes.hpp"

#include "advisor.hpp"

namespace loyang::server {

void add_bot_routes(routes::table& table, std::shared_ptr<bot_advisor> bots) {
  using routes::access;
  using routes::call;
  table.add("/api/games/{id}/hint", access::account, http::verb::post,
            [bots](call& c) { bots->hint(*c.who, c.ids[0], c.reply); });
  table.add("/api/games/{id}/analysis", access::account, http::verb::get,
            [bots](call& c) { bots->analysis(*c.who, c.ids[0], false, c.reply); });
  table.add("/api/games/{id}/analysis", access::account, http::verb::post,
            [bots](call& c) { bots->analysis(*c.who, c.ids[0], true, c.reply); });
}

}  // namespace loyang::server
