#include "http_api.hpp"

#include <boost/asio/connect.hpp>

#include <stdexcept>

namespace loyang::load {

http_api::http_api(std::string host, unsigned short port) : host_(std::move(host)), port_(port) {}

api_answer http_api::call(http::verb method, const std::string& target,
                          const std::optional<nlohmann::json>& body, const std::string& token) {
  http::request<http::string_body> req{method, target, 11};
  req.set(http::field::host, host_);
  if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
  if (body) {
    req.set(http::field::content_type, "application/json");
    req.body() = body->dump();
  }
  req.keep_alive(true);
  req.prepare_payload();
  try {
    return exchange(req);
  } catch (const boost::system::system_error&) {
    stream_.reset();  // the server may have closed an idle keep-alive connection: once more
    return exchange(req);
  }
}

api_answer http_api::exchange(const http::request<http::string_body>& req) {
  if (!stream_) {
    stream_.emplace(ioc_);
    stream_->connect(tcp::endpoint(net::ip::make_address(host_), port_));
    buffer_.clear();
  }
  http::write(*stream_, req);
  http::response<http::string_body> res;
  http::read(*stream_, buffer_, res);
  if (!res.keep_alive()) stream_.reset();
  api_answer a{static_cast<int>(res.result_int()), nullptr};
  if (!res.body().empty()) a.body = nlohmann::json::parse(res.body(), nullptr, false);
  return a;
}

std::string http_api::sign_up(const std::string& name, const std::string& password) {
  const nlohmann::json credentials{{"name", name}, {"password", password}};
  const auto created = call(http::verb::post, "/api/accounts", credentials);
  if (created.status != 201 && created.status != 409) {
    throw std::runtime_error("cannot create account " + name + ": " + created.body.dump());
  }
  const auto login = call(http::verb::post, "/api/sessions", credentials);
  if (login.status != 201) {
    throw std::runtime_error("cannot log in as " + name + ": " + login.body.dump());
  }
  return login.body["token"].get<std::string>();
}

}  // namespace loyang::load
