#pragma once
// Internal: the protocol's machine-readable documents, served as the build embedded them
// (docs/protocol.md, "Versions and compatibility"), added to the route table by the
// composition root.
#include "../routes/table.hpp"

namespace loyang::server::api_docs {

/// GET /api/openapi.json (the HTTP API), /api/asyncapi.json (the WebSocket) and
/// /api/schema/{name} (the JSON Schemas they refer to; 404 not_found for any other name).
/// Open to anyone, and to pages of other origins (Access-Control-Allow-Origin: *), so that
/// API tools in a browser can read them.
void add_routes(routes::table& table);

}  // namespace loyang::server::api_docs
