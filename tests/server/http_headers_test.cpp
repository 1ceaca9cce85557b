// Header fields a browser or a client relies on: the security headers on every kind of
// answer, Allow on every 405, and the static files' validators (ETag, Last-Modified, 304).
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <filesystem>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/http_validators.hpp"
#include "server_fixture.hpp"

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using loyang::test::running_server;
using loyang::test::sign_up;
using loyang::test::write_file;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

using response = http::response<http::string_body>;
using fields = std::vector<std::pair<http::field, std::string>>;

/// One request on a fresh connection.
response fetch(std::uint16_t port, http::verb method, const std::string& target,
               const fields& extra = {}, const std::string& body = "") {
  net::io_context ioc;
  tcp::socket socket(ioc);
  socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{method, target, 11};
  req.set(http::field::host, "127.0.0.1");
  for (const auto& [field, value] : extra) req.insert(field, value);
  req.keep_alive(false);
  req.body() = body;
  req.prepare_payload();
  http::write(socket, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(1 << 20);
  parser.skip(method == http::verb::head);
  http::read(socket, buffer, parser);
  return parser.release();
}

/// Writes `text` as it is and reads the answer.
response exchange_raw(std::uint16_t port, const std::string& text) {
  net::io_context ioc;
  tcp::socket socket(ioc);
  socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  net::write(socket, net::buffer(text));
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  http::read(socket, buffer, parser);
  return parser.release();
}

template <class Header>
void check_security_headers(const Header& res) {
  const std::string csp(res["Content-Security-Policy"]);
  CHECK(csp.find("default-src 'self'") != std::string::npos);
  CHECK(csp.find("connect-src 'self' ws: wss:") != std::string::npos);
  CHECK(csp.find("object-src 'none'") != std::string::npos);
  CHECK(csp.find("base-uri 'self'") != std::string::npos);
  CHECK(csp.find("frame-ancestors 'none'") != std::string::npos);
  CHECK(csp.find("unsafe") == std::string::npos);
  CHECK(res["Referrer-Policy"] == "no-referrer");
  CHECK(res["X-Content-Type-Options"] == "nosniff");
}

}  // namespace

TEST_CASE("every kind of HTTP answer carries the security headers", "[server][http][headers]") {
  running_server s([](loyang::server::config& c) { c.allowed_origins = {"http://good.example"}; });
  const auto port = s.port();
  const auto token = sign_up(port, "ann");
  const fields auth{{http::field::authorization, "Bearer " + token}};
  const std::string etag(fetch(port, http::verb::get, "/js/app.js")[http::field::etag]);

  struct probe {
    const char* what;
    http::status status;
    response res;
  };
  std::vector<probe> probes{
      {"static file", http::status::ok, fetch(port, http::verb::get, "/")},
      {"static HEAD", http::status::ok, fetch(port, http::verb::head, "/js/app.js")},
      {"static 304", http::status::not_modified,
       fetch(port, http::verb::get, "/js/app.js", {{http::field::if_none_match, etag}})},
      {"static 404", http::status::not_found, fetch(port, http::verb::get, "/nope.html")},
      {"refused path", http::status::not_found, fetch(port, http::verb::get, "//etc/passwd")},
      {"healthz", http::status::ok, fetch(port, http::verb::get, "/healthz")},
      {"metrics", http::status::ok, fetch(port, http::verb::get, "/metrics")},
      {"405", http::status::method_not_allowed, fetch(port, http::verb::post, "/healthz")},
      {"API 200", http::status::ok, fetch(port, http::verb::get, "/api/games", auth)},
      {"API 201", http::status::created,
       fetch(port, http::verb::post, "/api/accounts", {}, R"({"name":"bob","password":"correct horse"})")},
      {"API 400", http::status::bad_request, fetch(port, http::verb::post, "/api/accounts", {}, "{")},
      {"API 401", http::status::unauthorized, fetch(port, http::verb::get, "/api/games")},
      {"API 404", http::status::not_found, fetch(port, http::verb::get, "/api/nothing", auth)},
      {"API 405", http::status::method_not_allowed, fetch(port, http::verb::put, "/api/games", auth)},
      {"413", http::status::payload_too_large,
       fetch(port, http::verb::post, "/api/accounts", {}, std::string(20000, 'x'))},
      {"not HTTP", http::status::bad_request,
       exchange_raw(port, std::string("GET /a\0b HTTP/1.1\r\nHost: x\r\n\r\n", 31))},
      {"WebSocket elsewhere", http::status::not_found,
       fetch(port, http::verb::get, "/nope",
             {{http::field::connection, "Upgrade"},
              {http::field::upgrade, "websocket"},
              {http::field::sec_websocket_version, "13"},
              {http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ=="}})},
      {"WebSocket bad Origin", http::status::forbidden,
       fetch(port, http::verb::get, "/ws",
             {{http::field::connection, "Upgrade"},
              {http::field::upgrade, "websocket"},
              {http::field::sec_websocket_version, "13"},
              {http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ=="},
              {http::field::origin, "http://evil.example"}})},
  };
  for (const auto& p : probes) {
    INFO(p.what);
    CHECK(p.res.result() == p.status);
    check_security_headers(p.res);
  }

  SECTION("the WebSocket handshake's 101 too") {
    net::io_context ioc;
    beast::websocket::stream<tcp::socket> ws(ioc);
    ws.next_layer().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    beast::websocket::response_type res;
    ws.handshake(res, "127.0.0.1", "/ws");
    CHECK(res.result() == http::status::switching_protocols);
    check_security_headers(res);
  }
}

TEST_CASE("every 405 says which methods the path allows", "[server][http][405]") {
  running_server s;
  const auto port = s.port();
  const auto token = sign_up(port, "ann");
  const auto game = fetch(port, http::verb::post, "/api/games",
                          {{http::field::authorization, "Bearer " + token}}, R"({"players": 2})");
  REQUIRE(game.result() == http::status::created);
  const std::string id = std::to_string(json::parse(game.body())["id"].get<long long>());

  const std::vector<http::verb> verbs{http::verb::get,   http::verb::head,  http::verb::post,
                                      http::verb::put,   http::verb::delete_, http::verb::patch,
                                      http::verb::options};
  struct route {
    std::string path;
    std::set<http::verb> allowed;
    std::string allow;
  };
  const std::vector<route> routes{
      {"/healthz", {http::verb::get, http::verb::head}, "GET, HEAD"},
      {"/metrics", {http::verb::get, http::verb::head}, "GET, HEAD"},
      {"/", {http::verb::get, http::verb::head}, "GET, HEAD"},
      {"/js/app.js", {http::verb::get, http::verb::head}, "GET, HEAD"},
      {"/no/such/file", {http::verb::get, http::verb::head}, "GET, HEAD"},
      {"/api/accounts", {http::verb::post}, "POST"},
      {"/api/sessions", {http::verb::post, http::verb::delete_}, "POST, DELETE"},
      {"/api/games", {http::verb::get, http::verb::head, http::verb::post}, "GET, HEAD, POST"},
      {"/api/my/games", {http::verb::get, http::verb::head}, "GET, HEAD"},
      {"/api/games/" + id, {http::verb::get, http::verb::head}, "GET, HEAD"},
      {"/api/games/" + id + "/join", {http::verb::post}, "POST"},
      {"/api/games/" + id + "/leave", {http::verb::post}, "POST"},
  };
  int refused = 0;
  for (const auto& r : routes) {
    for (const auto verb : verbs) {
      INFO(http::to_string(verb) << " " << r.path);
      // An allowed DELETE /api/sessions logs its token out: give it a token of its own.
      const std::string who = verb == http::verb::delete_ && r.path == "/api/sessions"
                                  ? json::parse(fetch(port, http::verb::post, "/api/sessions", {},
                                                      R"({"name":"ann","password":"correct horse"})")
                                                    .body())["token"]
                                        .get<std::string>()
                                  : token;
      const auto res = fetch(port, verb, r.path, {{http::field::authorization, "Bearer " + who}});
      if (r.allowed.count(verb) != 0) {
        CHECK(res.result() != http::status::method_not_allowed);
        continue;
      }
      ++refused;
      CHECK(res.result() == http::status::method_not_allowed);
      CHECK(res[http::field::allow] == r.allow);
      check_security_headers(res);
      if (verb != http::verb::head) {
        CHECK(json::parse(res.body())["error"]["code"] == "method_not_allowed");
      }
    }
  }
  CHECK(refused == 62);
}

TEST_CASE("static files carry validators and answer 304 when they match", "[server][http][validators]") {
  fs::path web;
  running_server s([&web](loyang::server::config& c) { web = c.web_root; });
  const auto port = s.port();

  const auto first = fetch(port, http::verb::get, "/js/app.js");
  REQUIRE(first.result() == http::status::ok);
  const std::string etag(first[http::field::etag]);
  const std::string last_modified(first[http::field::last_modified]);
  CHECK(etag.rfind("\"", 0) == 0);  // strong: from the bytes (server/src/web/asset_catalog.hpp)
  CHECK(loyang::server::parse_http_date(last_modified).has_value());
  CHECK(first[http::field::cache_control] == "no-cache");
  CHECK(fetch(port, http::verb::head, "/js/app.js")[http::field::etag] == etag);
  CHECK(!fetch(port, http::verb::get, "/")[http::field::etag].empty());

  auto check_304 = [&](const response& res) {
    CHECK(res.result() == http::status::not_modified);
    CHECK(res.body().empty());
    CHECK(res[http::field::etag] == etag);
    CHECK(res[http::field::cache_control] == "no-cache");
  };
  SECTION("If-None-Match with the ETag, in any list, or *: 304 without a body") {
    check_304(fetch(port, http::verb::get, "/js/app.js", {{http::field::if_none_match, etag}}));
    check_304(fetch(port, http::verb::head, "/js/app.js", {{http::field::if_none_match, etag}}));
    check_304(fetch(port, http::verb::get, "/js/app.js?v=3", {{http::field::if_none_match, etag}}));
    check_304(fetch(port, http::verb::get, "/js/app.js",
                    {{http::field::if_none_match, "\"other\", " + etag}}));
    check_304(fetch(port, http::verb::get, "/js/app.js", {{http::field::if_none_match, "*"}}));
    // Weak comparison: the same tag with W/ matches too.
    check_304(fetch(port, http::verb::get, "/js/app.js",
                    {{http::field::if_none_match, "W/" + etag}}));
  }
  SECTION("the 304 leaves the connection usable") {
    net::io_context ioc;
    tcp::socket socket(ioc);
    socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    const std::string two =
        "GET /js/app.js HTTP/1.1\r\nHost: x\r\nIf-None-Match: " + etag + "\r\n\r\n" +
        "GET /js/app.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    net::write(socket, net::buffer(two));
    beast::flat_buffer buffer;
    response a, b;
    http::read(socket, buffer, a);
    http::read(socket, buffer, b);
    CHECK(a.result() == http::status::not_modified);
    CHECK(b.result() == http::status::ok);
    CHECK(b.body() == "console.log('hi');");
  }
  SECTION("If-Modified-Since: 304 when not earlier than Last-Modified, ignored when invalid") {
    check_304(fetch(port, http::verb::get, "/js/app.js", {{http::field::if_modified_since, last_modified}}));
    const auto earlier = *loyang::server::parse_http_date(last_modified) - std::chrono::hours(24);
    CHECK(fetch(port, http::verb::get, "/js/app.js",
                {{http::field::if_modified_since, loyang::server::http_date(earlier)}})
              .result() == http::status::ok);
    CHECK(fetch(port, http::verb::get, "/js/app.js", {{http::field::if_modified_since, "yesterday"}})
              .result() == http::status::ok);
  }
  SECTION("If-None-Match wins over If-Modified-Since") {
    const auto res = fetch(port, http::verb::get, "/js/app.js",
                           {{http::field::if_none_match, "W/\"other\""},
                            {http::field::if_modified_since, last_modified}});
    CHECK(res.result() == http::status::ok);
    CHECK(res.body() == "console.log('hi');");
  }
  SECTION("a changed file gets 200 with its new content and a new ETag") {
    write_file(web / "js" / "app.js", "console.log('new');");
    fs::last_write_time(web / "js" / "app.js", fs::last_write_time(web / "js" / "app.js") + std::chrono::hours(1));
    const auto res = fetch(port, http::verb::get, "/js/app.js", {{http::field::if_none_match, etag},
                                                                 {http::field::if_modified_since, last_modified}});
    CHECK(res.result() == http::status::ok);
    CHECK(res.body() == "console.log('new');");
    CHECK(res[http::field::etag] != etag);
    CHECK(!res[http::field::etag].empty());
    CHECK(res[http::field::last_modified] != last_modified);
    const std::string new_etag(res[http::field::etag]);
    const auto again = fetch(port, http::verb::get, "/js/app.js", {{http::field::if_none_match, new_etag}});
    CHECK(again.result() == http::status::not_modified);
    CHECK(again[http::field::etag] == new_etag);
  }
}

TEST_CASE("http_validators: dates and entity tags", "[server][validators]") {
  using namespace loyang::server;
  const auto t = parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT");
  REQUIRE(t);
  CHECK(http_date(*t) == "Sun, 06 Nov 1994 08:49:37 GMT");
  CHECK(t->time_since_epoch().count() == 784111777);
  CHECK_FALSE(parse_http_date("Mon, 06 Nov 1994 08:49:37 GMT"));  // wrong week day
  CHECK_FALSE(parse_http_date("Sun, 31 Nov 1994 08:49:37 GMT"));
  CHECK_FALSE(parse_http_date("Sunday, 06-Nov-94 08:49:37 GMT"));
  CHECK_FALSE(parse_http_date("Sun, 06 Nov 1994 08:49:37 UTC"));
  CHECK_FALSE(parse_http_date(""));
  CHECK(etag_matches("\"a\"", "W/\"a\""));
  CHECK(etag_matches("W/\"b\", W/\"a\"", "W/\"a\""));
  CHECK(etag_matches(" *", "W/\"a\""));
  CHECK_FALSE(etag_matches("\"ab\"", "W/\"a\""));
  CHECK_FALSE(etag_matches("a", "W/\"a\""));
  CHECK_FALSE(etag_matches("\"a", "W/\"a\""));
  CHECK_FALSE(etag_matches("", "W/\"a\""));
  const auto v1 = validators_of(10, std::chrono::sys_time<std::chrono::nanoseconds>(std::chrono::seconds(5)));
  const auto v2 = validators_of(10, std::chrono::sys_time<std::chrono::nanoseconds>(std::chrono::seconds(5) + std::chrono::nanoseconds(1)));
  const auto v3 = validators_of(11, std::chrono::sys_time<std::chrono::nanoseconds>(std::chrono::seconds(5)));
  CHECK(v1.etag != v2.etag);
  CHECK(v1.etag != v3.etag);
  CHECK(v1.last_modified == v2.last_modified);
}

TEST_CASE("/metrics: the game port serves it to a local peer no proxy forwarded, or as configured; "
          "the metrics port serves it and the probes only",
          "[server][http][metrics]") {
  SECTION("local (the default): a loopback peer, not a proxy's request") {
    running_server s;
    CHECK(fetch(s.port(), http::verb::get, "/metrics").result() == http::status::ok);
    // nginx or HAProxy on this host connect from loopback too, and say whom they forward.
    CHECK(fetch(s.port(), http::verb::get, "/metrics", {{http::field::forwarded, "for=203.0.113.9"}}).result() ==
          http::status::not_found);
    CHECK(exchange_raw(s.port(), "GET /metrics HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.9\r\n"
                                 "Connection: close\r\n\r\n")
              .result() == http::status::not_found);
  }
  SECTION("off and on") {
    running_server off([](loyang::server::config& c) { c.metrics_on_game_port = "off"; });
    CHECK(fetch(off.port(), http::verb::get, "/metrics").result() == http::status::not_found);
    CHECK(fetch(off.port(), http::verb::get, "/healthz").result() == http::status::ok);
    running_server on([](loyang::server::config& c) { c.metrics_on_game_port = "on"; });
    CHECK(exchange_raw(on.port(), "GET /metrics HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.9\r\n"
                                  "Connection: close\r\n\r\n")
              .result() == http::status::ok);
  }
  SECTION("--metrics-address: a port of its own for Prometheus") {
    running_server s([](loyang::server::config& c) {
      c.metrics_address = "127.0.0.1:0";
      c.metrics_on_game_port = "off";
    });
    const auto port = s.get().metrics_port();
    REQUIRE(port != 0);
    REQUIRE(port != s.port());
    loyang::test::sign_up(s.port(), "metered");  // a request by route, a login failure, and commits to count
    CHECK(loyang::test::api_post(s.port(), "/api/sessions", "", {{"name", "metered"}, {"password", "wrong one"}}).status ==
          http::status::unauthorized);
    const auto scraped = fetch(port, http::verb::get, "/metrics");
    CHECK(scraped.result() == http::status::ok);
    const auto& text = scraped.body();
    INFO(text);
    // What an operator alerts on, named as Prometheus' conventions have it.
    for (const char* series : {"loyang_connections ", "loyang_build_info{version=\"", "process_cpu_seconds_total ",
                               "process_resident_memory_bytes ", "process_open_fds ", "process_max_fds ",
                               "process_start_time_seconds ",
                               "loyang_http_requests_total{route=\"/api/accounts\",status=\"201\"} 1\n",
                               "loyang_http_requests_total{route=\"/api/sessions\",status=\"401\"} 1\n",
                               "loyang_http_request_duration_seconds_bucket{route=\"/api/accounts\",le=\"+Inf\"} 1\n",
                               "loyang_login_failures_total 1\n", "loyang_websocket_messages_total{direction=\"in\"} ",
                               "loyang_store_commit_seconds_count ", "loyang_store_commit_writes_bucket{le=\"1\"} ",
                               "loyang_database_bytes{file=\"database\"} ", "loyang_database_bytes{file=\"wal\"} ",
                               "loyang_command_latency_seconds_bucket{le=\"+Inf\"} "}) {
      INFO(series);
      CHECK(text.find(series) != std::string::npos);
    }
    CHECK(text.find("loyang_store_commit_seconds_count 0\n") == std::string::npos);  // the sign-up committed
    CHECK(text.find("loyang_database_bytes{file=\"database\"} 0\n") == std::string::npos);
    CHECK(fetch(port, http::verb::get, "/healthz").result() == http::status::ok);
    CHECK(fetch(port, http::verb::get, "/readyz").result() == http::status::ok);
    // Nothing of the game: no API, no files, no WebSocket.
    CHECK(fetch(port, http::verb::get, "/api/games").result() == http::status::not_found);
    CHECK(fetch(port, http::verb::get, "/").result() == http::status::not_found);
    CHECK(fetch(port, http::verb::post, "/api/accounts", {{http::field::content_type, "application/json"}},
                R"({"name":"x","password":"correct horse"})")
              .result() == http::status::not_found);
    const auto upgrade = exchange_raw(port, "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
    CHECK(upgrade.result() == http::status::not_found);
    CHECK(fetch(s.port(), http::verb::get, "/metrics").result() == http::status::not_found);
  }
}
