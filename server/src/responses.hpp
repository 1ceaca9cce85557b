#pragma once
// Internal: building the server's JSON responses.
#include <nlohmann/json.hpp>
#include <string_view>

#include "beast.hpp"

namespace loyang::server {

/// A request as the HTTP session reads it.
using request = http::request<http::string_body>;

/// A response with `body` as compact JSON and the request's version and keep-alive. For a
/// HEAD request the body is left out but Content-Length still gives its size.
http::response<http::string_body> json_response(const request& req, http::status status,
                                                const nlohmann::json& body);

/// json_response() with the error envelope {"error":{"code":...,"message":...}}.
http::response<http::string_body> error_response(const request& req, http::status status,
                                                 std::string_view code,
                                                 std::string_view message);

/// Sets the headers every response carries (Server, X-Content-Type-Options).
void set_common_headers(http::response_header<>& header);

}  // namespace loyang::server
