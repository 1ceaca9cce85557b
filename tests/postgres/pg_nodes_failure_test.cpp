// Several nodes when PostgreSQL fails under them (issue 34, section 6), with servers in this
// process on a real PostgreSQL: an idle node's first write after `pg_ctl restart -m fast`; a
// node that lost its listening connection and cannot read back what it missed (it keeps
// trying, says it is not ready, and takes no token from memory meanwhile); writes PostgreSQL
// refuses or cannot take (stopped) change nothing in any node's memory; and login throttling
// and sign-up limits counted in the database, so two nodes allow what one would.
#include <catch2/catch.hpp>

#include <chrono>
#include <functional>
#include <thread>

#include "clock_helpers.hpp"
#include "server_fixture.hpp"
#include "store_fixture.hpp"

using namespace loyang::test;
namespace {

pg_cluster& cluster() { return *shared_pg_cluster(); }

std::string db_name(const std::string& url) {
  const auto start = url.find("@/") + 2;
  return url.substr(start, url.find('?') - start);
}

// Settings of a node on `url` named `node`.
std::function<void(loyang::server::config&)> node(const std::string& url, const std::string& name,
                                                  const std::function<void(loyang::server::config&)>& more = {}) {
  return [=](loyang::server::config& c) {
    if (more) more(c);
    c.database_url = url;
    c.node_name = name;
  };
}

http::status status_of(std::uint16_t port, const std::string& path, const std::string& token = "") {
  return api_get(port, path, token).status;
}

// Polls (at most 15 s) until `done()`.
bool eventually(const std::function<bool()>& done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return true;
}

bool ready(std::uint16_t port) { return status_of(port, "/readyz") == http::status::ok; }

api_answer logout(std::uint16_t port, const std::string& token) {
  return call_api(port, http::verb::delete_, "/api/sessions", std::nullopt, token);
}

// A login (or sign-up) as if from `address` (the test's nodes trust 127.0.0.1 as a proxy).
api_answer from(std::uint16_t port, const std::string& path, const std::string& name, const std::string& password,
                const std::string& address) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{http::verb::post, path, 11};
  req.set(http::field::host, "127.0.0.1");
  req.set("X-Forwarded-For", address);
  req.set(http::field::content_type, "application/json");
  req.body() = json{{"name", name}, {"password", password}}.dump();
  req.keep_alive(false);
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  return {res.result(), json::parse(res.body(), nullptr, false)};
}

}  // namespace

TEST_CASE("after pg_ctl restart -m fast, an idle node's next sign-up succeeds and /readyz is true",
          "[postgres][nodes][reconnect]") {
  store_backing where(store_kind::postgres);
  running_server a(node(where.url(), "node-a"));
  sign_up(a.port(), "early");
  cluster().restart_fast();
  // At once: the connections PostgreSQL closed are found before they are used.
  const auto created = call_api(a.port(), http::verb::post, "/api/accounts", json{{"name", "late"}, {"password", "correct horse"}});
  INFO(created.body.dump());
  CHECK(created.status == http::status::created);
  // Ready again once the listener is back and has read what it may have missed.
  CHECK(eventually([&] { return ready(a.port()); }));
  const auto login = call_api(a.port(), http::verb::post, "/api/sessions", json{{"name", "late"}, {"password", "correct horse"}});
  CHECK(login.status == http::status::created);
}

TEST_CASE("a node that cannot read back what it missed keeps trying, is not ready meanwhile, and takes no token "
          "another node revoked",
          "[postgres][nodes][resync]") {
  store_backing where(store_kind::postgres);
  const auto db = db_name(where.url());
  running_server b(node(where.url(), "node-b"));
  // Node A logs in as a role that may do what a node does but is no superuser, so that the
  // test can take rights back from it alone.
  cluster().psql(db, "CREATE ROLE node_a LOGIN; GRANT ALL ON ALL TABLES IN SCHEMA public TO node_a; "
                     "GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO node_a");
  auto url_a = where.url();
  url_a.replace(url_a.find("loyang@"), 7, "node_a@");
  running_server a(node(url_a, "node-a"));
  const auto ann = sign_up(a.port(), "ann");
  REQUIRE(status_of(a.port(), "/api/my/games", ann) == http::status::ok);
  REQUIRE(status_of(b.port(), "/api/my/games", ann) == http::status::ok);  // node B knows the token too
  const auto bob = sign_up(b.port(), "bob");

  // A's listening connection ends and cannot come back; what B does meanwhile A does not hear.
  cluster().psql(db, "ALTER ROLE node_a NOLOGIN; REVOKE SELECT ON server_secrets FROM node_a");
  cluster().end_sessions(db, "loyang node-a listener");
  CHECK(eventually([&] { return !ready(a.port()); }));
  CHECK(api_get(a.port(), "/readyz").body.value("reason", "") == "catching_up");
  REQUIRE(logout(b.port(), ann).status == http::status::ok);
  const auto game = api_post(b.port(), "/api/games", bob, {{"players", 2}});
  REQUIRE(game.status == http::status::created);
  const std::int64_t id = game.body["id"];
  // Not from memory: A asks the database (401 revoked, or 503 when it cannot ask), never 200.
  CHECK(status_of(a.port(), "/api/my/games", ann) != http::status::ok);

  // Back, but reading everything again fails (the daily secret is not readable): A tries again
  // and again, not ready until it succeeds.
  cluster().psql(db, "ALTER ROLE node_a LOGIN");
  CHECK(eventually([&] { return metric(a.port(), "loyang_resync_failures_total") >= 2; }));
  CHECK_FALSE(ready(a.port()));
  CHECK(status_of(a.port(), "/api/my/games", ann) == http::status::unauthorized);

  cluster().psql(db, "GRANT SELECT ON server_secrets TO node_a");
  CHECK(eventually([&] { return ready(a.port()); }));
  CHECK(metric(a.port(), "loyang_catching_up") == 0);
  CHECK(status_of(a.port(), "/api/my/games", ann) == http::status::unauthorized);
  CHECK(status_of(a.port(), game_path(id), bob) == http::status::ok);  // read back: the game B made
  bool listed = false;
  const auto games = api_get(a.port(), "/api/games", bob);
  for (const auto& g : games.body["games"]) listed = listed || g["id"] == id;
  CHECK(listed);
}

TEST_CASE("with PostgreSQL stopped a logout answers 503 and forgets nothing; retried once it is back, it ends the "
          "token on every node",
          "[postgres][nodes][restart]") {
  store_backing where(store_kind::postgres);
  running_server a(node(where.url(), "node-a"));
  running_server b(node(where.url(), "node-b"));
  const auto ann = sign_up(a.port(), "ann");
  REQUIRE(status_of(b.port(), "/api/my/games", ann) == http::status::ok);

  cluster().stop_immediate();
  const auto refused = logout(a.port(), ann);
  CHECK(refused.status == http::status::service_unavailable);
  CHECK(code_of(refused) == "storage_failed");
  // Meanwhile the token is neither taken from memory nor called bad: "try again".
  CHECK(eventually([&] { return metric(a.port(), "loyang_catching_up") == 1 && !ready(b.port()); }));
  const auto meanwhile = api_get(a.port(), "/api/my/games", ann);
  CHECK(meanwhile.status == http::status::service_unavailable);
  CHECK(code_of(meanwhile) == "storage_failed");
  const auto sign_up_meanwhile =
      call_api(a.port(), http::verb::post, "/api/accounts", json{{"name", "cat"}, {"password", "correct horse"}});
  CHECK(sign_up_meanwhile.status == http::status::service_unavailable);

  cluster().start();
  REQUIRE(eventually([&] { return ready(a.port()) && ready(b.port()); }));
  // The logout did not happen: the token works on both nodes, and the retry logs out.
  CHECK(status_of(a.port(), "/api/my/games", ann) == http::status::ok);
  CHECK(status_of(b.port(), "/api/my/games", ann) == http::status::ok);
  CHECK(logout(a.port(), ann).status == http::status::ok);
  CHECK(status_of(a.port(), "/api/my/games", ann) == http::status::unauthorized);
  CHECK(eventually([&] { return status_of(b.port(), "/api/my/games", ann) == http::status::unauthorized; }));
  // Nor the sign-up: the name is free.
  CHECK(call_api(b.port(), http::verb::post, "/api/accounts", json{{"name", "cat"}, {"password", "correct horse"}})
            .status == http::status::created);
}

TEST_CASE("a write PostgreSQL refuses changes nothing in any node's memory: logout, sign-up, password, vacation, "
          "relation, notification settings, notes",
          "[postgres][nodes][writes]") {
  store_backing where(store_kind::postgres);
  const auto db = db_name(where.url());
  running_server a(node(where.url(), "node-a"));
  running_server b(node(where.url(), "node-b"));
  const auto ann = sign_up(a.port(), "ann");
  sign_up(a.port(), "bob");
  const auto game = api_post(a.port(), "/api/games", ann, {{"players", 2}});
  REQUIRE(game.status == http::status::created);
  const std::int64_t id = game.body["id"];
  REQUIRE(status_of(b.port(), "/api/my/games", ann) == http::status::ok);
  cluster().psql(db, "CREATE FUNCTION loyang_test_refuse() RETURNS trigger LANGUAGE plpgsql AS "
                     "'BEGIN RAISE EXCEPTION ''refused by the test''; END'");
  // Every write of `table` fails (a trigger raises) while `attempt` runs; it must answer 503.
  const auto refusing = [&](const std::string& table, const std::function<api_answer()>& attempt) {
    cluster().psql(db, "CREATE TRIGGER refuse BEFORE INSERT OR UPDATE OR DELETE ON " + table +
                           " FOR EACH STATEMENT EXECUTE FUNCTION loyang_test_refuse()");
    const auto answer = attempt();
    cluster().psql(db, "DROP TRIGGER refuse ON " + table);
    INFO(table << ": " << answer.body.dump());
    CHECK(answer.status == http::status::service_unavailable);
    CHECK(code_of(answer) == "storage_failed");
  };
  // What both nodes answer to `path` before and after a refused write: the same.
  const auto unchanged = [&](const std::string& table, const std::string& path,
                             const std::function<api_answer()>& attempt) {
    const auto before_a = api_get(a.port(), path, ann).body, before_b = api_get(b.port(), path, ann).body;
    refusing(table, attempt);
    INFO(path);
    CHECK(api_get(a.port(), path, ann).body == before_a);
    CHECK(api_get(b.port(), path, ann).body == before_b);
  };

  SECTION("logout") {
    refusing("tokens", [&] { return logout(a.port(), ann); });
    CHECK(status_of(b.port(), "/api/my/games", ann) == http::status::ok);
    // Retried at once on the same node, before any other request could make it look the token
    // up again: not "not logged in" (the refused logout forgot nothing), and then it is over.
    CHECK(logout(a.port(), ann).status == http::status::ok);
    CHECK(status_of(a.port(), "/api/my/games", ann) == http::status::unauthorized);
    CHECK(eventually([&] { return status_of(b.port(), "/api/my/games", ann) == http::status::unauthorized; }));
  }
  SECTION("sign-up and password change") {
    refusing("accounts", [&] {
      return call_api(a.port(), http::verb::post, "/api/accounts", json{{"name", "cat"}, {"password", "correct horse"}});
    });
    refusing("accounts", [&] {
      return call_api(a.port(), http::verb::post, "/api/account/password",
                      json{{"old_password", "correct horse"}, {"new_password", "battery staple"}}, ann);
    });
    for (const auto port : {a.port(), b.port()}) {
      CHECK(call_api(port, http::verb::post, "/api/sessions", json{{"name", "ann"}, {"password", "correct horse"}})
                .status == http::status::created);
      CHECK(call_api(port, http::verb::post, "/api/sessions", json{{"name", "ann"}, {"password", "battery staple"}})
                .status == http::status::unauthorized);
      CHECK(call_api(port, http::verb::post, "/api/sessions", json{{"name", "cat"}, {"password", "correct horse"}})
                .status == http::status::unauthorized);
    }
    CHECK(call_api(a.port(), http::verb::post, "/api/accounts", json{{"name", "cat"}, {"password", "correct horse"}})
              .status == http::status::created);
  }
  SECTION("vacation, relation, settings, notes") {
    unchanged("vacations", "/api/account/vacation",
              [&] { return api_post(a.port(), "/api/account/vacation", ann, {{"days", 3}}); });
    unchanged("relations", "/api/account/relations",
              [&] { return call_api(a.port(), http::verb::put, "/api/account/friends/bob", json::object(), ann); });
    unchanged("notify_settings", "/api/account/notifications", [&] {
      return call_api(a.port(), http::verb::put, "/api/account/notifications", json{{"email_events", {"turn"}}}, ann);
    });
    unchanged("notes", game_path(id, "notes"),
              [&] { return call_api(a.port(), http::verb::put, game_path(id, "notes"), json{{"text", "x"}}, ann); });
  }
}

TEST_CASE("login throttling and sign-up limits hold across nodes: two nodes allow what one would",
          "[postgres][nodes][throttle]") {
  store_backing where(store_kind::postgres);
  hand_clock clock;  // stands still: no wait passes, no failure is forgiven
  const auto limits = [base = clock.settings()](loyang::server::config& c) {
    base(c);
    c.trusted_proxies = {"127.0.0.1"};
    c.signups_per_hour = 3;
  };
  running_server a(node(where.url(), "node-a", limits));
  running_server b(node(where.url(), "node-b", limits));
  REQUIRE(from(a.port(), "/api/accounts", "victim", "the right password", "198.51.100.1").status ==
          http::status::created);
  const auto hashes_before = metric(a.port(), "loyang_password_hashes_total") +
                             metric(b.port(), "loyang_password_hashes_total");
  // Round robin: every other guess to the other node. One address on one account has 5 free
  // failures and one more try; with the clock still, every later guess waits.
  int refused = 0, throttled = 0;
  for (int i = 0; i < 20; ++i) {
    const auto port = i % 2 == 0 ? a.port() : b.port();
    const auto answer = from(port, "/api/sessions", "victim", "guess " + std::to_string(i), "203.0.113.9");
    if (answer.status == http::status::unauthorized) ++refused;
    if (answer.status == http::status::too_many_requests) ++throttled;
  }
  const auto hashes = metric(a.port(), "loyang_password_hashes_total") +
                      metric(b.port(), "loyang_password_hashes_total") - hashes_before;
  INFO(refused << " refused, " << throttled << " throttled, " << hashes << " hashes");
  CHECK(refused == 6);  // each node counting alone: 12
  CHECK(throttled == 14);
  CHECK(hashes == 6);
  // The owner, from his own address, is not locked out by it.
  CHECK(from(b.port(), "/api/sessions", "victim", "the right password", "198.51.100.1").status ==
        http::status::created);

  // Sign-ups: 3 an hour from one address, whichever node takes them (one is used above).
  int created = 0;
  for (int i = 0; i < 6; ++i) {
    const auto port = i % 2 == 0 ? b.port() : a.port();
    const auto answer = from(port, "/api/accounts", "new" + std::to_string(i), "correct horse", "198.51.100.1");
    if (answer.status == http::status::created) ++created;
    if (answer.status != http::status::created) CHECK(code_of(answer) == "too_many_attempts");
  }
  CHECK(created == 2);  // each node counting alone: 5
}
