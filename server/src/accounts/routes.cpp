// The accounts' HTTP endpoints (routes.hpp). They take the bearer token themselves: a login
// needs none, a logout or a new password ends or changes that very token.
#include "routes.hpp"

#include "../core/api_errors.hpp"
#include "accounts.hpp"

namespace loyang::server {
namespace {

bool name_and_password(const nlohmann::json& body) {
  return body.is_object() && body.size() == 2 && body.contains("name") && body["name"].is_string() &&
         body.contains("password") && body["password"].is_string();
}

void no_token(routes::call& c, const char* message) {
  c.reply(api_error(http::status::unauthorized, "bad_token", message));
}

}  // namespace

void add_account_routes(routes::table& table, std::shared_ptr<accounts> users) {
  using routes::access;
  using routes::call;
  table.add("/api/accounts", access::open, http::verb::post, [users](call& c) {
    // A bot account says so when it signs up ("bot": true), and stays one.
    auto body = c.body;
    bool bot = false;
    if (body.is_object() && body.contains("bot")) {
      if (!body["bot"].is_boolean()) return c.bad_request("bad_request", "\"bot\" must be true or false");
      bot = body["bot"].get<bool>();
      body.erase("bot");
    }
    if (!name_and_password(body)) {
      return c.bad_request("bad_request", "the body must be {\"name\": ..., \"password\": ...} (and \"bot\": true for a bot)");
    }
    users->create_account(body["name"].get<std::string>(), body["password"].get<std::string>(), c.client, c.reply, bot);
  });
  table.add("/api/sessions", access::open, http::verb::post, [users](call& c) {
    if (!name_and_password(c.body)) return c.bad_request("bad_request", "the body must be {\"name\": ..., \"password\": ...}");
    users->login(c.body["name"].get<std::string>(), c.body["password"].get<std::string>(), c.client, c.reply);
  });
  table.add("/api/sessions", access::open, http::verb::delete_, [users](call& c) {
    if (!c.token) return no_token(c, "no bearer token");
    users->logout(*c.token, c.reply);
  });
  table.add("/api/account/password", access::open, http::verb::post, [users](call& c) {
    if (!c.token) return no_token(c, "log in first: no bearer token");
    const auto& b = c.body;
    if (!b.is_object() || b.size() != 2 || !b.contains("old_password") || !b["old_password"].is_string() ||
        !b.contains("new_password") || !b["new_password"].is_string()) {
      return c.bad_request("bad_request", "the body must be {\"old_password\": ..., \"new_password\": ...}");
    }
    users->change_password(*c.token, b["old_password"].get<std::string>(), b["new_password"].get<std::string>(),
                           c.client, c.reply);
  });
}

}  // namespace loyang::server
