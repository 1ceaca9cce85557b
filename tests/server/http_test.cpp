// The server in-process on an ephemeral port: health check, errors, static files, shutdown.
#include <catch2/catch.hpp>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <fstream>
#include <future>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "loyang/persistence/error.hpp"
#include "loyang/server/server.hpp"
#include "loyang/server/version.hpp"
#include "server_fixture.hpp"
#include "temp_dir.hpp"

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using loyang::server::config;
using loyang::test::temp_dir;
using loyang::test::running_server;
using loyang::test::write_file;
using nlohmann::json;

namespace {

/// A plain HTTP/1.1 client connection to 127.0.0.1:port.
class client {
 public:
  explicit client(std::uint16_t port) : socket_(ioc_) {
    socket_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  }

  http::response<http::string_body> request(http::verb method, const std::string& target,
                                            bool keep_alive = true) {
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.keep_alive(keep_alive);
    req.prepare_payload();
    http::write(socket_, req);
    http::response_parser<http::string_body> parser;
    parser.skip(method == http::verb::head);  // a HEAD response has no body to read
    http::read(socket_, buffer_, parser);
    return parser.release();
  }

  /// Reads until the server closes the connection; true when it did so cleanly.
  bool closed_by_server() {
    beast::error_code ec;
    char byte = 0;
    socket_.read_some(net::buffer(&byte, 1), ec);
    return ec == net::error::eof || ec == net::error::connection_reset;
  }

 private:
  net::io_context ioc_;
  tcp::socket socket_;
  beast::flat_buffer buffer_;
};

http::response<http::string_body> get(std::uint16_t port, const std::string& target) {
  return client(port).request(http::verb::get, target, false);
}

}  // namespace

TEST_CASE("GET /healthz answers ok with the version and uptime", "[server][http]") {
  running_server s;
  REQUIRE(s.port() != 0);
  auto res = get(s.port(), "/healthz");
  CHECK(res.result() == http::status::ok);
  CHECK(res[http::field::content_type] == "application/json");
  json body = json::parse(res.body());
  CHECK(body["status"] == "ok");
  CHECK(body["version"] == std::string(loyang::server::version()));
  CHECK(body["uptime_seconds"].is_number_integer());
  CHECK(body["uptime_seconds"].get<long long>() >= 0);

  CHECK(get(s.port(), "/healthz?probe=1").result() == http::status::ok);
}

TEST_CASE("unknown paths get 404 with the error envelope", "[server][http]") {
  running_server s;
  auto res = get(s.port(), "/nope");
  CHECK(res.result() == http::status::not_found);
  CHECK(res[http::field::content_type] == "application/json");
  json body = json::parse(res.body());
  CHECK(body["error"]["code"] == "not_found");
  CHECK(body["error"]["message"].get<std::string>().find("/nope") != std::string::npos);

  CHECK(get(s.port(), "/js/").result() == http::status::not_found);  // no index.html there
  CHECK(get(s.port(), "/js").result() == http::status::not_found);   // a directory, not a file
}

TEST_CASE("requests that try to leave the web root are refused", "[server][http]") {
  running_server s;
  auto res = get(s.port(), "/../etc/passwd");  // more in static_files_test.cpp
  CHECK(res.result() == http::status::not_found);
  CHECK(json::parse(res.body())["error"]["code"] == "not_found");
}

TEST_CASE("methods other than GET and HEAD get 405", "[server][http]") {
  running_server s;
  auto res = client(s.port()).request(http::verb::post, "/healthz", false);
  CHECK(res.result() == http::status::method_not_allowed);
  CHECK(res[http::field::allow] == "GET, HEAD");
  CHECK(json::parse(res.body())["error"]["code"] == "method_not_allowed");
}

TEST_CASE("static files come from the web root", "[server][http]") {
  running_server s;
  auto index = get(s.port(), "/");
  CHECK(index.result() == http::status::ok);
  CHECK(index[http::field::content_type] == "text/html; charset=utf-8");
  CHECK(index.body() == "<!doctype html><title>test client</title>");

  auto script = get(s.port(), "/js/app.js?v=2");
  CHECK(script.result() == http::status::ok);
  CHECK(script[http::field::content_type] == "text/javascript; charset=utf-8");
  CHECK(script.body() == "console.log('hi');");
}

TEST_CASE("HEAD answers the headers without a body", "[server][http]") {
  running_server s;
  client c(s.port());
  auto health = c.request(http::verb::head, "/healthz");
  CHECK(health.result() == http::status::ok);
  CHECK(health.body().empty());
  CHECK(std::stoul(std::string(health[http::field::content_length])) > 0);
  auto index = c.request(http::verb::head, "/");
  CHECK(index.result() == http::status::ok);
  CHECK(index[http::field::content_length] == "41");
}

TEST_CASE("one connection serves several requests", "[server][http]") {
  running_server s;
  client c(s.port());
  for (int i = 0; i < 3; ++i) CHECK(c.request(http::verb::get, "/healthz").result() == http::status::ok);
  CHECK(c.request(http::verb::get, "/nope").result() == http::status::not_found);
  CHECK(c.request(http::verb::get, "/").keep_alive());
}

TEST_CASE("the server creates and migrates the database in its data directory", "[server]") {
  running_server s;
  CHECK(s.get().database_file() == s.data_dir() / "data" / "loyang.db");
  CHECK(std::filesystem::exists(s.data_dir() / "data" / "loyang.db"));
}

TEST_CASE("stop closes idle connections, finishes, and refuses new ones", "[server][shutdown]") {
  running_server s;
  const auto port = s.port();
  client idle(port);
  REQUIRE(idle.request(http::verb::get, "/healthz").result() == http::status::ok);

  REQUIRE(s.stop_within(std::chrono::seconds(5)));
  CHECK(idle.closed_by_server());

  net::io_context ioc;
  tcp::socket socket(ioc);
  beast::error_code ec;
  socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port), ec);
  CHECK(ec);  // nobody listens any more
}

TEST_CASE("stop before run makes run return at once", "[server][shutdown]") {
  temp_dir data;
  config settings;
  settings.address = "127.0.0.1";
  settings.port = 0;
  settings.data_dir = data.path();
  settings.threads = 1;
  loyang::server::server s(settings);
  s.stop();
  auto done = std::async(std::launch::async, [&] { s.run(); });
  CHECK(done.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
}

TEST_CASE("an unusable data directory fails with persistence::error", "[server]") {
  temp_dir tmp;
  write_file(tmp.path() / "not-a-dir", "x");
  config settings;
  settings.address = "127.0.0.1";
  settings.port = 0;
  settings.data_dir = tmp.path() / "not-a-dir";
  CHECK_THROWS_AS(loyang::server::server(settings), loyang::persistence::error);

  write_file(tmp.path() / "garbage" / "loyang.db", std::string(4096, 'x'));
  settings.data_dir = tmp.path() / "garbage";
  CHECK_THROWS_AS(loyang::server::server(settings), loyang::persistence::error);
}

TEST_CASE("a port already in use fails with system_error", "[server]") {
  running_server first;
  temp_dir data;
  config settings;
  settings.address = "127.0.0.1";
  settings.port = first.port();
  settings.data_dir = data.path();
  CHECK_THROWS_AS(loyang::server::server(settings), boost::system::system_error);
}
