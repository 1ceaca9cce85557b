#include "handle_request.hpp"

#include <exception>
#include <string>

#include <spdlog/spdlog.h>

#include "accounts/client_address.hpp"
#include "lobby/lobby.hpp"
#include "loyang/protocol/error_envelope.hpp"
#include "loyang/server/version.hpp"
#include "routes/table.hpp"
#include "web/static_files.hpp"

namespace loyang::server {
namespace {

/// The parts of a request a later answer needs (Accept-Language: the language of its errors).
request head_of(const request& req) {
  request head{req.method(), req.target(), req.version()};
  head.keep_alive(req.keep_alive());
  if (const auto language = req.find(http::field::accept_language); language != req.end()) {
    head.set(http::field::accept_language, language->value());
  }
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

/// Whether the game port answers /metrics to this request (--metrics-on-game-port).
bool metrics_allowed(const shared_state& state, const request& req, const net::ip::address& peer) {
  switch (state.metrics_on_game_port) {
    case game_port_metrics::on: return true;
    case game_port_metrics::off: return false;
    case game_port_metrics::local: break;
  }
  // A proxy on this host connects from loopback too: what it forwards names its client.
  return peer.is_loopback() && req.find("X-Forwarded-For") == req.end() && req.find(http::field::forwarded) == req.end();
}

void route(shared_state& state, request& req, const std::string& client, responder respond, request_note& note,
           const net::ip::address& peer, port_role role) {
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

  const bool operational = path == "/healthz" || path == "/readyz" || path == "/metrics";
  if (operational) note.route = path;
  if ((role == port_role::metrics && !operational) ||
      (role == port_role::game && path == "/metrics" && !metrics_allowed(state, req, peer))) {
    if (!operational) note.route = "unmatched";
    // As for any path nobody serves: a probe learns nothing more.
    return respond(error_response(req, http::status::not_found, protocol::error_code::not_found,
                                  "no such resource: " + path));
  }
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
    note.route = "static";
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
  // Each feature's endpoints are in its folder's routes.cpp; this runs the checks their access
  // asks for, in the order clients rely on: 401 before 405, a write paid for before either.
  const auto found = state.routes->find(path, method);
  note.route = found ? std::string(found->pattern) : "unmatched";
  const auto token = bearer(req);
  routes::call call{method, query, std::move(body), {}, {}, std::nullopt, token, client, reply};
  auto method_error = [&] {
    reply({http::status::method_not_allowed,
           protocol::error_envelope(protocol::error_code::method_not_allowed,
                                    "method " + std::string(req.method_string()) + " is not allowed here; use " +
                                        found->allow),
           {{http::field::allow, found->allow}}});
  };
  auto run = [&] {
    if (!found->run) return method_error();
    call.ids = found->ids;
    call.names = found->names;
    (*found->run)(call);
  };
  if (found && found->who == routes::access::open) return run();

  // The token's account, looked up once (on several nodes an unknown token costs a database read).
  bool unchecked = false;  // the node is catching up and the database did not answer
  call.who = token ? state.accounts->authenticate(*token, &unchecked) : std::nullopt;
  if (unchecked) {
    return bad("storage_failed", "this node cannot check the token now; try again", http::status::service_unavailable);
  }
  if (call.who) note.account = call.who->id;
  if (token && !call.who) {
    return bad("bad_token", "unknown, revoked or expired token; log in again", http::status::unauthorized);
  }
  if (found && found->who == routes::access::guest) return run();

  // Everything else needs a logged-in account.
  if (!token) return bad("bad_token", "log in first: no bearer token", http::status::unauthorized);
  // Every write stores something: it is paid for before it is handled (docs/security.md,
  // "Write budgets"), refused or not.
  if (const auto over = state.budgets->spend(budgets::route_charges(method, path, call.body, call.who->id, client))) {
    return reply(budgets::over_budget(*over));
  }
  if (!found) return bad(protocol::error_code::not_found, "no such API endpoint", http::status::not_found);
  run();
}

}  // namespace

namespace {

std::string forwarded_for(const request& req) {
  // Several X-Forwarded-For headers are one list, in order (RFC 9110, 5.3).
  std::string forwarded;
  for (auto [it, end] = req.equal_range("X-Forwarded-For"); it != end; ++it) {
    if (!forwarded.empty()) forwarded += ',';
    forwarded += it->value();
  }
  return forwarded;
}

}  // namespace

std::string request_client_key(const shared_state& state, const request& req, const net::ip::address& peer) {
  return client_key(peer, forwarded_for(req), state.trusted_proxies);
}

std::string request_client_address(const shared_state& state, const request& req, const net::ip::address& peer) {
  return client_address(peer, forwarded_for(req), state.trusted_proxies);
}

void handle_request(shared_state& state, request&& req, const net::ip::address& peer,
                    responder respond, request_note& note, port_role role) {
  try {
    route(state, req, request_client_key(state, req, peer), respond, note, peer, role);
  } catch (const std::exception& e) {
    // The route, not the target: a target's query may hold a token.
    spdlog::error("http: {} {}: {}", std::string(req.method_string()), note.route.empty() ? "?" : note.route, e.what());
    respond(error_response(req, http::status::internal_server_error, protocol::error_code::internal,
                           "internal server error"));
  }
}

}  // namespace loyang::server
