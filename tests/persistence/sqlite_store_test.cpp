// The durable stores: every table round-trips through a reopen, writes out of order or after
// stop fail cleanly (these on SQLite and on PostgreSQL: store_backing); SQLite's bad files are
// refused and a full disk loses nothing acknowledged.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <mutex>
#include <sqlite3.h>

#include "loyang/persistence/database.hpp"
#include "loyang/persistence/migrations.hpp"
#include "store_fixture.hpp"
#include "temp_dir.hpp"

using namespace loyang::test;
using loyang::persistence::game_record;
using loyang::persistence::game_status;
using loyang::persistence::make_sqlite_store;

namespace {

void check_same(const game_record& a, const game_record& b) {
  INFO("game " << a.id);
  CHECK(a.id == b.id);
  CHECK(a.options == b.options);
  CHECK(a.seed == b.seed);
  CHECK(a.status == b.status);
  CHECK(a.creator == b.creator);
  CHECK(a.invited == b.invited);
  CHECK(a.watch == b.watch);
  REQUIRE(a.seats.size() == b.seats.size());
  for (std::size_t i = 0; i < a.seats.size(); ++i) {
    CHECK(a.seats[i].account_id == b.seats[i].account_id);
    CHECK(a.seats[i].bot == b.seats[i].bot);
  }
  CHECK(a.created_at == b.created_at);
  CHECK(a.updated_at == b.updated_at);
  CHECK(a.version == b.version);
  CHECK(a.to_act == b.to_act);
  CHECK(a.waiting_since == b.waiting_since);
  CHECK(a.round == b.round);
  CHECK(a.result == b.result);
  CHECK(a.clock == b.clock);
}

std::int64_t scalar(persistence::database& db, const std::string& sql) {
  auto s = db.prepare(sql);
  REQUIRE(s.step());
  return s.column_int64(0);
}

}  // namespace

TEST_CASE("accounts, tokens, games, seats and commands round-trip through a reopen",
          "[persistence][store]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  game_record open_game, finished_game;
  live_game active(2, engine::options{3, engine::ruleset::original, false}, 0xfedcba9876543210ULL);
  {
    auto s = where.open();
    CHECK(s->load_catalog().games.empty());
    add_creator(*s);
    CHECK(wait_for([&](auto d) { s->save_account({2, "grace", "hash-grace", 101}, d); }) == "");
    CHECK(wait_for([&](auto d) { s->save_token("t1", 1, 200, d); }) == "");
    CHECK(wait_for([&](auto d) { s->save_token("t2", 2, 201, d); }) == "");
    CHECK(wait_for([&](auto d) { s->save_token("t3", 1, 202, d); }) == "");
    CHECK(wait_for([&](auto d) { s->revoke_token("t3", d); }) == "");

    open_game.id = 1;
    open_game.options = {4, engine::ruleset::yucata, true};
    open_game.creator = 1;
    open_game.invited = {"grace", "linus"};
    open_game.watch = loyang::persistence::watch_policy::players;  // not the default
    open_game.seats.resize(4);
    open_game.seats[0].account_id = 1;
    open_game.seats[3].bot = true;
    open_game.created_at = 300;
    open_game.updated_at = 301;
    open_game.waiting_since = 300;
    open_game.revision = 1;
    CHECK(wait_for([&](auto d) { s->save_game(open_game, d); }) == "");
    // A seat taken later is an update of the same row.
    open_game.seats[1].account_id = 2;
    open_game.updated_at = 302;
    ++open_game.revision;
    CHECK(wait_for([&](auto d) { s->save_game(open_game, d); }) == "");

    active.save(*s);
    for (int i = 0; i < 10; ++i) active.step(*s);

    finished_game.id = 3;
    finished_game.options = {2, engine::ruleset::yucata, false};
    finished_game.status = game_status::cancelled;
    finished_game.round = 4;  // stored with the row too (the lobby's game rows)
    finished_game.creator = 2;
    finished_game.seats.resize(2);
    finished_game.result = {{"ranking", {{{"player", 0}, {"rank", 1}}}}};
    finished_game.clock = {{"control", {{"type", "none"}}}, {"seats", nlohmann::json::array()}};
    CHECK(wait_for([&](auto d) { s->save_game(finished_game, d); }) == "");
  }

  auto s = where.open();
  const auto catalog = s->load_catalog();
  REQUIRE(catalog.accounts.size() == 2);
  CHECK(catalog.accounts[0].id == 1);
  CHECK(catalog.accounts[0].name == "ada");
  CHECK(catalog.accounts[0].password_hash == "hash-ada");
  CHECK(catalog.accounts[0].created_at == 100);
  CHECK(catalog.accounts[1].name == "grace");
  auto tokens = catalog.tokens;
  std::sort(tokens.begin(), tokens.end());
  CHECK(tokens == std::vector<loyang::persistence::token_record>{{"t1", 1, 200, 200},
                                                                 {"t2", 2, 201, 201}});
  REQUIRE(catalog.games.size() == 3);
  check_same(catalog.games[0], open_game);
  check_same(catalog.games[1], active.record);
  check_same(catalog.games[2], finished_game);

  const auto loaded = s->load_game(active.record);
  CHECK(loaded.state == active.state);
  REQUIRE(loaded.log.size() == 10);
  for (std::size_t i = 0; i < loaded.log.size(); ++i) {
    CHECK(loaded.log[i].version == i + 1);
    CHECK(loaded.log[i].at == static_cast<std::int64_t>(2001 + i));
  }
  // Continuing the game after the reopen works.
  for (int i = 0; i < 3; ++i) active.step(*s);
  CHECK(s->load_game(active.record).state == active.state);
}

TEST_CASE("save_game keeps the log's version, options and seed once commands exist",
          "[persistence][store]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  auto s = where.open();
  add_creator(*s);
  live_game g(1, engine::options{2, engine::ruleset::yucata, false}, 77);
  g.save(*s);
  for (int i = 0; i < 5; ++i) g.step(*s);
  game_record stale = g.record;
  ++stale.revision;
  stale.version = 0;
  stale.seed = 1;
  stale.updated_at = 9999;
  if (where.kind() == store_kind::postgres) {
    // Several nodes may share it: a record made at another version than the stored one (a node
    // that had not seen another's commands) is refused, and the row is left as it was.
    CHECK(wait_for([&](auto d) { s->save_game(stale, d); }) == "storage_failed");
    CHECK(s->load_catalog().games.at(0).updated_at != 9999);
    stale.version = 5;
  }
  REQUIRE(wait_for([&](auto d) { s->save_game(stale, d); }) == "");
  const auto catalog = s->load_catalog();
  REQUIRE(catalog.games.size() == 1);
  CHECK(catalog.games[0].version == 5);
  CHECK(catalog.games[0].seed == 77);
  CHECK(catalog.games[0].updated_at == 9999);
  CHECK(s->load_game(g.record).state == g.state);
}

TEST_CASE("the version each seat last saw is stored, only ever moving forward",
          "[persistence][store][last_seen]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  game_record record;
  std::map<int, std::uint32_t> expected;
  {
    auto s = where.open();
    add_creator(*s);
    live_game g(1, engine::options{2, engine::ruleset::yucata, false}, 5);
    g.save(*s);
    CHECK(s->load_game(g.record).last_seen.empty());  // nobody looked yet
    for (int i = 0; i < 6; ++i) {
      const auto next = g.advance();  // (not a structured binding: clang 14 cannot capture one)
      const auto& c = next.first;
      const auto& rec = next.second;
      REQUIRE(wait_for([&](auto d) { s->append_command(c, rec, g.state, d); }) == "");
      expected[c.player] = c.version;  // a player has seen his own command's version
    }
    expected[1] = std::max(expected[1], std::uint32_t(4));
    record = g.record;
    // Seat 1 looked up to version 4; an older report (a second connection that saw less) is
    // not a step back.
    REQUIRE(wait_for([&](auto d) { s->save_last_seen(1, 1, 4, d); }) == "");
    REQUIRE(wait_for([&](auto d) { s->save_last_seen(1, 1, 2, d); }) == "");
    s->stop();
  }
  auto s = where.open();
  const auto seen = s->load_game(record).last_seen;
  std::map<int, std::uint32_t> by_seat;
  for (const auto& [seat, version] : seen) by_seat[seat] = version;
  CHECK(by_seat == expected);
}

TEST_CASE("a store on an empty directory creates the schema", "[persistence][store][migrations]") {
  temp_dir tmp;
  { auto s = make_sqlite_store(tmp.path() / "data"); }
  persistence::database db(tmp.path() / "data" / "loyang.db");
  CHECK(db.user_version() == persistence::latest_schema_version());
}

TEST_CASE("a newer schema or a file that is not SQLite is refused at open", "[persistence][store]") {
  temp_dir tmp;
  SECTION("newer schema") {
    {
      auto db = persistence::database::open_in(tmp.path());
      db.exec("PRAGMA user_version = " + std::to_string(persistence::latest_schema_version() + 1));
    }
    CHECK_THROWS_AS(make_sqlite_store(tmp.path()), persistence::error);
  }
  SECTION("garbage") {
    std::ofstream(tmp.path() / "loyang.db") << std::string(8192, 'x');
    try {
      make_sqlite_store(tmp.path());
      FAIL("garbage opened");
    } catch (const persistence::error& e) {
      CHECK(e.sqlite_code() == SQLITE_NOTADB);
    }
  }
}

TEST_CASE("a command out of order fails alone; the log keeps no gap", "[persistence][store]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  auto s = where.open();
  add_creator(*s);
  live_game g(1, engine::options{2, engine::ruleset::yucata, false}, 5);
  g.save(*s);
  g.step(*s);
  const auto next = g.advance();  // (not a structured binding: clang 14 cannot capture one)
  const auto& c = next.first;
  const auto& rec = next.second;
  auto skipped = c;
  skipped.version = c.version + 1;
  CHECK(wait_for([&](auto d) { s->append_command(skipped, rec, g.state, d); }) == "storage_failed");
  auto unknown = c;
  unknown.game = 42;
  CHECK(wait_for([&](auto d) { s->append_command(unknown, rec, g.state, d); }) == "storage_failed");
  CHECK(wait_for([&](auto d) { s->append_command(c, rec, g.state, d); }) == "");
  CHECK(s->load_game(g.record).state == g.state);
  CHECK(s->writer_counts().failed_writes == 2);
}

TEST_CASE("stop() finishes every queued write; later writes fail at once", "[persistence][store]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  auto s = where.open();
  add_creator(*s);
  std::atomic<int> ok{0};
  for (int i = 0; i < 300; ++i) {
    s->save_token("token-" + std::to_string(i), 1, i, [&ok](const std::string& e) {
      if (e.empty()) ++ok;
    });
  }
  s->stop();
  CHECK(ok == 300);
  CHECK(s->queue_depth() == 0);
  CHECK(wait_for([&](auto d) { s->save_token("late", 1, 0, d); }) == "storage_failed");
  s->stop();  // idempotent
  CHECK(where.open()->load_catalog().tokens.size() == 300);
}

TEST_CASE("a full disk fails commands with disk_full and half-writes nothing",
          "[persistence][store][disk_full]") {
  temp_dir tmp;
  live_game g(1, engine::options{4, engine::ruleset::yucata, false}, 31);
  std::uint32_t acknowledged = 0;
  engine::state at_ack;
  {
    auto s = make_sqlite_store(tmp.path());
    add_creator(*s);
    g.save(*s);
  }
  std::int64_t pages = 0;
  {
    persistence::database db(tmp.path() / "loyang.db");
    pages = scalar(db, "PRAGMA page_count");
  }
  {
    persistence::sqlite_store_options o;
    o.snapshot_every = 16;
    o.max_page_count = pages + 4;  // room for a few dozen commands and a snapshot or two
    auto s = make_sqlite_store(tmp.path(), o);
    std::string failure;
    while (failure.empty() && !g.finished()) {
      const auto next = g.advance();  // (not a structured binding: clang 14 cannot capture one)
      const auto& c = next.first;
      const auto& rec = next.second;
      failure = wait_for([&](auto d) { s->append_command(c, rec, g.state, d); });
      if (failure.empty()) {
        acknowledged = c.version;
        at_ack = g.state;
      }
    }
    CHECK(failure == "disk_full");
    CHECK(acknowledged > 0);
    // Other writes in the same state fail the same way, and the store keeps working.
    CHECK(wait_for([&](auto d) { s->save_account({2, std::string(20000, 'g'), "h", 0}, d); }) ==
          "disk_full");
  }
  auto s = make_sqlite_store(tmp.path());
  const auto catalog = s->load_catalog();
  REQUIRE(catalog.games.size() == 1);
  CHECK(catalog.games[0].version == acknowledged);
  const auto loaded = s->load_game(catalog.games[0]);
  CHECK(loaded.log.size() == acknowledged);
  CHECK(loaded.state == at_ack);
  persistence::database db(tmp.path() / "loyang.db");
  CHECK(scalar(db, "SELECT max(version) FROM commands") == acknowledged);
  CHECK(scalar(db, "SELECT count(*) FROM accounts") == 1);
}

TEST_CASE("a failing write in a batch fails alone; the rest of the batch commits",
          "[persistence][store][group_commit]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  auto s = where.open();
  add_creator(*s);
  live_game a(1, engine::options{2, engine::ruleset::yucata, false}, 11);
  live_game b(2, engine::options{3, engine::ruleset::yucata, false}, 12);
  a.save(*s);
  b.save(*s);
  // Queued without waiting, so they share transactions; every fourth write is refused.
  std::mutex m;
  std::vector<std::string> results;
  auto record = [&](std::size_t i) {
    return [&, i](const std::string& e) {
      std::lock_guard lock(m);
      if (results.size() <= i) results.resize(i + 1);
      results[i] = e.empty() ? "ok" : e;
    };
  };
  std::size_t n = 0;
  for (int round = 0; round < 30; ++round) {
    auto [ca, ra] = a.advance();
    s->append_command(ca, ra, a.state, record(n++));
    s->save_account({100 + round, "ada", "duplicate name", 0}, record(n++));
    auto [cb, rb] = b.advance();
    s->append_command(cb, rb, b.state, record(n++));
    s->save_token("tok-" + std::to_string(round), 1, round, record(n++));
  }
  s->stop();
  REQUIRE(results.size() == n);
  for (std::size_t i = 0; i < n; ++i) {
    INFO("write " << i);
    CHECK(results[i] == (i % 4 == 1 ? "storage_failed" : "ok"));
  }
  CHECK(s->writer_counts().largest_batch > 1);
  auto reopened = where.open();
  CHECK(reopened->load_game(a.record).state == a.state);
  CHECK(reopened->load_game(b.record).state == b.state);
  const auto catalog = reopened->load_catalog();
  CHECK(catalog.accounts.size() == 1);
  CHECK(catalog.tokens.size() == 30);
}
