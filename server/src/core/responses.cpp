#include "responses.hpp"

#include <string>

#include "loyang/protocol/error_envelope.hpp"
#include "loyang/server/version.hpp"

namespace loyang::server {

void set_common_headers(http::response_header<>& header) {
  header.set(http::field::server, "loyang/" + std::string(version()));
  header.set("Content-Security-Policy", content_security_policy);
  header.set("Referrer-Policy", "no-referrer");
  header.set("X-Content-Type-Options", "nosniff");
}

http::response<http::string_body> json_response(const request& req, http::status status,
                                                const nlohmann::json& body) {
  http::response<http::string_body> res{status, req.version()};
  set_common_headers(res.base());
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive());
  res.body() = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  res.prepare_payload();
  if (req.method() == http::verb::head) res.body().clear();
  return res;
}

http::response<http::string_body> error_response(const request& req, http::status status,
                                                 std::string_view code,
                                                 std::string_view message) {
  return json_response(req, status, protocol::error_envelope(code, message));
}

}  // namespace loyang::server
