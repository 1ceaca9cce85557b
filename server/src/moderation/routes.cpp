// The moderation room's HTTP endpoints (routes.hpp).
#include "routes.hpp"

#include "../routes/query.hpp"
#include "service.hpp"

namespace loyang::server::moderation {

void add_routes(routes::table& table, std::shared_ptr<service> moderation) {
  using routes::access;
  using routes::call;
  table.add("/api/reports", access::account, http::verb::post,
            [moderation](call& c) { moderation->report(*c.who, c.body, c.reply); });
  table.add("/api/moderation/reports", access::account, http::verb::get, [moderation](call& c) {
    const auto q = routes::read_query(c.query, {"open", "before"}, {"open"});
    if (q.error) return c.bad_query(*q.error);
    moderation->list_reports(*c.who, q.get("open", 0) > 0, q.get("before", 0), c.reply);
  });
  table.add("/api/moderation/log", access::account, http::verb::get, [moderation](call& c) {
    const auto q = routes::read_query(c.query, {"before"});
    if (q.error) return c.bad_query(*q.error);
    moderation->moderation_log(*c.who, q.get("before", 0), c.reply);
  });
  table.add("/api/moderation/messages/{id}", access::account, http::verb::delete_,
            [moderation](call& c) { moderation->delete_private_message(*c.who, c.ids[0], c.body, c.reply); });
  table.add("/api/moderation/reports/{id}/close", access::account, http::verb::post,
            [moderation](call& c) { moderation->close_report(*c.who, c.ids[0], c.body, c.reply); });
  for (const bool on : {true, false}) {
    table.add("/api/moderation/bans/{name}", access::account, on ? http::verb::put : http::verb::delete_,
              [moderation, on](call& c) { moderation->ban(*c.who, c.names[0], c.body, on, c.reply); });
    table.add("/api/moderation/operators/{name}", access::account, on ? http::verb::put : http::verb::delete_,
              [moderation, on](call& c) { moderation->set_operator(*c.who, c.names[0], c.body, on, c.reply); });
  }
  table.add("/api/games/{id}/cancel", access::account, http::verb::post,
            [moderation](call& c) { moderation->cancel_game(*c.who, c.ids[0], c.body, c.reply); });
  table.add("/api/games/{id}/chat/{id}", access::account, http::verb::delete_,
            [moderation](call& c) { moderation->delete_message(*c.who, c.ids[0], c.ids[1], c.reply); });
}

}  // namespace loyang::server::moderation
