#pragma once
// Test support: a real server on 127.0.0.1 on a free port, a JSON HTTP client for its API, and
// a blocking WebSocket client that speaks the game protocol.
#include <catch2/catch.hpp>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/sinks/sink.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "loyang/server/server.hpp"
#include "temp_dir.hpp"
#include "traffic_trace.hpp"

namespace loyang::test {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using nlohmann::json;

inline void write_file(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
}

/// The servers' log on the terminal from warnings up (LOYANG_TEST_LOG=info for all of it): a
/// test program starts hundreds of servers, and their start-up lines buried its failures, which
/// is all a truncated CI log keeps. The logger itself stays at info for the tests that read it
/// through a sink of their own (readiness_test.cpp).
inline void quiet_server_logs() {
  static const bool done = [] {
    const char* wanted = std::getenv("LOYANG_TEST_LOG");
    const auto level = spdlog::level::from_str(wanted ? wanted : "warn");
    // The first sink is spdlog's console; sinks a test adds come after it.
    auto& sinks = spdlog::default_logger()->sinks();
    if (!sinks.empty()) sinks.front()->set_level(level);
    return true;
  }();
  (void)done;
}

/// A server on 127.0.0.1, port 0, with its own data and web directories, run on a thread.
/// `adjust` may change the settings first (memory_only, limits, ...).
class running_server {
 public:
  explicit running_server(const std::function<void(server::config&)>& adjust = {},
                          std::shared_ptr<temp_dir> data = nullptr)
      : data_(data ? std::move(data) : std::make_shared<temp_dir>()) {
    quiet_server_logs();
    write_file(web_.path() / "index.html", "<!doctype html><title>test client</title>");
    write_file(web_.path() / "js" / "app.js", "console.log('hi');");
    server::config settings;
    settings.address = "127.0.0.1";
    settings.port = 0;
    settings.data_dir = data_->path() / "data";
    settings.web_root = web_.path();
    settings.threads = 2;
    settings.password_cost = "minimal";
    settings.ws_messages_per_second = 10000;  // test clients send as fast as they can
    settings.signups_per_hour = 0;            // tests sign up many accounts from one address
    settings.history_reads_per_minute = 0;    // ...and read every version of a game's history
    settings.write_budgets = {{"games_per_address", 0}};  // ...and create games for all of them
    if (adjust) adjust(settings);
    server_ = std::make_unique<server::server>(settings);
    done_ = std::async(std::launch::async, [this] { server_->run(); });
  }
  running_server(const running_server&) = delete;
  running_server& operator=(const running_server&) = delete;
  ~running_server() {
    server_->stop();
    done_.wait();
  }

  std::uint16_t port() const { return server_->port(); }
  server::server& get() { return *server_; }
  const std::filesystem::path& data_dir() const { return data_->path(); }
  std::shared_ptr<temp_dir> data() const { return data_; }
  /// Stops the server; true when run() returned within `limit`.
  bool stop_within(std::chrono::seconds limit) {
    server_->stop();
    return done_.wait_for(limit) == std::future_status::ready;
  }

 private:
  std::shared_ptr<temp_dir> data_;
  temp_dir web_;
  std::unique_ptr<server::server> server_;
  std::future<void> done_;
};

/// One HTTP exchange with a JSON body (or none), on a fresh connection.
struct api_answer {
  http::status status;
  json body;
  std::string retry_after = {};  ///< the Retry-After header, if any
};

/// The error code of an answer; "" when it is not an error.
inline std::string code_of(const api_answer& a) {
  INFO(a.body.dump());
  return a.body.is_object() && a.body.contains("error") ? a.body["error"].value("code", "") : "";
}

/// The API path of game `id`, or of one of its actions ("join", "leave").
inline std::string game_path(std::int64_t id, const std::string& what = "") {
  return "/api/games/" + std::to_string(id) + (what.empty() ? "" : "/" + what);
}

/// One request on a fresh connection, with header `fields` (name, value) and a raw `body`
/// (sent as application/json when not empty, even when it is not JSON).
inline api_answer call_raw(std::uint16_t port, http::verb method, const std::string& target,
                           const std::vector<std::pair<std::string, std::string>>& fields,
                           const std::string& body = "") {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{method, target, 11};
  req.set(http::field::host, "127.0.0.1");
  for (const auto& [name, value] : fields) req.set(name, value);
  if (!body.empty()) {
    req.set(http::field::content_type, "application/json");
    req.body() = body;
  }
  req.keep_alive(false);
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  trace::http_answered(std::string(http::to_string(method)), target, res.result_int(),
                       std::string(res[http::field::content_type]), res.body());
  json parsed = res.body().empty() ? json() : json::parse(res.body(), nullptr, false);
  return {res.result(), parsed, std::string(res[http::field::retry_after])};
}

inline api_answer call_api(std::uint16_t port, http::verb method, const std::string& target,
                           const std::optional<json>& body = std::nullopt,
                           const std::string& token = "") {
  std::vector<std::pair<std::string, std::string>> fields;
  if (!token.empty()) fields.emplace_back("Authorization", "Bearer " + token);
  return call_raw(port, method, target, fields, body ? body->dump() : std::string());
}

/// POST `path` with a JSON body (an empty object by default) as `token`'s account.
inline api_answer api_post(std::uint16_t port, const std::string& path, const std::string& token,
                           const json& body = json::object()) {
  return call_api(port, http::verb::post, path, body, token);
}

/// GET `path`, as `token`'s account (none: a guest).
inline api_answer api_get(std::uint16_t port, const std::string& path, const std::string& token = "") {
  return call_api(port, http::verb::get, path, std::nullopt, token);
}

/// GET /metrics: the Prometheus text.
inline std::string metrics_text(std::uint16_t port) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{http::verb::get, "/metrics", 11};
  req.set(http::field::host, "127.0.0.1");
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  return res.body();
}

/// One unlabelled value of /metrics (a counter or gauge).
inline long long metric(std::uint16_t port, const std::string& name) {
  const auto text = metrics_text(port);
  const auto at = text.find("\n" + name + " ");
  REQUIRE(at != std::string::npos);
  return std::stoll(text.substr(at + name.size() + 2));
}

/// Creates an account and logs it in; returns the bearer token.
inline std::string sign_up(std::uint16_t port, const std::string& name,
                           const std::string& password = "correct horse") {
  const auto created = call_api(port, http::verb::post, "/api/accounts",
                                json{{"name", name}, {"password", password}});
  INFO(created.body.dump());
  REQUIRE(created.status == http::status::created);
  const auto login = call_api(port, http::verb::post, "/api/sessions",
                              json{{"name", name}, {"password", password}});
  INFO(login.body.dump());
  REQUIRE(login.status == http::status::created);
  return login.body["token"].get<std::string>();
}

/// Logs an existing account in; returns the bearer token, or "" when the login is refused.
inline std::string log_in(std::uint16_t port, const std::string& name,
                          const std::string& password = "correct horse") {
  const auto a = call_api(port, http::verb::post, "/api/sessions", json{{"name", name}, {"password", password}});
  INFO(a.body.dump());
  return a.status == http::status::created ? a.body["token"].get<std::string>() : "";
}

/// A finished 2-player game: made by `a` (tokens) with `extra` options, joined by `b`, and
/// resigned at once by `loser` (one of the two). Returns its id.
inline std::int64_t quick_game(std::uint16_t port, const std::string& a, const std::string& b,
                               const std::string& loser, json extra = json::object()) {
  extra["players"] = 2;
  const auto made = api_post(port, "/api/games", a, extra);
  INFO(made.body.dump());
  REQUIRE(made.status == http::status::created);
  const std::int64_t id = made.body["id"];
  REQUIRE(api_post(port, game_path(id, "join"), b).status == http::status::ok);
  REQUIRE(api_post(port, game_path(id, "resign"), loser).status == http::status::ok);
  return id;
}

/// A blocking WebSocket client on /ws. Every text it receives is also kept in `received`.
class ws_client {
 public:
  explicit ws_client(std::uint16_t port, const std::string& origin = "") : ws_(ioc_) {
    beast::get_lowest_layer(ws_).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    if (!origin.empty()) {
      ws_.set_option(beast::websocket::stream_base::decorator(
          [origin](beast::websocket::request_type& r) { r.set(http::field::origin, origin); }));
    }
    ws_.handshake("127.0.0.1", "/ws");
  }

  void send_text(const std::string& text) {
    ws_.text(true);
    ws_.write(net::buffer(text));
  }
  void send(const json& j) { send_text(j.dump()); }

  /// The next message; fails the test after `limit` without one.
  json next(std::chrono::milliseconds limit = std::chrono::seconds(10)) {
    auto m = try_next(limit);
    if (!m) FAIL("no message from the server within the time limit");
    return *m;
  }
  /// The next message, or nullopt after `limit` or when the connection closed.
  std::optional<json> try_next(std::chrono::milliseconds limit) {
    // Timeouts of a beast::tcp_stream apply to asynchronous operations only.
    beast::get_lowest_layer(ws_).expires_after(limit);
    beast::flat_buffer buffer;
    beast::error_code ec;
    ws_.async_read(buffer, [&ec](beast::error_code e, std::size_t) { ec = e; });
    ioc_.restart();
    ioc_.run();
    beast::get_lowest_layer(ws_).expires_never();
    if (ec) {
      closed_ = ec != beast::error::timeout;
      close_code_ = ws_.reason().code;
      return std::nullopt;
    }
    std::string text = beast::buffers_to_string(buffer.data());
    trace::ws_received(conn_, text);
    received.push_back(text);
    return json::parse(text);
  }
  /// Messages until one with this "type" (others are kept in `skipped`).
  json next_of(const std::string& type, std::chrono::milliseconds limit = std::chrono::seconds(10)) {
    for (int i = 0; i < 10000; ++i) {
      json m = next(limit);
      if (m["type"] == type) return m;
      skipped.push_back(m);
    }
    FAIL("no " << type << " message");
    return {};
  }
  /// Says hello with `token` and expects the welcome.
  json hello(const std::string& token) {
    send(token.empty() ? json{{"type", "hello"}} : json{{"type", "hello"}, {"token", token}});
    return next_of("welcome");
  }
  /// Whether the server closed the connection (not just a time-out), and its close code.
  bool closed() const { return closed_; }
  std::uint16_t close_code() const { return close_code_; }
  void close() {
    beast::error_code ec;
    ws_.close(beast::websocket::close_code::normal, ec);
  }

  std::vector<std::string> received;
  std::vector<json> skipped;

 private:
  net::io_context ioc_;
  beast::websocket::stream<beast::tcp_stream> ws_;
  bool closed_ = false;
  std::string conn_ = trace::next_connection();
  std::uint16_t close_code_ = 0;
};

}  // namespace loyang::test
