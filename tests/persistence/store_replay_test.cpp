// Loading a game = latest snapshot + the log after it, and it must equal the live state: at
// snapshot boundaries, mid-turn with undo history, and at the end. A stored game the engine
// no longer reproduces is refused with engine_mismatch.
#include <catch2/catch.hpp>

#include "loyang/engine/serialize.hpp"
#include "loyang/persistence/database.hpp"
#include "store_fixture.hpp"
#include "temp_dir.hpp"

using namespace loyang::test;
using loyang::persistence::make_sqlite_store;

namespace {

std::int64_t scalar(persistence::database& db, const std::string& sql) {
  auto s = db.prepare(sql);
  REQUIRE(s.step());
  return s.column_int64(0);
}

/// A finished (or long) game stored with snapshots every 8 commands.
struct stored_game {
  temp_dir tmp;
  live_game game{1, engine::options{3, engine::ruleset::yucata, false}, 99};
  stored_game(int commands = 100000) {
    persistence::sqlite_store_options o;
    o.snapshot_every = 8;
    auto s = make_sqlite_store(tmp.path(), o);
    add_creator(*s);
    game.save(*s);
    for (int i = 0; i < commands && !game.finished(); ++i) game.step(*s);
  }
  persistence::database db() { return persistence::database(tmp.path() / "loyang.db"); }
  void expect_mismatch() {
    auto s = make_sqlite_store(tmp.path());
    try {
      s->load_game(game.record);
      FAIL("the game loaded");
    } catch (const persistence::engine_mismatch& e) {
      CHECK(std::string(e.what()).rfind("engine_mismatch", 0) == 0);
    }
  }
};

}  // namespace

TEST_CASE("snapshot + log reload equals the live state at every point of a game",
          "[persistence][replay]") {
  for (auto o : {engine::options{2, engine::ruleset::yucata, false},
                 engine::options{4, engine::ruleset::original, false},
                 engine::options{3, engine::ruleset::yucata, true}}) {
    temp_dir tmp;
    persistence::sqlite_store_options so;
    so.snapshot_every = 8;
    auto s = make_sqlite_store(tmp.path(), so);
    add_creator(*s);
    live_game g(1, o, 1234 + static_cast<std::uint64_t>(o.players));
    g.save(*s);
    CHECK(s->load_game(g.record).state == g.state);  // version 0: no log, no snapshot
    int checked = 0, with_undo = 0, at_boundary = 0;
    std::atomic<int> failures{0};
    while (!g.finished()) {
      // Checked: every command near the start, both sides of snapshot boundaries, states with
      // undo history, and a sample; the rest is appended without waiting (faster: one fsync
      // for many).
      const auto v = g.state.version + 1;
      const bool sample = v < 12 || (v < 100 && (v % 8 <= 1 || v % 8 == 7)) ||
                          v % 32 <= 1 || v % 32 == 31 || v % 37 == 0;
      if (!sample) {
        g.step_nowait(*s, failures);
        if (g.state.undo_log.empty() || v % 5 != 0) continue;
        REQUIRE(wait_for([&](auto d) { s->save_game(g.record, d); }) == "");  // a barrier
      } else {
        g.step(*s);
      }
      const auto loaded = s->load_game(g.record);
      if (!(loaded.state == g.state)) FAIL("reloaded state differs at version " << v);
      REQUIRE(loaded.log.size() == v);
      ++checked;
      if (!g.state.undo_log.empty()) ++with_undo;
      if (v % 8 == 0) ++at_boundary;
    }
    CHECK(failures == 0);
    CHECK(checked > 30);
    CHECK(with_undo > 5);
    CHECK(at_boundary > 5);
    // A finished game is snapshotted at its end and still loads after a reopen.
    s.reset();
    s = make_sqlite_store(tmp.path());
    CHECK(s->load_game(g.record).state == g.state);
    persistence::database db(tmp.path() / "loyang.db");
    CHECK(scalar(db, "SELECT max(version) FROM snapshots") == g.state.version);
    CHECK(scalar(db, "SELECT count(*) FROM snapshots") == 1);  // older ones are replaced
  }
}

TEST_CASE("a snapshot whose hash does not match is refused", "[persistence][replay]") {
  stored_game g(45);  // latest snapshot at 40, five commands after it
  g.db().exec("UPDATE snapshots SET state_hash = state_hash + 1");
  g.expect_mismatch();
}

TEST_CASE("a snapshot whose bytes changed is refused", "[persistence][replay]") {
  stored_game g(45);
  {
    auto db = g.db();
    auto read = db.prepare("SELECT state FROM snapshots");
    REQUIRE(read.step());
    auto blob = read.column_blob(0);
    read.reset();
    SECTION("a changed value") {
      // The last byte is in the undo log's or the ranking's tail; a middle one is a pile card.
      blob[blob.size() / 2] = static_cast<std::byte>(static_cast<int>(blob[blob.size() / 2]) ^ 1);
    }
    SECTION("a format this engine does not read") { blob[3] = std::byte{0x7f}; }
    db.prepare("UPDATE snapshots SET state = ?1").bind(1, std::span<const std::byte>(blob)).run();
  }
  g.expect_mismatch();
}

TEST_CASE("a logged command that no longer applies is refused", "[persistence][replay]") {
  stored_game g(45);
  g.db().exec(R"(UPDATE commands SET command = '{"type": "plant_home", "crop": "wheat"}'
                 WHERE version = 43)");
  g.expect_mismatch();
}

TEST_CASE("a logged command that is not JSON is refused, also before the snapshot",
          "[persistence][replay]") {
  stored_game g(45);  // latest snapshot at 40: commands 1-40 are not replayed, only checked
  const auto version = GENERATE(12, 43);
  g.db().exec("UPDATE commands SET command = '{\"type\": ' WHERE version = " + std::to_string(version));
  auto s = make_sqlite_store(g.tmp.path());
  CHECK_THROWS_WITH(s->load_game(g.game.record),
                    Catch::Contains("command " + std::to_string(version) + " is not JSON"));
}

TEST_CASE("the loaded log holds every command's stored JSON text", "[persistence][replay]") {
  stored_game g(45);
  auto s = make_sqlite_store(g.tmp.path());
  const auto loaded = s->load_game(g.game.record);
  REQUIRE(loaded.log.size() == 45);
  auto db = g.db();
  auto read = db.prepare("SELECT version, command FROM commands ORDER BY version");
  std::size_t n = 0;
  while (read.step()) {
    const auto v = static_cast<std::uint32_t>(read.column_int64(0));
    REQUIRE(v == n + 1);
    CHECK(loaded.log[n].version == v);
    CHECK(loaded.log[n].cmd == std::string(read.column_text_view(1)));
    ++n;
  }
  CHECK(n == 45);
}

TEST_CASE("a replay that ends in another state than the stored one is refused",
          "[persistence][replay]") {
  stored_game g(45);
  g.db().exec("UPDATE games SET state_hash = state_hash + 1");
  g.expect_mismatch();
}

TEST_CASE("a log with a missing command is refused as corrupt", "[persistence][replay]") {
  stored_game g(45);
  g.db().exec("DELETE FROM commands WHERE version = 42");
  auto s = make_sqlite_store(g.tmp.path());
  CHECK_THROWS_WITH(s->load_game(g.game.record), Catch::Contains("no command 42"));
}

TEST_CASE("a game stored before rules editions existed (options without \"edition\") loads as edition 1",
          "[persistence][replay]") {
  // Rows written before issue 35 name no edition; such games were played under edition 1 and
  // must replay, and go on, under it (docs/rules-decisions.md, "Rules editions").
  temp_dir tmp;
  live_game g(1, engine::options{2, engine::ruleset::yucata, false, engine::first_edition}, 77);
  {
    persistence::sqlite_store_options o;
    o.snapshot_every = 8;
    auto s = make_sqlite_store(tmp.path(), o);
    add_creator(*s);
    g.save(*s);
    for (int i = 0; i < 30; ++i) g.step(*s);
  }
  persistence::database(tmp.path() / "loyang.db")
      .exec(R"(UPDATE games SET options = '{"players": 2, "ruleset": "yucata", "introductory": false}')");
  auto s = make_sqlite_store(tmp.path());
  const auto catalog = s->load_catalog();
  REQUIRE(catalog.games.size() == 1);
  CHECK(catalog.games[0].options.edition == engine::first_edition);
  CHECK(catalog.games[0].options == g.record.options);
  const auto loaded = s->load_game(catalog.games[0]);
  CHECK(loaded.state == g.state);
  CHECK(loaded.state.opts.edition == engine::first_edition);
}
