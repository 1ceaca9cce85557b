// The social room's HTTP endpoints (routes.hpp).
#include "routes.hpp"

#include <utility>

#include "service.hpp"

namespace loyang::server::social {

void add_routes(routes::table& table, std::shared_ptr<service> social) {
  using routes::access;
  using routes::call;
  table.add("/api/account/relations", access::account, http::verb::get,
            [social](call& c) { social->relations_of(*c.who, c.reply); });
  for (const auto& [list, kind] : {std::pair{"friends", persistence::relation_kind::friend_of},
                                   std::pair{"mutes", persistence::relation_kind::mute},
                                   std::pair{"blocks", persistence::relation_kind::block}}) {
    const auto pattern = std::string("/api/account/") + list + "/{name}";
    for (const bool on : {true, false}) {
      table.add(pattern, access::account, on ? http::verb::put : http::verb::delete_,
                [social, kind = kind, on](call& c) { social->set_relation(*c.who, kind, c.names[0], on, c.reply); });
    }
  }
}

}  // namespace loyang::server::social
