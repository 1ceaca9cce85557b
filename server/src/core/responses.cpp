#include "responses.hpp"

#include <optional>
#include <string>

#include "../i18n/text.hpp"
#include "loyang/protocol/error_envelope.hpp"
#include "loyang/server/version.hpp"

namespace loyang::server {
namespace {

// The error envelope `body` with its message in the language `req` asks for (Accept-Language),
// when that is not English and the catalog has the code's message (error.<code>); nullopt
// otherwise. The code stays; English keeps the server's own, often more detailed, sentence.
std::optional<nlohmann::json> in_language(const request& req, const nlohmann::json& body) {
  const auto header = req.find(http::field::accept_language);
  if (header == req.end() || !body.is_object()) return std::nullopt;
  const auto error = body.find("error");
  if (error == body.end() || !error->is_object()) return std::nullopt;
  const auto code = error->find("code");
  if (code == error->end() || !code->is_string()) return std::nullopt;
  const auto language = i18n::negotiate(header->value());
  if (language == "en") return std::nullopt;
  auto message = i18n::own_text(language, "error." + code->get<std::string>());
  if (!message) return std::nullopt;
  auto out = body;
  out["error"]["message"] = std::move(*message);
  return out;
}

}  // namespace

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
  const auto translated = static_cast<unsigned>(status) >= 400 ? in_language(req, body) : std::nullopt;
  res.body() = (translated ? *translated : body).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
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
