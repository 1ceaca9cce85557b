// The PostgreSQL store after PostgreSQL closed its connections while they were idle (issue 34,
// section 6): ended with pg_terminate_backend (what a restart does to an idle session, without
// the restart's wait) and with a real `pg_ctl restart -m fast`. The first write after it must
// succeed, and an idle store must reconnect by itself, so that /readyz's "ready" is true.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "loyang/persistence/pg_store.hpp"
#include "store_fixture.hpp"

using namespace loyang::test;
namespace {

pg_cluster& cluster() { return *shared_pg_cluster(); }

std::string db_name(const store_backing& b) {
  const auto& url = b.url();
  const auto start = url.find("@/") + 2;
  return url.substr(start, url.find('?') - start);
}

// A store as the server opens it (probe_every 500 ms), with one game of some commands.
struct store_with_game {
  store_backing where{store_kind::postgres};
  std::unique_ptr<persistence::pg_store> s = persistence::make_pg_store(where.url(), {});
  live_game g{1, engine::options{3, engine::ruleset::yucata, false}, 7};

  store_with_game() {
    add_creator(*s);
    g.save(*s);
    for (int i = 0; i < 3; ++i) g.step(*s);
  }
};

// Waits (at most 10 s, polling) until `done()`.
template <class Done>
bool eventually(Done done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return true;
}

}  // namespace

TEST_CASE("a write connection PostgreSQL closed while idle is replaced before the next write, which succeeds",
          "[postgres][reconnect]") {
  store_with_game t;
  cluster().end_sessions(db_name(t.where));
  // At once, before the idle check could have run: the write itself finds the closed connection.
  CHECK(t.g.try_step(*t.s) == "");
  CHECK(t.s->not_ready_reason() == std::nullopt);
  CHECK(t.s->load_game(t.g.record).state == t.g.state);
}

TEST_CASE("an idle store whose connections PostgreSQL closed reconnects by itself, without a write",
          "[postgres][reconnect]") {
  store_with_game t;
  const auto name = db_name(t.where);
  const auto writer = cluster().session_pids(name, "% writer");
  REQUIRE(!writer.empty());
  cluster().end_sessions(name);
  // The idle writer finds its connection closed (every probe_every) and opens a new one: a
  // node that says ready can write.
  CHECK(eventually([&] {
    const auto now = cluster().session_pids(name, "% writer");
    return !now.empty() && now != writer;
  }));
  CHECK(t.s->not_ready_reason() == std::nullopt);
}

TEST_CASE("after pg_ctl restart -m fast the first write of an idle store succeeds, and nothing is lost",
          "[postgres][reconnect]") {
  store_with_game t;
  cluster().restart_fast();
  CHECK(t.g.try_step(*t.s) == "");
  CHECK(t.s->not_ready_reason() == std::nullopt);
  const auto loaded = t.s->load_game(t.g.record);
  CHECK(loaded.state == t.g.state);
  CHECK(loaded.log.size() == t.g.state.version);
}

TEST_CASE("read connections PostgreSQL closed while they waited in the pool are dropped, not used: the next read "
          "succeeds",
          "[postgres][reconnect]") {
  store_with_game t;
  const auto name = db_name(t.where);
  // Several reads at once leave several connections in the pool.
  for (int round = 0; round < 20 && cluster().sessions(name) < 4; ++round) {
    std::vector<std::thread> readers;
    for (int i = 0; i < 4; ++i) {
      readers.emplace_back([&] {
        for (int j = 0; j < 5; ++j) t.s->load_catalog();
      });
    }
    for (auto& r : readers) r.join();
  }
  REQUIRE(cluster().sessions(name) >= 4);  // the writer and at least three pooled readers
  cluster().end_sessions(name);
  // Each read once: a read tried again on a second stale connection would fail.
  CHECK(t.s->load_catalog().games.size() == 1);
  CHECK(t.s->load_game(t.g.record).state == t.g.state);
  CHECK(t.s->find_account("ada", "") == 1);
}
