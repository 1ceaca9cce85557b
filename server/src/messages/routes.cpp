// The messages room's HTTP endpoints (routes.hpp).
#include "routes.hpp"

#include "../routes/query.hpp"
#include "service.hpp"

namespace loyang::server::messages {

void add_routes(routes::table& table, std::shared_ptr<service> messages) {
  using routes::access;
  using routes::call;
  table.add("/api/messages", access::account, http::verb::get, [messages](call& c) {
    const auto q = routes::read_query(c.query, {"before"});
    if (q.error) return c.bad_query(*q.error);
    messages->inbox(*c.who, q.get("before", 0), c.reply);
  });
  table.add("/api/messages/unread", access::account, http::verb::get,
            [messages](call& c) { messages->unread(*c.who, c.reply); });
  table.add("/api/messages/with/{name}", access::account, http::verb::get, [messages](call& c) {
    const auto q = routes::read_query(c.query, {"before"});
    if (q.error) return c.bad_query(*q.error);
    messages->conversation(*c.who, c.names[0], q.get("before", 0), c.reply);
  });
  table.add("/api/messages/with/{name}", access::account, http::verb::post,
            [messages](call& c) { messages->send(*c.who, c.names[0], c.body, c.reply); });
  table.add("/api/messages/with/{name}/read", access::account, http::verb::post,
            [messages](call& c) { messages->mark_read(*c.who, c.names[0], c.body, c.reply); });
}

}  // namespace loyang::server::messages
