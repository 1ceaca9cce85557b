// Static files over a real connection: request targets are written raw on a TCP socket, so
// nothing on the client side normalises them. No target may fetch a file outside the web
// root, a hidden file or the server's database; the client's files are still served.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "server_fixture.hpp"
#include "temp_dir.hpp"

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using loyang::test::running_server;
using loyang::test::temp_dir;
using loyang::test::write_file;
namespace fs = std::filesystem;

namespace {

constexpr const char* secret_text = "TOP SECRET outside the web root";

/// Writes `text` as the request, as is, and reads one response; nullopt when the server
/// closed the connection without one.
std::optional<http::response<http::string_body>> exchange(std::uint16_t port, const std::string& text,
                                                          bool head = false) {
  net::io_context ioc;
  tcp::socket socket(ioc);
  socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  net::write(socket, net::buffer(text));
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.skip(head);
  beast::error_code ec;
  http::read(socket, buffer, parser, ec);
  if (ec) return std::nullopt;
  return parser.release();
}

/// GET `target`, written byte for byte.
std::optional<http::response<http::string_body>> raw_get(std::uint16_t port, const std::string& target,
                                                         const std::string& method = "GET") {
  return exchange(port, method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                  method == "HEAD");
}

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// "%2f"-encodes every '/' of `path`.
std::string encode_slashes(const std::string& path) {
  std::string out;
  for (char c : path) out += c == '/' ? std::string("%2f") : std::string(1, c);
  return out;
}

/// A server whose web root also holds symlinks out of it and hidden files, next to a secret
/// directory outside.
struct site {
  site()
      : server([this](loyang::server::config& c) {
          web = c.web_root;
          write_file(outside.path() / "secret.txt", secret_text);
          write_file(outside.path() / "secrets" / "secret.txt", secret_text);
          write_file(web / "a b.txt", "a file with a space");
          write_file(web / "%2e", "a file named %2e");
          write_file(web / ".git" / "config", secret_text);
          write_file(web / ".env", secret_text);
          fs::create_symlink(outside.path() / "secret.txt", web / "leak.txt");
          fs::create_directory_symlink(outside.path() / "secrets", web / "leakdir");
          fs::create_symlink("/etc/passwd", web / "passwd");
          fs::create_symlink(c.data_dir / "loyang.db", web / "db");
          fs::create_directory_symlink(c.data_dir, web / "data");
          fs::create_symlink(web / "js" / "app.js", web / "alias.js");  // stays inside: served
        }) {}

  temp_dir outside;  // constructed before `server`, whose settings hook fills it
  fs::path web;
  running_server server;
};

}  // namespace

TEST_CASE("no request target reaches a file outside the web root, a hidden file or the database",
          "[server][http][static]") {
  site s;
  const auto port = s.server.port();
  const fs::path db = fs::canonical(s.server.get().database_file());
  REQUIRE(fs::exists(db));
  const std::string db_text = read_file(db);
  REQUIRE(db_text.rfind("SQLite format 3", 0) == 0);
  const std::string passwd = read_file("/etc/passwd");
  const std::string secret_file = (s.outside.path() / "secret.txt").string();

  const std::vector<std::string> targets{
      "//etc/passwd",
      "///etc/passwd",
      "//etc//passwd",
      "/%2f%2fetc/passwd",
      "/%2fetc/passwd",
      "/%2F%2Fetc%2Fpasswd",
      "/..%2f..%2fetc/passwd",
      "/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd",
      "/../../../../../../etc/passwd",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/%2E%2E/%2E%2E/%2E%2E/%2E%2E/%2E%2E/etc/passwd",
      "/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "/.%2e/",
      "/.%2e/.%2e/.%2e/.%2e/.%2e/etc/passwd",
      "/%2e./%2e./%2e./%2e./etc/passwd",
      "/%252e%252e/%252e%252e/%252e%252e/etc/passwd",
      "/%252e",  // decodes once to "%2e": a literal file of that name is not served either
      "/%2e",    // a literal "%2e" on disk exists, and a decoded "." is refused
      "/%25252e%25252e/etc/passwd",
      "/%c0%ae%c0%ae/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
      "/%c0%af%c0%afetc/passwd",
      "/%e0%80%ae%e0%80%ae/%e0%80%ae%e0%80%ae/etc/passwd",
      "/\xc0\xae\xc0\xae/\xc0\xae\xc0\xae/etc/passwd",
      "/%u002e%u002e/%u002e%u002e/etc/passwd",
      "/index.html%00.png",
      "/index.html%00",
      "/.%00./.%00./etc/passwd",
      "/\\..\\..\\etc\\passwd",
      "/..\\..\\..\\..\\etc\\passwd",
      "/%5c..%5c..%5c..%5cetc%5cpasswd",
      "/%2e%2e%5c%2e%2e%5cetc%5cpasswd",
      "/..;/..;/etc/passwd",
      "/web/../data/loyang.db",
      "/js/../../../../../etc/passwd",
      "/js/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
      "/js/app.js%2f..%2f..%2f..%2fetc/passwd",
      "/index.html/..%2f..%2f..%2fetc/passwd",
      "//proc/self/root/etc/passwd",
      "//proc/self/cwd/data/loyang.db",
      "//proc/self/environ",
      "/" + db.string(),
      "/" + db.string() + "-wal",
      "/" + encode_slashes(db.string()),
      "/" + secret_file,
      "/%2e%2e/" + s.outside.path().filename().string() + "/secret.txt",
      "/leak.txt",
      "/leakdir/secret.txt",
      "/leakdir/",
      "/passwd",
      "/db",
      "/data/loyang.db",
      "/data/loyang.db-wal",
      "/.git/config",
      "/%2egit/config",
      "/.env",
      "/./index.html",
      "/etc/passwd",
      "http://127.0.0.1/../../etc/passwd",
      "*",
      std::string("/index.html\0.png", 16),
  };
  REQUIRE(targets.size() >= 40);
  for (const auto& target : targets) {
    INFO("target: " << target);
    const auto res = raw_get(port, target);
    REQUIRE(res);  // every request gets an answer
    CHECK((res->result() == http::status::not_found || res->result() == http::status::bad_request));
    CHECK(res->body().find("root:") == std::string::npos);
    CHECK(res->body().find(secret_text) == std::string::npos);
    CHECK(res->body().find("SQLite format") == std::string::npos);
    CHECK(res->body() != passwd);
    CHECK(res->body() != db_text);
    // HEAD gets the same refusal, and tells no size of the file either.
    const auto head = raw_get(port, target, "HEAD");
    REQUIRE(head);
    CHECK(head->result() == res->result());
  }
}

TEST_CASE("the web client's files are still served, by every legal spelling", "[server][http][static]") {
  site s;
  const auto port = s.server.port();
  const std::vector<std::pair<std::string, std::string>> served{
      {"/", "<!doctype html><title>test client</title>"},
      {"/index.html", "<!doctype html><title>test client</title>"},
      {"/?v=1", "<!doctype html><title>test client</title>"},
      {"/js/app.js", "console.log('hi');"},
      {"/js/app.js?v=2", "console.log('hi');"},
      {"/%6As/%61pp.js", "console.log('hi');"},
      {"/a%20b.txt", "a file with a space"},
      {"/alias.js", "console.log('hi');"},  // a symlink that stays inside the root
  };
  for (const auto& [target, body] : served) {
    INFO("target: " << target);
    const auto res = raw_get(port, target);
    REQUIRE(res);
    CHECK(res->result() == http::status::ok);
    CHECK(res->body() == body);
  }
}

TEST_CASE("a data directory inside the web root is never served", "[server][http][static]") {
  running_server s([](loyang::server::config& c) {
    c.data_dir = c.web_root / "data";
    write_file(c.data_dir / "index.html", "a harmless file, but in the data directory");
  });
  REQUIRE(fs::exists(s.get().database_file()));
  for (const char* target : {"/data/loyang.db", "/data/loyang.db-wal", "/data/", "/data/index.html"}) {
    INFO("target: " << target);
    const auto res = raw_get(s.port(), target);
    REQUIRE(res);
    CHECK(res->result() == http::status::not_found);
    CHECK(res->body().find("SQLite format") == std::string::npos);
  }
  CHECK(raw_get(s.port(), "/js/app.js")->result() == http::status::ok);
}
