#pragma once
// Internal: the HTTP routes.
#include "beast.hpp"
#include "responses.hpp"
#include "shared_state.hpp"

namespace loyang::server {

/// The response to one HTTP request:
///   GET /healthz  200 {"status":"ok","version":"...","uptime_seconds":N}
///   GET /...      a static file from the web root (index.html for "/")
///   anything else a JSON error envelope: 404 not_found, 405 method_not_allowed,
///                 400 bad_request, 500 internal.
/// HEAD is answered like GET without the body. Never throws.
http::message_generator handle_request(const shared_state& state, request&& req);

}  // namespace loyang::server
