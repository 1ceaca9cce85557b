// Many threads append to their own games at once (on SQLite and on PostgreSQL): the writer
// groups their writes into shared transactions, every callback runs exactly once, in order per
// game; reads run meanwhile on their own connections; and an online backup of the live SQLite
// store opens.
#include <catch2/catch.hpp>

#include <atomic>
#include <map>
#include <mutex>
#include <thread>

#include "loyang/persistence/backup.hpp"
#include "store_fixture.hpp"
#include "temp_dir.hpp"

using namespace loyang::test;
using loyang::persistence::make_sqlite_store;

TEST_CASE("concurrent writers share group commits; callbacks fire once, in order per game",
          "[persistence][group_commit]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  persistence::sqlite_store_options o;
  o.snapshot_every = 16;
  o.checkpoint_pages = 50;  // background checkpoints run while writers and the reader go on
  auto s = where.open(o);
  add_creator(*s);

  constexpr int threads = 8, games_per_thread = 3, commands = 80;
  std::vector<std::unique_ptr<live_game>> games;
  for (int i = 0; i < threads * games_per_thread; ++i) {
    games.push_back(std::make_unique<live_game>(
        i + 1, engine::options{2 + i % 3, engine::ruleset::yucata, false}, 500 + i));
    games.back()->save(*s);
  }
  // A reader loading a stored game over and over while the writers run.
  live_game reference(1000, engine::options{2, engine::ruleset::yucata, false}, 7);
  reference.save(*s);
  for (int i = 0; i < 30; ++i) reference.step(*s);

  std::mutex m;
  std::map<std::int64_t, std::vector<std::uint32_t>> acked;  // game -> versions, callback order
  std::atomic<int> errors{0};
  std::atomic<bool> writing{true};
  std::atomic<int> loads{0};
  std::thread reader([&] {
    while (writing) {
      try {
        if (s->load_game(reference.record).state == reference.state) ++loads;
      } catch (const std::exception&) {
        ++errors;
      }
    }
  });
  std::vector<std::thread> writers;
  for (int t = 0; t < threads; ++t) {
    writers.emplace_back([&, t] {
      // Queue without waiting, as many rooms would: the writer batches what piles up.
      for (int n = 0; n < commands; ++n) {
        for (int k = 0; k < games_per_thread; ++k) {
          auto& g = *games[static_cast<std::size_t>(t * games_per_thread + k)];
          if (g.finished()) continue;
          auto [c, rec] = g.advance();
          s->append_command(c, rec, g.state, [&, id = c.game, v = c.version](const std::string& e) {
            if (!e.empty()) ++errors;
            std::lock_guard lock(m);
            acked[id].push_back(v);
          });
        }
      }
    });
  }
  for (auto& w : writers) w.join();
  s->stop();
  writing = false;
  reader.join();

  CHECK(errors == 0);
  CHECK(loads > 0);
  for (const auto& g : games) {
    const auto& versions = acked[g->record.id];
    REQUIRE(versions.size() == g->state.version);
    for (std::size_t i = 0; i < versions.size(); ++i) {
      if (versions[i] != i + 1) FAIL("game " << g->record.id << ": callback " << i << " was for version " << versions[i]);
    }
  }
  const auto stats = s->writer_counts();
  INFO("transactions " << stats.transactions << ", largest batch " << stats.largest_batch);
  CHECK(stats.largest_batch > 1);
  CHECK(stats.batches_over_one > 0);
  CHECK(stats.failed_writes == 0);
  if (where.kind() == store_kind::sqlite) CHECK(dynamic_cast<persistence::sqlite_store&>(*s).stats().checkpoints > 0);

  auto reopened = where.open();
  for (const auto& g : games) {
    if (!(reopened->load_game(g->record).state == g->state)) FAIL("game " << g->record.id << " differs");
  }
}

TEST_CASE("an online backup of a live store opens as a consistent copy", "[persistence][backup]") {
  temp_dir tmp;
  auto s = make_sqlite_store(tmp.path() / "data");
  add_creator(*s);
  live_game g(1, engine::options{4, engine::ruleset::yucata, false}, 3);
  g.save(*s);
  for (int i = 0; i < 20; ++i) g.step(*s);

  // Keep writing while the backups run.
  std::atomic<bool> busy{true};
  std::atomic<int> failed{0};
  std::thread writer([&] {
    while (busy && !g.finished()) {
      if (!g.try_step(*s).empty()) ++failed;
    }
  });
  for (int i = 0; i < 3; ++i) {
    persistence::backup_database(tmp.path() / "data", tmp.path() / "backup.db");
  }
  busy = false;
  writer.join();
  CHECK(failed == 0);

  CHECK_FALSE(std::filesystem::exists(tmp.path() / "backup.db.tmp"));
  // Restore as the README says: the copy becomes a data directory's loyang.db.
  std::filesystem::create_directories(tmp.path() / "restored");
  std::filesystem::copy_file(tmp.path() / "backup.db", tmp.path() / "restored" / "loyang.db");
  auto copy = make_sqlite_store(tmp.path() / "restored");
  const auto catalog = copy->load_catalog();
  REQUIRE(catalog.games.size() == 1);
  CHECK(catalog.games[0].version >= 20);
  const auto loaded = copy->load_game(catalog.games[0]);  // row, log and snapshot agree
  CHECK(loaded.log.size() == catalog.games[0].version);

  CHECK_THROWS_AS(persistence::backup_database(tmp.path() / "nowhere", tmp.path() / "x.db"),
                  persistence::error);
}
