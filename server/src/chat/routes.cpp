// The chat room's HTTP endpoints (routes.hpp).
#include "routes.hpp"

#include <algorithm>

#include "../routes/query.hpp"
#include "room_chat.hpp"
#include "service.hpp"

namespace loyang::server::chat {

void add_routes(routes::table& table, std::shared_ptr<service> chat) {
  using routes::access;
  using routes::call;
  table.add("/api/games/{id}/chat", access::guest, http::verb::get, [chat](call& c) {
    const auto q = routes::read_query(c.query, {"before", "limit"});
    if (q.error) return c.bad_query(*q.error);
    const auto limit = std::min<std::int64_t>(q.get("limit", std::int64_t(page_size)), 100);
    chat->chat_page(c.who, c.ids[0], q.get("before", 0), std::size_t(limit), c.reply);
  });
  table.add("/api/games/{id}/notes", access::account, http::verb::get,
            [chat](call& c) { chat->get_notes(*c.who, c.ids[0], c.reply); });
  table.add("/api/games/{id}/notes", access::account, http::verb::put,
            [chat](call& c) { chat->put_notes(*c.who, c.ids[0], c.body, c.reply); });
}

}  // namespace loyang::server::chat
