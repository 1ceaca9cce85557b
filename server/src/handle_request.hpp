#pragma once
// Internal: the HTTP routes.
#include <functional>

#include "core/beast.hpp"
#include "core/responses.hpp"
#include "shared_state.hpp"

namespace loyang::server {

/// Delivers a response; may be called on any thread, exactly once.
using responder = std::function<void(answer)>;

/// What the access log says of a request besides its answer's status (logs/access.hpp), filled
/// by handle_request() before it answers: the route's pattern ("/api/games/{id}", "static",
/// "unmatched"), never the path a client sent, and the account whose token was checked.
struct request_note {
  std::string route;
  std::int64_t account = 0;
};

/// Answers one HTTP request (docs/protocol.md, "HTTP API"):
///   GET  /healthz, GET /metrics
///   POST /api/accounts, POST /api/sessions, DELETE /api/sessions, POST /api/account/password
///   GET  /api/games, POST /api/games, GET /api/games/{id},
///   POST /api/games/{id}/join, POST /api/games/{id}/leave, GET /api/my/games
///   GET  /...  a static file from the web root (index.html for "/")
/// Errors are JSON error envelopes with a fitting status. HEAD is answered like GET without
/// the body. `peer` is the socket's remote address: with state.trusted_proxies it tells the
/// client's address (accounts/client_address.hpp), which login throttling keys on. Never throws.
/// On the metrics port (`role`) only /metrics, /healthz and /readyz are served; on the game
/// port /metrics as --metrics-on-game-port says (else 404).
void handle_request(shared_state& state, request&& req, const net::ip::address& peer,
                    responder respond, request_note& note, port_role role = port_role::game);

/// The key the per-address limits count the sender of `req` under: client_key() of `peer`
/// and the request's X-Forwarded-For headers (believed only from state.trusted_proxies).
std::string request_client_key(const shared_state& state, const request& req, const net::ip::address& peer);
/// The address of the client that sent `req`, as the logs name it (the same proxies believed).
std::string request_client_address(const shared_state& state, const request& req, const net::ip::address& peer);

}  // namespace loyang::server
