// The PostgreSQL store against a real PostgreSQL: a restart under the store (writes fail with
// storage_failed, nothing acknowledged is lost, the same store writes again), migrations
// across reopens, engine_mismatch on tampered rows, and copy_sqlite_to_postgres.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <set>
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
  CHECK(persistence::pg_schema_version(where.url()) == 7);
  {
    auto s = where.open();
    const auto c = s->load_catalog();
    CHECK(c.daily_secret == secret);  // made once, by the first migration
    REQUIRE(c.accounts.size() == 1);
    CHECK(c.accounts[0].name == "ada");
  }
  CHECK(cluster().psql(db_name(where), "SELECT count(*) FROM loyang_schema") == "1\n");
  CHECK(cluster().psql(db_name(where), "SELECT compatible_from FROM loyang_schema") == "1\n");
  // A newer program's schema that contracted (dropped or changed) what this one uses.
  cluster().psql(db_name(where), "UPDATE loyang_schema SET version = 99, compatible_from = 99");
  CHECK_THROWS_WITH(where.open(), Catch::Contains("newer than this program knows (7) and needs a program of schema "
                                                  "version 99 or newer"));
}

TEST_CASE("rolling back: this program runs on the schema of a newer one whose migrations only added to it, and "
          "upgrades one the previous release migrated",
          "[postgres][migrations]") {
  store_backing where(store_kind::postgres);
  const auto db = db_name(where);
  {
    auto s = where.open();
    add_creator(*s);
    CHECK(dynamic_cast<persistence::pg_store&>(*s).schema_note().empty());
  }
  // The previous release's bookkeeping: no compatible_from, its version inserted alone.
  cluster().psql(db, "ALTER TABLE loyang_schema DROP COLUMN compatible_from");
  {
    auto s = where.open();
    CHECK(s->load_catalog().accounts.size() == 1);
  }
  CHECK(cluster().psql(db, "SELECT version, compatible_from FROM loyang_schema") == "7|1\n");

  // A newer release's expand migration: a new table, a column with a default, an index; it
  // says programs from schema 7 on may run on it.
  cluster().psql(db, "CREATE TABLE seasons (id BIGINT PRIMARY KEY, name TEXT NOT NULL); "
                     "ALTER TABLE games ADD COLUMN season_id BIGINT; "
                     "ALTER TABLE accounts ADD COLUMN locale TEXT NOT NULL DEFAULT 'en'; "
                     "CREATE INDEX games_season ON games(season_id); "
                     "UPDATE loyang_schema SET version = 8, compatible_from = 7");
  {
    auto s = where.open();
    const auto note = dynamic_cast<persistence::pg_store&>(*s).schema_note();
    CHECK(note.find("schema version 8 is newer than this program's (7); it runs on it") != std::string::npos);
    // This program serves it: accounts, games and commands written and read back.
    REQUIRE(wait_for([&](auto d) { s->save_account({2, "bea", "hash-bea", 100}, d); }) == "");
    live_game g(1, engine::options{2, engine::ruleset::original, false}, 7);
    g.save(*s);
    for (int i = 0; i < 5; ++i) {
      auto next = g.advance();
      REQUIRE(wait_for([&](auto d) { s->append_command(next.first, next.second, g.state, d); }) == "");
    }
    const auto c = s->load_catalog();
    CHECK(c.accounts.size() == 2);
    REQUIRE(c.games.size() == 1);
    CHECK(s->load_game(c.games[0]).state == g.state);
  }
  // Left as the newer program made it: not migrated back, not marked as this program's.
  CHECK(cluster().psql(db, "SELECT version, compatible_from FROM loyang_schema") == "8|7\n");
  CHECK(cluster().psql(db, "SELECT count(*) FROM accounts WHERE locale = 'en'") == "2\n");
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

namespace {

// What a store's watch() told, for a test thread to wait on.
struct heard {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<persistence::store::change> changes;
  int resyncs = 0;
  bool leader = false;

  persistence::store::watchers watchers() {
    return {[this](const persistence::store::change& c) {
              std::lock_guard lock(mutex);
              changes.push_back(c);
              changed.notify_all();
            },
            [this] {
              std::lock_guard lock(mutex);
              ++resyncs;
              changed.notify_all();
            },
            [this](bool on) {
              std::lock_guard lock(mutex);
              leader = on;
              changed.notify_all();
            },
            {}};
  }
  // Waits up to 10 s for `ok` (under the lock).
  template <class Pred>
  bool wait(Pred ok) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, std::chrono::seconds(10), [&] { return ok(*this); });
  }
};

std::unique_ptr<persistence::pg_store> open_node(const store_backing& where, const std::string& node) {
  persistence::pg_store_options o;
  o.node = node;
  return persistence::make_pg_store(where.url(), o);
}

bool has(const std::vector<persistence::store::change>& list, persistence::store::change::kind k, std::int64_t id,
         std::int64_t version) {
  return std::any_of(list.begin(), list.end(),
                     [&](const auto& c) { return c.what == k && c.id == id && c.version == version; });
}

}  // namespace

TEST_CASE("nodes on one database hear of each other's commits, never of their own, and one of them leads",
          "[postgres][nodes]") {
  using kind = persistence::store::change::kind;
  store_backing where(store_kind::postgres);
  heard at_a, at_b;  // outlive the stores, whose threads tell them
  auto a = open_node(where, "node-a");
  auto b = open_node(where, "node-b");
  a->watch(at_a.watchers());
  REQUIRE(at_a.wait([](auto& h) { return h.leader; }));  // alone: it leads
  b->watch(at_b.watchers());

  add_creator(*a);
  live_game g(1, engine::options{2, engine::ruleset::yucata, false}, 9);
  g.save(*a);
  for (int i = 0; i < 3; ++i) g.step(*a);
  REQUIRE(wait_for([&](auto done) { a->save_token("hash-1", 1, 100, std::move(done)); }) == "");
  REQUIRE(wait_for([&](auto done) { a->revoke_token("hash-1", std::move(done)); }) == "");
  REQUIRE(wait_for([&](auto done) { a->append_chat({7, 1, 1, "hello", 100}, {}, std::move(done)); }) == "");

  const bool chat_heard = at_b.wait([&](auto& h) { return has(h.changes, kind::chat, 1, 7); });
  {
    std::lock_guard lock(at_b.mutex);
    for (const auto& c : at_b.changes) UNSCOPED_INFO("heard " << int(c.what) << ' ' << c.id << ' ' << c.version);
  }
  REQUIRE(chat_heard);
  {
    std::lock_guard lock(at_b.mutex);
    CHECK(has(at_b.changes, kind::account, 1, 0));
    CHECK(has(at_b.changes, kind::game, 1, 0));  // the row, before any command
    for (std::int64_t v = 1; v <= 3; ++v) CHECK(has(at_b.changes, kind::game, 1, v));
    // In commit order: the game's versions come up one by one.
    std::int64_t last = -1;
    for (const auto& c : at_b.changes) {
      if (c.what != kind::game) continue;
      CHECK(c.version > last);
      last = c.version;
    }
    CHECK(at_b.changes.size() >= 8);  // account, game row, 3 commands, token, revoke, chat
    CHECK_FALSE(at_b.leader);         // a holds the lock
  }
  {
    std::lock_guard lock(at_a.mutex);
    CHECK(at_a.changes.empty());  // its own commits are not reported back
  }

  // What b reads of them.
  const auto part = b->load_catalog_part(1, 1);
  REQUIRE(part.games.size() == 1);
  CHECK(part.games[0].version == 3);
  CHECK(part.games[0].seats.size() == 2);
  REQUIRE(part.accounts.size() == 1);
  CHECK(part.accounts[0].name == "ada");
  CHECK(part.tokens.empty());  // revoked

  // The leader stops: the other takes over within a second or so.
  a->stop();
  CHECK(at_b.wait([](auto& h) { return h.leader; }));
}

TEST_CASE("id blocks: nodes get disjoint ids, after the largest stored", "[postgres][nodes]") {
  store_backing where(store_kind::postgres);
  auto a = open_node(where, "node-a");
  auto b = open_node(where, "node-b");
  add_creator(*a);  // account 1 exists
  const auto first = a->reserve_ids("accounts", 100);
  CHECK(first == 2);
  CHECK(b->reserve_ids("accounts", 100) == 102);
  CHECK(a->reserve_ids("games", 10) == 1);
  CHECK(b->reserve_ids("games", 10) == 11);
  CHECK_THROWS_AS(a->reserve_ids("nonsense", 1), persistence::error);
}

TEST_CASE("id blocks: a kind's first block comes after its largest small id; keyed game ids are not counted",
          "[postgres][nodes][ids]") {
  store_backing where(store_kind::postgres);
  auto a = open_node(where, "node-a");
  add_creator(*a);
  for (const std::int64_t id : {std::int64_t(3), persistence::first_keyed_id + 5}) {
    persistence::game_record g;
    g.id = id;
    g.options = {2, engine::ruleset::yucata, false};
    g.creator = 1;
    g.seats.resize(2);
    g.seats[0].account_id = 1;
    g.revision = 1;
    REQUIRE(wait_for([&](auto done) { a->save_game(g, std::move(done)); }) == "");
  }
  CHECK(a->reserve_ids("games", 10) == 4);
}

TEST_CASE("a game row written from an older revision is refused: two nodes seating two people at once keep both",
          "[postgres][nodes]") {
  store_backing where(store_kind::postgres);
  auto a = open_node(where, "node-a");
  auto b = open_node(where, "node-b");
  add_creator(*a);
  REQUIRE(wait_for([&](auto done) { a->save_account({2, "bob", "hash-bob", 100}, std::move(done)); }) == "");
  REQUIRE(wait_for([&](auto done) { a->save_account({3, "cid", "hash-cid", 100}, std::move(done)); }) == "");
  persistence::game_record open;
  open.id = 1;
  open.options = {3, engine::ruleset::yucata, false};
  open.creator = 1;
  open.seats.resize(3);
  open.seats[0].account_id = 1;
  open.revision = 1;
  REQUIRE(wait_for([&](auto done) { a->save_game(open, std::move(done)); }) == "");
  // Both nodes hold revision 1; each seats someone.
  auto at_a = open, at_b = open;
  at_a.seats[1].account_id = 2;
  ++at_a.revision;
  at_b.seats[2].account_id = 3;
  ++at_b.revision;
  CHECK(wait_for([&](auto done) { a->save_game(at_a, std::move(done)); }) == "");
  CHECK(wait_for([&](auto done) { b->save_game(at_b, std::move(done)); }) == "storage_failed");  // refused
  // b reads the row again and seats its person on what a stored.
  auto fresh = b->load_catalog_part(1, 0).games.at(0);
  CHECK(fresh.revision == 2);
  CHECK(fresh.seats[1].account_id == 2);
  fresh.seats[2].account_id = 3;
  ++fresh.revision;
  CHECK(wait_for([&](auto done) { b->save_game(fresh, std::move(done)); }) == "");
  const auto stored = a->load_catalog_part(1, 0).games.at(0);
  CHECK(stored.seats[1].account_id == 2);
  CHECK(stored.seats[2].account_id == 3);
  CHECK(stored.revision == 3);
}

TEST_CASE("a daily challenge is started once per account and day, though two nodes are asked at once",
          "[postgres][nodes]") {
  store_backing where(store_kind::postgres);
  auto a = open_node(where, "node-a");
  auto b = open_node(where, "node-b");
  add_creator(*a);
  const auto daily = [](std::int64_t id, const std::string& day) {
    persistence::game_record g;
    g.id = id;
    g.options = {1, engine::ruleset::yucata, false};
    g.creator = 1;
    g.status = persistence::game_status::active;
    g.seats.resize(1);
    g.seats[0].account_id = 1;
    g.extra = {{"daily", day}};
    g.revision = 1;
    return g;
  };
  // Sent to both nodes at the same moment: one is stored, the other refused daily_played.
  std::string first, second;
  std::promise<void> both;
  std::atomic<int> answers{0};
  const auto answered = [&] {
    if (++answers == 2) both.set_value();
  };
  a->save_game(daily(1, "2026-11-26"), [&](const std::string& e) { first = e; answered(); });
  b->save_game(daily(2, "2026-11-26"), [&](const std::string& e) { second = e; answered(); });
  REQUIRE(both.get_future().wait_for(std::chrono::seconds(20)) == std::future_status::ready);
  CHECK(std::set<std::string>{first, second} == std::set<std::string>{"", "daily_played"});
  const auto catalog = a->load_catalog();
  CHECK(catalog.games.size() == 1);
  // Again later, through either node: refused; the next day's, and the game's own later writes, are not.
  CHECK(wait_for([&](auto done) { b->save_game(daily(3, "2026-11-26"), std::move(done)); }) == "daily_played");
  CHECK(wait_for([&](auto done) { b->save_game(daily(4, "2026-11-27"), std::move(done)); }) == "");
  auto later = a->load_catalog_part(catalog.games.at(0).id, 0).games.at(0);
  ++later.revision;
  CHECK(wait_for([&](auto done) { a->save_game(later, std::move(done)); }) == "");
}
