// The web client as the server serves it (server/src/web/): a first visit loads the page, one
// linked script and one merged style sheet, compressed; everything but the page is named by its
// content and kept by the browser for a year, so a returning visitor asks for the page only;
// an edit of web/ shows at the next page load, without a restart.
#include <catch2/catch.hpp>

#include <zlib.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <thread>

#include "server_fixture.hpp"
#include "web/compress.hpp"
#include "web/js_bundle.hpp"

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using loyang::test::running_server;
using loyang::test::write_file;
namespace fs = std::filesystem;
using loyang::server::web::link_modules;

namespace {

using response = http::response<http::string_body>;

response get(std::uint16_t port, const std::string& target, const std::string& accept_encoding = "",
             const std::string& if_none_match = "") {
  net::io_context ioc;
  tcp::socket socket(ioc);
  socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1");
  if (!accept_encoding.empty()) req.set(http::field::accept_encoding, accept_encoding);
  if (!if_none_match.empty()) req.set(http::field::if_none_match, if_none_match);
  req.keep_alive(false);
  http::write(socket, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(8 << 20);
  http::read(socket, buffer, parser);
  return parser.release();
}

std::string gunzip(const std::string& packed) {
  z_stream z{};
  REQUIRE(inflateInit2(&z, 15 + 16) == Z_OK);
  std::string out(1 << 20, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packed.data()));
  z.avail_in = static_cast<uInt>(packed.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int status = inflate(&z, Z_FINISH);
  out.resize(z.total_out);
  inflateEnd(&z);
  REQUIRE(status == Z_STREAM_END);
  return out;
}

/// The first URL of the page matching `pattern` (a regex with one group).
std::string url_in(const std::string& page, const std::string& pattern) {
  std::smatch m;
  INFO(page);
  REQUIRE(std::regex_search(page, m, std::regex(pattern)));
  return m[1];
}

/// A small client: a page with two sheets and a module importing another, one module loaded
/// on demand, a small drawing and a large picture.
void write_client(const fs::path& web) {
  write_file(web / "index.html",
             "<!doctype html>\n<head>\n"
             "  <link rel=\"stylesheet\" href=\"/css/a.css\">\n"
             "  <link rel=\"stylesheet\" href=\"/css/b.css\">\n"
             "  <link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\n"
             "  <script type=\"module\" src=\"/js/main.js\"></script>\n</head>\n<body></body>\n");
  write_file(web / "js" / "main.js",
             "// The entry: long enough to be worth compressing." + std::string(300, ' ') + "\n"
             "import { twice, NAME as name } from \"./util.js\";\n"
             "import * as util from \"./util.js\";\n"
             "export function start() { return import(`./page.js`).then((p) => p.page(twice(2), name, util)); }\n");
  write_file(web / "js" / "util.js", "// helpers\nexport function twice(x) { return 2 * x; }\nexport const NAME = \"util\";\n");
  write_file(web / "js" / "page.js", "export async function page(n) { return n; }\n");
  write_file(web / "css" / "a.css", ".field { background: url(/img/dot.svg); }\n" + std::string(2000, ' ') + "\n");
  write_file(web / "css" / "b.css", ".photo { background: url(\"../img/big.png\"); }\n");
  write_file(web / "img" / "dot.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
  write_file(web / "img" / "big.png", std::string(6000, 'p'));
  write_file(web / "favicon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"1\"/></svg>");
}

}  // namespace

TEST_CASE("a first visit: the page, one linked script and one merged sheet, compressed, kept a year",
          "[server][http][web]") {
  fs::path web;
  running_server s([&web](loyang::server::config& c) {
    web = c.web_root;
    write_client(web);
  });
  const auto port = s.port();
  const auto page = get(port, "/");
  REQUIRE(page.result() == http::status::ok);
  CHECK(page[http::field::cache_control] == "no-cache");  // the page itself is asked for each visit
  const auto script = url_in(page.body(), "src=\"(/js/main\\.bundle\\.js\\?v=[0-9a-f]+)\"");
  const auto sheet = url_in(page.body(), "href=\"(/css/index\\.bundle\\.css\\?v=[0-9a-f]+)\"");
  CHECK(page.body().find("/css/a.css") == std::string::npos);  // the two sheets are one
  CHECK(page.body().find("/css/b.css") == std::string::npos);
  url_in(page.body(), "href=\"(/favicon\\.svg\\?v=[0-9a-f]+)\"");

  const auto plain = get(port, script);
  REQUIRE(plain.result() == http::status::ok);
  CHECK(plain[http::field::cache_control] == "public, max-age=31536000, immutable");
  CHECK(plain[http::field::content_type] == "text/javascript; charset=utf-8");
  CHECK(plain[http::field::content_encoding].empty());
  CHECK(plain.body().find("export ") == std::string::npos);
  CHECK(plain.body().find("function twice(x)") != std::string::npos);
  SECTION("gzip and brotli when asked for, the same bytes unpacked") {
    const auto gz = get(port, script, "gzip, deflate");
    CHECK(gz[http::field::content_encoding] == "gzip");
    CHECK(gz[http::field::vary] == "Accept-Encoding");
    CHECK(gunzip(gz.body()) == plain.body());
    CHECK(gz[http::field::etag] != plain[http::field::etag]);  // other bytes, another tag
    const auto br = get(port, script, "gzip, br");
    CHECK(br[http::field::content_encoding] == "br");
    CHECK(br.body().size() < plain.body().size());
    CHECK(get(port, script, "br;q=0, gzip")[http::field::content_encoding] == "gzip");
    CHECK(get(port, script, "identity")[http::field::content_encoding].empty());
  }
  SECTION("the version in the URL is what makes it kept; the tag answers 304") {
    const auto bare = script.substr(0, script.find('?'));
    CHECK(get(port, bare)[http::field::cache_control] == "no-cache");
    CHECK(get(port, bare + "?v=0")[http::field::cache_control] == "no-cache");
    CHECK(get(port, bare).body() == plain.body());
    const auto again = get(port, script, "", std::string(plain[http::field::etag]));
    CHECK(again.result() == http::status::not_modified);
    CHECK(again.body().empty());
  }
  SECTION("the sheet: both files, the small drawing written in, the large picture by version") {
    const auto css = get(port, sheet);
    CHECK(css[http::field::cache_control] == "public, max-age=31536000, immutable");
    CHECK(css.body().find(".field") != std::string::npos);
    CHECK(css.body().find(".photo") != std::string::npos);
    CHECK(css.body().find("url(\"data:image/svg+xml;base64,") != std::string::npos);
    const auto picture = url_in(css.body(), "url\\(\"?(/img/big\\.png\\?v=[0-9a-f]+)");
    const auto png = get(port, picture, "gzip");
    CHECK(png.body() == std::string(6000, 'p'));
    CHECK(png[http::field::content_encoding].empty());  // pictures are not packed again
    CHECK(png[http::field::cache_control] == "public, max-age=31536000, immutable");
  }
  SECTION("an edited module gives the page a new script, without a restart") {
    write_file(web / "js" / "page.js", "export async function page(n) { return n + 1; }\n");
    std::string next;
    for (int i = 0; i < 100 && (next.empty() || next == script); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      next = url_in(get(port, "/").body(), "src=\"(/js/main\\.bundle\\.js\\?v=[0-9a-f]+)\"");
    }
    CHECK(next != script);
    CHECK(get(port, next).body().find("return n + 1;") != std::string::npos);
  }
}

TEST_CASE("modules the linker cannot read are served one by one, still versioned and compressed",
          "[server][http][web]") {
  running_server s([](loyang::server::config& c) {
    write_client(c.web_root);
    write_file(c.web_root / "js" / "util.js", "export default function twice(x) { return 2 * x; }\n");
  });
  const auto page = get(s.port(), "/").body();
  const auto script = url_in(page, "src=\"(/js/main\\.js\\?v=[0-9a-f]+)\"");
  const auto main = get(s.port(), script, "gzip");
  CHECK(main[http::field::cache_control] == "public, max-age=31536000, immutable");
  CHECK(main[http::field::content_encoding] == "gzip");
  CHECK(gunzip(main.body()).find("import { twice, NAME as name } from \"./util.js\";") != std::string::npos);
  CHECK(get(s.port(), "/js/main.bundle.js").result() == http::status::not_found);
}

TEST_CASE("the linker: what it refuses, and the web client in web/ links whole", "[server][web]") {
  using sources = std::map<std::string, std::string>;
  auto error_of = [](const sources& s) { return link_modules(s, "js/main.js").error; };
  CHECK(error_of({{"js/main.js", "import x from \"./a.js\";\n"}, {"js/a.js", "export const x = 1;\n"}})
            .find("default import") != std::string::npos);
  CHECK(error_of({{"js/main.js", "import { y } from \"./a.js\";\n"}, {"js/a.js", "export const x = 1;\n"}})
            .find("imports y, which js/a.js does not export") != std::string::npos);
  CHECK(error_of({{"js/main.js", "import { x } from \"./b.js\";\n"}, {"js/a.js", "export const x = 1;\n"}})
            .find("not one of the modules") != std::string::npos);
  CHECK(error_of({{"js/main.js", "import { a } from \"./a.js\";\nexport const m = 1;\n"},
                  {"js/a.js", "import { m } from \"./main.js\";\nexport const a = 1;\n"}})
            .find("imports itself") != std::string::npos);
  CHECK(error_of({{"js/main.js", "export let counter = 0;\n"}}).find("only function, class and const") !=
        std::string::npos);
  CHECK(error_of({{"js/main.js", "export { a };\n"}}).find("only function, class and const") != std::string::npos);
  CHECK(error_of({{"js/main.js", "import { x } from \"https://cdn.example/x.js\";\n"}}).find("not one of the modules") !=
        std::string::npos);
  // Dynamic imports go through the loader, also in a nested directory.
  const auto nested = link_modules({{"js/main.js", "const p = import(\"./render/b.js\");\n"},
                                    {"js/render/b.js", "export function b() { return import (\"../main.js\"); }\n"}},
                                   "js/main.js");
  REQUIRE(nested.error.empty());
  CHECK(nested.code.find("__import(\"js/\", \"./render/b.js\")") != std::string::npos);
  CHECK(nested.code.find("__import(\"js/render/\", \"../main.js\")") != std::string::npos);

  // The real client: linked, or every first visit pays forty requests.
  sources client;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(LOYANG_WEB_DIR) / "js")) {
    if (entry.path().extension() != ".js") continue;
    std::ifstream in(entry.path());
    std::ostringstream text;
    text << in.rdbuf();
    client.emplace(entry.path().lexically_relative(LOYANG_WEB_DIR).generic_string(), text.str());
  }
  REQUIRE(client.size() > 20);
  const auto linked = link_modules(client, "js/main.js");
  CHECK(linked.error == "");
  CHECK(linked.modules == client.size());
}

TEST_CASE("Accept-Encoding: the coding chosen", "[server][web]") {
  using loyang::server::web::choose_coding;
  CHECK(choose_coding("gzip, deflate, br", true, true) == "br");
  CHECK(choose_coding("gzip, deflate, br", false, true) == "gzip");
  CHECK(choose_coding("GZIP", true, true) == "gzip");
  CHECK(choose_coding("br;q=0, gzip;q=0.5", true, true) == "gzip");
  CHECK(choose_coding("gzip;q=0", true, true) == "");
  CHECK(choose_coding("*", true, true) == "br");
  CHECK(choose_coding("br;q=0, *", true, true) == "gzip");  // named on its own, "*" does not undo it
  CHECK(choose_coding("identity", true, true) == "");
  CHECK(choose_coding("", true, true) == "");
  CHECK(loyang::server::web::gzip("").size() > 0);
}
