// The ratings room's HTTP endpoints (routes.hpp).
#include "routes.hpp"

#include <algorithm>

#include "../routes/query.hpp"
#include "rating_service.hpp"

namespace loyang::server {

void add_rating_routes(routes::table& table, std::shared_ptr<rating_service> ratings) {
  using routes::access;
  using routes::call;
  table.add("/api/leaderboard", access::guest, http::verb::get, [ratings](call& c) {
    const auto q = routes::read_query(c.query, {"offset", "limit"}, {"offset"});
    if (q.error) return c.bad_query(*q.error);
    ratings->leaderboard(std::size_t(q.get("offset", 0)), std::size_t(std::min<std::int64_t>(q.get("limit", 50), 100)),
                         c.reply);
  });
  table.add("/api/players/{name}", access::guest, http::verb::get,
            [ratings](call& c) { ratings->profile(c.who, c.names[0], c.reply); });
  table.add("/api/players/{name}/ratings", access::guest, http::verb::get,
            [ratings](call& c) { ratings->rating_history(c.who, c.names[0], c.reply); });
}

}  // namespace loyang::server
