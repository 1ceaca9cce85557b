// /readyz and loyang_store_ready: whether the store accepts writes, so that an orchestrator
// stops sending traffic to a node whose disk is full. The "disk" is filled for real: the
// database is capped (PRAGMA max_page_count, which SQLite answers with SQLITE_FULL exactly as
// it does a full disk) at the size it has when the server starts.
#include <spdlog/sinks/ringbuffer_sink.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <thread>

#include "loyang/persistence/database.hpp"
#include "server_fixture.hpp"

namespace loyang::test {
namespace {

std::string get_text(std::uint16_t port, const std::string& target) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1");
  req.keep_alive(false);
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  return res.body();
}

bool logged(const std::shared_ptr<spdlog::sinks::ringbuffer_sink_mt>& sink,
            const std::string& a, const std::string& b) {
  const auto lines = sink->last_formatted();
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) {
    return l.find(a) != std::string::npos && l.find(b) != std::string::npos;
  });
}

}  // namespace

TEST_CASE("readyz says not_ready while the disk is full, and ready once space returns",
          "[server][readyz]") {
  auto data = std::make_shared<temp_dir>();
  const auto dir = data->path() / "data";
  std::int64_t pages = 0;
  {
    // Room an operator can free later: a table of about 50 pages.
    auto db = persistence::database::open_in(dir);
    db.exec("CREATE TABLE filler(b BLOB); INSERT INTO filler VALUES (zeroblob(200000))");
    auto count = db.prepare("PRAGMA page_count");
    REQUIRE(count.step());
    pages = count.column_int64(0);
  }
  auto sink = std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(64);
  spdlog::default_logger()->sinks().push_back(sink);
  struct unhook {
    ~unhook() { spdlog::default_logger()->sinks().pop_back(); }
  } unhook_sink;

  running_server srv([&](server::config& c) { c.max_database_pages = pages; }, data);
  const auto port = srv.port();
  auto ready = call_api(port, http::verb::get, "/readyz");
  CHECK(ready.status == http::status::ok);
  CHECK(ready.body == json{{"status", "ready"}});
  CHECK(get_text(port, "/metrics").find("\nloyang_store_ready 1\n") != std::string::npos);

  // New accounts until the database cannot grow.
  api_answer refused{http::status::ok, {}};
  int created = 0;
  for (int i = 0; i < 500 && refused.status == http::status::ok; ++i) {
    auto a = call_api(port, http::verb::post, "/api/accounts",
                      json{{"name", "filler" + std::to_string(i)}, {"password", "long enough"}});
    if (a.status == http::status::created) {
      ++created;
    } else {
      refused = a;
    }
  }
  INFO("accounts created before the disk was full: " << created);
  REQUIRE(refused.status == http::status::service_unavailable);
  CHECK(refused.body["error"]["code"] == "disk_full");

  ready = call_api(port, http::verb::get, "/readyz");
  CHECK(ready.status == http::status::service_unavailable);
  CHECK(ready.body == json{{"status", "not_ready"}, {"reason", "disk_full"}});
  CHECK(get_text(port, "/metrics").find("\nloyang_store_ready 0\n") != std::string::npos);
  CHECK(call_api(port, http::verb::get, "/healthz").status == http::status::ok);  // alive
  // The log says what failed and why.
  CHECK(logged(sink, "saving account", "database or disk is full"));

  // The operator frees space; the store's probe finds it within a few seconds.
  {
    persistence::database db(dir / "loyang.db");
    db.exec("DROP TABLE filler");
  }
  for (int i = 0; i < 300 && ready.status != http::status::ok; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ready = call_api(port, http::verb::get, "/readyz");
  }
  CHECK(ready.status == http::status::ok);
  CHECK(get_text(port, "/metrics").find("\nloyang_store_ready 1\n") != std::string::npos);
  CHECK(logged(sink, "accepts writes again", "loyang.db"));
  CHECK(call_api(port, http::verb::post, "/api/accounts",
                 json{{"name", "after"}, {"password", "long enough"}})
            .status == http::status::created);
}

TEST_CASE("readyz answers only GET and HEAD", "[server][readyz]") {
  running_server srv([](server::config& c) { c.memory_only = true; });
  const auto a = call_api(srv.port(), http::verb::post, "/readyz");
  CHECK(a.status == http::status::method_not_allowed);
  CHECK(call_api(srv.port(), http::verb::get, "/readyz").status == http::status::ok);
}

}  // namespace loyang::test
