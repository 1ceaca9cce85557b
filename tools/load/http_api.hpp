#pragma once
// A blocking JSON client of the server's HTTP API on one keep-alive connection, for the setup
// (accounts, logins, games): setup is not what is measured, so simple beats fast here.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "net.hpp"

namespace loyang::load {

struct api_answer {
  int status = 0;
  nlohmann::json body;
};

class http_api {
 public:
  http_api(std::string host, unsigned short port);

  /// One request; reconnects once if the kept-alive connection was closed. Throws on failure.
  api_answer call(http::verb method, const std::string& target,
                  const std::optional<nlohmann::json>& body, const std::string& token = "");

  /// Creates the account (an existing one is fine) and logs in; returns the bearer token.
  std::string sign_up(const std::string& name, const std::string& password);

 private:
  api_answer exchange(const http::request<http::string_body>& req);

  std::string host_;
  unsigned short port_;
  net::io_context ioc_;
  std::optional<beast::tcp_stream> stream_;
  beast::flat_buffer buffer_;
};

}  // namespace loyang::load
