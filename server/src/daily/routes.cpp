// The daily challenge's HTTP endpoints (routes.hpp).
#include "routes.hpp"

#include <string>

#include "service.hpp"

namespace loyang::server::daily {

void add_routes(routes::table& table, std::shared_ptr<service> daily) {
  using routes::access;
  using routes::call;
  table.add("/api/daily", access::account, http::verb::get, [daily](call& c) { daily->today(*c.who, c.reply); });
  table.add("/api/daily", access::account, http::verb::post, [daily](call& c) { daily->start_game(*c.who, c.reply); });
  table.add("/api/daily/leaderboard", access::account, http::verb::get, [daily](call& c) {
    std::string date;
    if (!c.query.empty()) {
      if (c.query.rfind("date=", 0) != 0 || c.query.find('&') != std::string::npos) {
        return c.bad_query("the only query parameter is \"date\"");
      }
      date = c.query.substr(5);
    }
    daily->board(*c.who, date, c.reply);
  });
}

}  // namespace loyang::server::daily
