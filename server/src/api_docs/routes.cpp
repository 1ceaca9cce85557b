// The protocol's documents over HTTP (routes.hpp).
#include "routes.hpp"

#include <string>

#include "../core/api_errors.hpp"
#include "embedded.hpp"

namespace loyang::server::api_docs {
namespace {

api_reply document(std::string_view name) {
  for (const auto& f : embedded_files()) {
    if (f.name != name) continue;
    api_reply r;
    r.text = std::string(f.text);
    // The documents change only with the binary: a client may keep them a while.
    r.headers = {{http::field::cache_control, "public, max-age=3600"},
                 {http::field::access_control_allow_origin, "*"}};
    return r;
  }
  return api_error(http::status::not_found, "not_found", "there is no such document");
}

}  // namespace

void add_routes(routes::table& table) {
  using routes::access;
  using routes::call;
  table.add("/api/openapi.json", access::open, http::verb::get, [](call& c) { c.reply(document("openapi.json")); });
  table.add("/api/asyncapi.json", access::open, http::verb::get, [](call& c) { c.reply(document("asyncapi.json")); });
  table.add("/api/schema/{name}", access::open, http::verb::get, [](call& c) {
    // Only the folder's own files: a name is one path part, never "../".
    c.reply(document("schema/" + c.names.at(0)));
  });
}

}  // namespace loyang::server::api_docs
