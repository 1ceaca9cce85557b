#pragma once
// Internal: building the server's JSON responses.
#include <nlohmann/json.hpp>
#include <string_view>

#include "beast.hpp"

namespace loyang::server {

/// A request as the HTTP session reads it.
using request = http::request<http::string_body>;

/// A response ready to be written, with its status kept for the access log (logs/access.hpp).
/// Made from any Beast response.
struct answer {
  template <class Body, class Fields>
  answer(http::response<Body, Fields>&& res)  // NOLINT(google-explicit-constructor): any response is one
      : status(res.result_int()), message(std::move(res)) {}
  unsigned status;
  http::message_generator message;
};

/// A response with `body` as compact JSON and the request's version and keep-alive. For a
/// HEAD request the body is left out but Content-Length still gives its size. An error
/// (status 400 or more, `body` an error envelope) has its message in the language the
/// request's Accept-Language negotiates when that is not English and the catalog has
/// `error.<code>` (docs/i18n.md); the code never changes.
http::response<http::string_body> json_response(const request& req, http::status status,
                                                const nlohmann::json& body);

/// json_response() with the error envelope {"error":{"code":...,"message":...}}.
http::response<http::string_body> error_response(const request& req, http::status status,
                                                 std::string_view code,
                                                 std::string_view message);

/// The Content-Security-Policy of every answer (docs/security.md, "HTTP headers"): the web
/// client's scripts, styles and images come from this origin only, with no inline code; it
/// may connect to this origin and to WebSockets ('self' does not match ws:/wss: in every
/// browser); no plugins, no <base>, no framing by other sites.
inline constexpr std::string_view content_security_policy =
    "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; object-src 'none'; base-uri 'self'; "
    "frame-ancestors 'none'; form-action 'self'";

/// Sets the headers every response carries: Server, Content-Security-Policy,
/// Referrer-Policy: no-referrer, X-Content-Type-Options: nosniff.
void set_common_headers(http::response_header<>& header);

}  // namespace loyang::server
