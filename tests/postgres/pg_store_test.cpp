// The PostgreSQL store against a real PostgreSQL: a restart under the store (writes fail with
// storage_failed, nothing acknowledged is lost, the same store writes again), migrations
// across reopens, engine_mismatch on tampered rows, and copy_sqlite_to_postgres.
#include <catch2/catch.hpp>

#include <chrono>
#include <sstream>
#include <thread>

#include "loyang/persistence/error.hpp"
#include "store_fixture.hpp"

using namespace loyang::test;
namespace {

pg_cluster& cluster() { return *shared_pg_cluster(); }

// The database name of a backing's URL ("postgresql://loyang@/NAME?host=...").
std::string db_name(const store_backing& b) {
  const auto& url = b.url();
  const auto start = url.find("@/") + 2;
  return url.substr(start, url.find('?') - start);
}

}  // namespace

TEST_CASE("PostgreSQL restarted under the store: writes fail meanwhile, then go on; nothing acknowledged is lost",
          "[postgres][restart]") {
  store_backing where(store_kind::postgres);
  auto s = where.open();
  add_creator(*s);
  live_game g(1, engine::options{3, engine::ruleset::yucata, false}, 42);
  g.save(*s);
  for (int i = 0; i < 20; ++i) g.step(*s);
  CHECK(s->load_game(g.record).state == g.state);  // a read connection waits in the pool

  cluster().stop_immediate();
  {
    const auto before = g;
    CHECK(g.try_step(*s) == "storage_failed");
    g = before;  // not acknowledged: the room would not have applied it
  }
  CHECK(s->not_ready_reason() == std::optional<std::string>("storage_failed"));
  CHECK_THROWS_AS(s->load_catalog(), persistence::error);

  cluster().start();
  // The writer reconnects by itself (on a write, or its idle probe), within its backoff.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  std::string result = "storage_failed";
  while (result != "" && std::chrono::steady_clock::now() < deadline) {
    const auto before = g;
    result = g.try_step(*s);
    if (result != "") {
      CHECK(result == "storage_failed");
      g = before;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  REQUIRE(result == "");
  CHECK(s->not_ready_reason() == std::nullopt);
  for (int i = 0; i < 10; ++i) g.step(*s);
  CHECK(s->load_game(g.record).state == g.state);  // the broken pooled reader was replaced

  s.reset();
  auto reopened = where.open();
  const auto loaded = reopened->load_game(g.record);
  CHECK(loaded.state == g.state);
  CHECK(loaded.log.size() == g.state.version);
}

TEST_CASE("migrations run once: reopening keeps the schema and the data; a newer schema is refused",
          "[postgres][migrations]") {
  store_backing where(store_kind::postgres);
  CHECK(persistence::pg_schema_version(where.url()) == 0);
  std::string secret;
  {
    auto s = where.open();
    add_creator(*s);
    secret = s->load_catalog().daily_secret;
  }
  CHECK(secret.size() == 64);
  CHECK(persistence::pg_schema_version(where.url()) == 1);
  {
    auto s = where.open();
    const auto c = s->load_catalog();
    CHECK(c.daily_secret == secret);  // made once, by the first migration
    REQUIRE(c.accounts.size() == 1);
    CHECK(c.accounts[0].name == "ada");
  }
  CHECK(cluster().psql(db_name(where), "SELECT count(*) FROM loyang_schema") == "1\n");
  cluster().psql(db_name(where), "UPDATE loyang_schema SET version = 99");
  CHECK_THROWS_WITH(where.open(), Catch::Contains("newer than this program knows"));
}

TEST_CASE("a tampered snapshot or game row is refused with engine_mismatch", "[postgres][replay]") {
  store_backing where(store_kind::postgres);
  persistence::sqlite_store_options o;
  o.snapshot_every = 8;
  live_game g(5, engine::options{2, engine::ruleset::original, false}, 7);
  {
    auto s = where.open(o);
    add_creator(*s);
    g.save(*s);
    for (int i = 0; i < 20; ++i) g.step(*s);
    CHECK(s->load_game(g.record).state == g.state);
  }
  cluster().psql(db_name(where), "UPDATE snapshots SET state_hash = state_hash + 1");
  CHECK_THROWS_AS(where.open()->load_game(g.record), persistence::engine_mismatch);
  cluster().psql(db_name(where), "DELETE FROM snapshots; UPDATE games SET state_hash = state_hash + 1");
  CHECK_THROWS_AS(where.open()->load_game(g.record), persistence::engine_mismatch);
}

TEST_CASE("copy-to-postgres copies a SQLite directory with played games, checked by replay; a second copy is "
          "refused",
          "[postgres][copy]") {
  store_backing from(store_kind::sqlite);
  std::vector<live_game> games;
  persistence::store::catalog before;
  {
    auto s = from.open();
    add_creator(*s);
    REQUIRE(wait_for([&](auto d) { s->save_token("token", 1, 150, d); }) == "");
    for (int i = 0; i < 3; ++i) {
      games.emplace_back(10 + i, engine::options{2 + i, engine::ruleset::yucata, false}, 100 + i);
      games.back().save(*s);
      const int steps = i == 0 ? 100000 : 30 + 40 * i;  // the first game to its end
      for (int n = 0; n < steps && !games.back().finished(); ++n) games.back().step(*s);
    }
    REQUIRE(games[0].finished());
    persistence::chat_record m{1, 10, 1, "hello", 500, 0, 0};
    REQUIRE(wait_for([&](auto d) { s->append_chat(m, {}, d); }) == "");
    persistence::outbox_record n{0, 1, "email", "turn-10-5", "{}", 600, 0, 600};
    REQUIRE(wait_for([&](auto d) { s->save_notify_settings(1, "{\"email\":true}", {n}, d); }) == "");
    before = s->load_catalog();
  }

  store_backing to(store_kind::postgres);
  std::ostringstream progress;
  const auto report = persistence::copy_sqlite_to_postgres(from.dir(), to.url(), progress);
  INFO(progress.str());
  CHECK(report.games == 3);
  std::int64_t commands = 0;
  for (const auto& g : games) commands += g.state.version;
  CHECK(report.commands == commands);

  auto s = to.open();
  const auto after = s->load_catalog();
  CHECK(after.daily_secret == before.daily_secret);
  CHECK(after.tokens == before.tokens);
  CHECK(after.max_chat_id == 1);
  REQUIRE(after.games.size() == 3);
  for (const auto& g : games) {
    const auto loaded = s->load_game(g.record);
    CHECK(loaded.state == g.state);
  }
  CHECK(s->queued_notifications() == 1);
  // The outbox's ids go on after the copied ones.
  persistence::outbox_record next{0, 1, "email", "turn-10-6", "{}", 700, 0, 700};
  REQUIRE(wait_for([&](auto d) { s->save_notify_settings(1, "{}", {next}, d); }) == "");
  CHECK(s->due_notifications(1000, 10).size() == 2);
  s.reset();

  CHECK_THROWS_WITH(persistence::copy_sqlite_to_postgres(from.dir(), to.url(), progress),
                    Catch::Contains("not empty"));
}
