#include "handle_request.hpp"

#include <charconv>
#include <exception>
#include <string>

#include <spdlog/spdlog.h>

#include "accounts/client_address.hpp"
#include "community_routes.hpp"
#include "games/paging.hpp"
#include "history/service.hpp"
#include "lobby.hpp"
#include "loyang/protocol/error_envelope.hpp"
#include "loyang/server/version.hpp"
#include "static_files.hpp"

namespace loyang::server {
namespace {

/// The parts of a request a later answer needs.
request head_of(const request& req) {
  request head{req.method(), req.target(), req.version()};
  head.keep_alive(req.keep_alive());
  return head;
}

reply_fn json_reply(const request& req, responder respond) {
  return [head = head_of(req), respond = std::move(respond)](api_reply r) {
    auto res = json_response(head, r.status, r.text.empty() ? r.body : nlohmann::json());
    if (!r.text.empty()) {
      // HEAD: the length the GET body would have, and no body.
      const auto length = r.text.size();
      if (head.method() != http::verb::head) {
        res.body() = std::move(r.text);
        res.prepare_payload();
      } else {
        res.body().clear();
        res.content_length(length);
      }
    }
    if (r.retry_after > 0) res.set(http::field::retry_after, std::to_string(r.retry_after));
    for (const auto& [field, value] : r.headers) res.set(field, value);
    respond(std::move(res));
  };
}

std::optional<std::string> bearer(const request& req) {
  const auto auth = req[http::field::authorization];
  constexpr std::string_view prefix = "Bearer ";
  if (auth.size() <= prefix.size() || auth.substr(0, prefix.size()) != prefix) return std::nullopt;
  return std::string(auth.substr(prefix.size()));
}

std::optional<std::int64_t> parse_id(std::string_view text) {
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc() || end != text.data() + text.size() || id <= 0) return std::nullopt;
  return id;
}

/// The game of /api/games/{id}/history (second: true) or /api/games/{id}/record (false).
std::optional<std::pair<std::int64_t, bool>> history_read_of(std::string_view path) {
  constexpr std::string_view prefix = "/api/games/";
  if (path.substr(0, prefix.size()) != prefix) return std::nullopt;
  const auto rest = path.substr(prefix.size());
  const auto slash = rest.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  const auto action = rest.substr(slash + 1);
  if (action != "history" && action != "record") return std::nullopt;
  const auto id = parse_id(rest.substr(0, slash));
  if (!id) return std::nullopt;
  return std::pair{*id, action == "history"};
}

void route(shared_state& state, request& req, const std::string& client, responder respond) {
  const std::string_view target = req.target();
  const auto question = target.find('?');
  const std::string path(target.substr(0, question));
  const std::string query(question == std::string_view::npos ? "" : target.substr(question + 1));
  const auto method = req.method();
  const bool get = method == http::verb::get || method == http::verb::head;
  auto not_allowed = [&](const char* allow) {
    auto res = error_response(req, http::status::method_not_allowed,
                              protocol::error_code::method_not_allowed,
                              "method " + std::string(req.method_string()) + " is not allowed here");
    res.set(http::field::allow, allow);
    respond(std::move(res));
  };

  if (path == "/healthz") {
    if (!get) return not_allowed("GET, HEAD");
    return respond(json_response(req, http::status::ok,
                                 {{"status", "ok"},
                                  {"version", std::string(version())},
                                  {"uptime_seconds", state.uptime_seconds()}}));
  }
  if (path == "/readyz") {
    if (!get) return not_allowed("GET, HEAD");
    const auto reason = state.stats().not_ready_reason();
    if (!reason) return respond(json_response(req, http::status::ok, {{"status", "ready"}}));
    return respond(json_response(req, http::status::service_unavailable,
                                 {{"status", "not_ready"}, {"reason", *reason}}));
  }
  if (path == "/metrics") {
    if (!get) return not_allowed("GET, HEAD");
    http::response<http::string_body> res{http::status::ok, req.version()};
    set_common_headers(res.base());
    res.set(http::field::content_type, "text/plain; version=0.0.4");
    res.keep_alive(req.keep_alive());
    res.body() = state.stats().text();
    res.prepare_payload();
    if (method == http::verb::head) res.body().clear();
    return respond(std::move(res));
  }
  if (path.rfind("/api/", 0) != 0) {
    if (!get) return not_allowed("GET, HEAD");
    return respond(serve_file(*state.assets, state.web_root(), state.data_dir, path, query, req));
  }

  auto reply = json_reply(req, respond);
  auto bad = [&](std::string_view code, std::string_view message,
                 http::status status = http::status::bad_request) {
    reply({status, protocol::error_envelope(code, message)});
  };
  nlohmann::json body;
  if (!req.body().empty()) {
    body = nlohmann::json::parse(req.body(), nullptr, false);
    if (body.is_discarded()) return bad("bad_json", "the request body is not JSON");
  }
  auto& games = *state.games;
  auto& users = games.users();

  if (path == "/api/account/password") {
    if (method != http::verb::post) return not_allowed("POST");
    const auto token = bearer(req);
    if (!token) return bad("bad_token", "log in first: no bearer token", http::status::unauthorized);
    if (!body.is_object() || body.size() != 2 || !body.contains("old_password") ||
        !body["old_password"].is_string() || !body.contains("new_password") ||
        !body["new_password"].is_string()) {
      return bad("bad_request", "the body must be {\"old_password\": ..., \"new_password\": ...}");
    }
    return users.change_password(*token, body["old_password"].get<std::string>(),
                                 body["new_password"].get<std::string>(), client, reply);
  }
  if (path == "/api/accounts" || path == "/api/sessions") {
    if (path == "/api/sessions" && method == http::verb::delete_) {
      const auto token = bearer(req);
      if (!token) return bad("bad_token", "no bearer token", http::status::unauthorized);
      return users.logout(*token, reply);
    }
    if (method != http::verb::post) return not_allowed(path == "/api/sessions" ? "POST, DELETE" : "POST");
    if (!body.is_object() || !body.contains("name") || !body["name"].is_string() ||
        !body.contains("password") || !body["password"].is_string() || body.size() != 2) {
      return bad("bad_request", "the body must be {\"name\": ..., \"password\": ...}");
    }
    auto name = body["name"].get<std::string>();
    auto password = body["password"].get<std::string>();
    if (path == "/api/accounts") {
      return users.create_account(std::move(name), std::move(password), client, reply);
    }
    return users.login(std::move(name), std::move(password), client, reply);
  }

  // The token's account, looked up once for the rest of the routes (on several nodes an unknown
  // token costs a database read).
  const auto token = bearer(req);
  bool unchecked = false;  // the node is catching up and the database did not answer
  const std::optional<identity> who = token ? users.authenticate(*token, &unchecked) : std::nullopt;
  if (unchecked) {
    return bad("storage_failed", "this node cannot check the token now; try again", http::status::service_unavailable);
  }

  // A game's history and record: read by guests too, as they may watch (a token given must
  // be valid: it decides which seat is the asker's).
  if (const auto read = history_read_of(path)) {
    if (!get) return not_allowed("GET, HEAD");
    if (token && !who) {
      return bad("bad_token", "unknown, revoked or expired token; log in again", http::status::unauthorized);
    }
    if (read->second) return state.history->history(who, read->first, query, client, reply);
    return state.history->record(who, read->first, client, reply);
  }

  // The community's public reads (the games to watch, a game's chat, profiles): guests too.
  {
    const community_request r{path, query, method, body, reply, not_allowed};
    if (token && !who && (path == "/api/games/live" || path.find("/chat") != std::string::npos ||
                          path.rfind("/api/players/", 0) == 0 || path == "/api/leaderboard")) {
      return bad("bad_token", "unknown, revoked or expired token; log in again", http::status::unauthorized);
    }
    if ((!token || who) && route_community_public(games, *state.ratings, *state.chat, who, r)) return;
  }

  // The links of notification mails: the token in the link is the proof, no login.
  if (path == "/api/notify/verify" || path == "/api/notify/unsubscribe") {
    // Mail clients follow unsubscribe links with a POST (RFC 8058 one-click) or a GET.
    if (!get && method != http::verb::post) return not_allowed("GET, HEAD, POST");
    std::string link_token;
    if (query.rfind("token=", 0) == 0) link_token = query.substr(6, query.find('&') == std::string::npos
                                                                         ? std::string::npos
                                                                         : query.find('&') - 6);
    auto& notes = games.notifications();
    if (path == "/api/notify/verify") return notes.verify(link_token, reply);
    return notes.unsubscribe(link_token, reply);
  }

  // Everything else needs a logged-in account.
  if (!token) return bad("bad_token", "log in first: no bearer token", http::status::unauthorized);
  [&games, social = state.social, chat_room = state.chat, moderation = state.moderation, daily = state.daily, path, query, method, body = std::move(body), reply,
   budget = state.budgets, &client,
   not_allowed_text = std::string(req.method_string())](std::optional<identity> who) mutable {
    if (!who) {
      return reply({http::status::unauthorized,
                    protocol::error_envelope("bad_token",
                                             "unknown, revoked or expired token; log in again")});
    }
    // Every write stores something: it is paid for before it is handled (docs/security.md,
    // "Write budgets"), refused or not.
    if (const auto over = budget->spend(budgets::route_charges(method, path, body, who->id, client))) {
      return reply(budgets::over_budget(*over));
    }
    auto method_error = [&](const char* allow) {
      reply({http::status::method_not_allowed,
             protocol::error_envelope(protocol::error_code::method_not_allowed,
                                      "method " + not_allowed_text + " is not allowed here; use " +
                                          allow),
             {{http::field::allow, allow}}});
    };
    const bool get = method == http::verb::get || method == http::verb::head;
    // The lists take `limit` and `cursor` (games/paging.hpp); other endpoints ignore a query.
    auto page_of = [&](games::list_kind list) {
      auto page = games::parse_page_query(query, list);
      if (!page) {
        reply({http::status::bad_request,
               protocol::error_envelope(page.error().code, page.error().message)});
      }
      return page;
    };
    if (path == "/api/games") {
      if (get) {
        const auto page = page_of(games::list_kind::open);
        if (page) games.list_open(*who, page.value(), reply);
        return;
      }
      if (method == http::verb::post) return games.create_game(*who, std::move(body), reply);
      return method_error("GET, HEAD, POST");
    }
    if (path == "/api/account/vacation") {
      if (get) return games.vacation(*who, reply);
      if (method == http::verb::post) return games.start_vacation(*who, body, reply);
      if (method == http::verb::delete_) return games.end_vacation(*who, reply);
      return method_error("GET, HEAD, POST, DELETE");
    }
    if (path == "/api/account/notifications") {
      if (get) return games.notifications().get_settings(who->id, reply);
      if (method == http::verb::put) return games.notifications().put_settings(who->id, body, reply);
      return method_error("GET, HEAD, PUT");
    }
    if (path == "/api/my/games") {
      if (get) {
        const auto page = page_of(games::list_kind::mine);
        if (page) games.my_games(*who, page.value(), reply);
        return;
      }
      return method_error("GET, HEAD");
    }
    constexpr std::string_view prefix = "/api/games/";
    if (path.rfind(prefix, 0) == 0) {
      std::string_view rest = std::string_view(path).substr(prefix.size());
      const auto slash = rest.find('/');
      const auto id = parse_id(rest.substr(0, slash));
      const std::string_view action = slash == std::string_view::npos ? "" : rest.substr(slash + 1);
      if (id) {
        if (action.empty()) {
          if (get) return games.game_summary(*who, *id, reply);
          return method_error("GET, HEAD");
        }
        if (action == "join" || action == "leave") {
          if (method != http::verb::post) return method_error("POST");
          if (action == "join") return games.join(*who, *id, std::move(body), reply);
          return games.leave(*who, *id, reply);
        }
        if (action == "hint") {
          if (method != http::verb::post) return method_error("POST");
          return games.hint(*who, *id, reply);
        }
        if (action == "analysis") {
          if (get) return games.analysis(*who, *id, false, reply);
          if (method == http::verb::post) return games.analysis(*who, *id, true, reply);
          return method_error("GET, HEAD, POST");
        }
        if (action == "resign" || action == "vote") {
          if (method != http::verb::post) return method_error("POST");
          if (action == "resign") return games.resign(*who, *id, reply);
          return games.vote(*who, *id, std::move(body), reply);
        }
      }
    }
    if (route_community(games, *social, *chat_room, *moderation, *daily, *who,
                        {path, query, method, body, reply, method_error})) {
      return;
    }
    reply({http::status::not_found, protocol::error_envelope(protocol::error_code::not_found,
                                                             "no such API endpoint")});
  }(who);
}

}  // namespace

std::string request_client_key(const shared_state& state, const request& req, const net::ip::address& peer) {
  // Several X-Forwarded-For headers are one list, in order (RFC 9110, 5.3).
  std::string forwarded;
  for (auto [it, end] = req.equal_range("X-Forwarded-For"); it != end; ++it) {
    if (!forwarded.empty()) forwarded += ',';
    forwarded += it->value();
  }
  return client_key(peer, forwarded, state.trusted_proxies);
}

void handle_request(shared_state& state, request&& req, const net::ip::address& peer,
                    responder respond) {
  ++state.stats().http_requests;
  try {
    route(state, req, request_client_key(state, req, peer), respond);
  } catch (const std::exception& e) {
    spdlog::error("{} {}: {}", std::string(req.method_string()), std::string(req.target()),
                  e.what());
    respond(error_response(req, http::status::internal_server_error, protocol::error_code::internal,
                           "internal server error"));
  }
}

}  // namespace loyang::server
