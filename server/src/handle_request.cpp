#include "handle_request.hpp"

#include <exception>
#include <string>

#include <spdlog/spdlog.h>

#include "loyang/protocol/error_envelope.hpp"
#include "loyang/server/version.hpp"
#include "static_files.hpp"

namespace loyang::server {
namespace {

http::message_generator route(const shared_state& state, const request& req) {
  if (req.method() != http::verb::get && req.method() != http::verb::head) {
    auto res = error_response(req, http::status::method_not_allowed,
                              protocol::error_code::method_not_allowed,
                              "method " + std::string(req.method_string()) + " is not allowed");
    res.set(http::field::allow, "GET, HEAD");
    return res;
  }
  const std::string_view target = req.target();
  const std::string_view path = target.substr(0, target.find('?'));

  if (path == "/healthz") {
    return json_response(req, http::status::ok,
                         {{"status", "ok"},
                          {"version", std::string(version())},
                          {"uptime_seconds", state.uptime_seconds()}});
  }
  return serve_file(state.web_root(), path, req);
}

}  // namespace

http::message_generator handle_request(const shared_state& state, request&& req) {
  try {
    return route(state, req);
  } catch (const std::exception& e) {
    spdlog::error("{} {}: {}", std::string(req.method_string()), std::string(req.target()),
                  e.what());
    return error_response(req, http::status::internal_server_error, protocol::error_code::internal,
                          "internal server error");
  }
}

}  // namespace loyang::server
