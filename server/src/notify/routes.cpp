// The notifications' HTTP endpoints (routes.hpp).
#include "routes.hpp"

#include "service.hpp"

namespace loyang::server::notify {
namespace {

std::string link_token(const std::string& query) {
  if (query.rfind("token=", 0) != 0) return {};
  const auto amp = query.find('&');
  return query.substr(6, amp == std::string::npos ? std::string::npos : amp - 6);
}

}  // namespace

void add_routes(routes::table& table, std::shared_ptr<service> notes) {
  using routes::access;
  using routes::call;
  table.add("/api/account/notifications", access::account, http::verb::get,
            [notes](call& c) { notes->get_settings(c.who->id, c.reply); });
  table.add("/api/account/notifications", access::account, http::verb::put,
            [notes](call& c) { notes->put_settings(c.who->id, c.body, c.reply); });
  table.add("/api/account/locale", access::account, http::verb::get,
            [notes](call& c) { notes->get_locale(c.who->id, c.reply); });
  table.add("/api/account/locale", access::account, http::verb::put,
            [notes](call& c) { notes->put_locale(c.who->id, c.body, c.reply); });
  table.add("/api/notify/push", access::open, http::verb::get, [notes](call& c) { notes->push_key(c.reply); });
  table.add("/api/account/push", access::account, http::verb::post,
            [notes](call& c) { notes->add_push(c.who->id, c.body, c.reply); });
  table.add("/api/account/push", access::account, http::verb::delete_,
            [notes](call& c) { notes->remove_push(c.who->id, c.body, c.reply); });
  // Mail clients follow unsubscribe links with a POST (RFC 8058 one-click) or a GET.
  for (const auto verb : {http::verb::get, http::verb::post}) {
    table.add("/api/notify/verify", access::open, verb, [notes](call& c) { notes->verify(link_token(c.query), c.reply); });
    table.add("/api/notify/unsubscribe", access::open, verb,
              [notes](call& c) { notes->unsubscribe(link_token(c.query), c.reply); });
  }
}

}  // namespace loyang::server::notify
