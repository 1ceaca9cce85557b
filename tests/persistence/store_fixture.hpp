#pragma once
// Test helpers for the durable stores: where a test's store lives (a SQLite directory or a
// PostgreSQL database, so one test runs against both), waiting for a write, and a small "room"
// that plays a random game and appends every command the way the server does.
#include <catch2/catch.hpp>

#include <atomic>
#include <functional>
#include <future>
#include <memory>
#include <stdexcept>
#include <string>

#include "loyang/engine/game.hpp"
#include "loyang/persistence/pg_store.hpp"
#include "loyang/persistence/sqlite_store.hpp"
#include "loyang/protocol/command_json.hpp"
#include "pg_cluster.hpp"
#include "temp_dir.hpp"

namespace loyang::test {

namespace persistence = loyang::persistence;
namespace engine = loyang::engine;

enum class store_kind { sqlite, postgres };

/// The PostgreSQL cluster the tests of this process share, started on first use; null when
/// PostgreSQL is not installed.
inline pg_cluster* shared_pg_cluster() {
  static const auto cluster = []() -> std::unique_ptr<pg_cluster> {
    const auto bin = pg_cluster::find_bin();
    if (!bin) return nullptr;
    return std::make_unique<pg_cluster>(*bin);
  }();
  return cluster.get();
}

/// Why a test of this program could not run here (a program it needs is not installed); empty
/// when none. The PostgreSQL tests' main then exits 77 (skipped) unless a test failed.
inline std::string& skipped_because() {
  static std::string why;
  return why;
}

/// Where one test's store lives: a temporary directory (SQLite) or a new database on the
/// shared cluster (PostgreSQL). open() may be called again for a reopen of the same data.
///
///     const auto kind = GENERATE(store_kind::sqlite, store_kind::postgres);
///     store_backing where(kind);
///     if (!where.available()) return;  // no PostgreSQL here (a warning says so)
///     auto s = where.open();
class store_backing {
 public:
  explicit store_backing(store_kind kind) : kind_(kind) {
    if (kind_ != store_kind::postgres) return;
    auto* cluster = shared_pg_cluster();
    if (cluster == nullptr) {
      WARN("PostgreSQL (initdb, pg_ctl) is not installed: the PostgreSQL half of this test is skipped");
      return;
    }
    static std::atomic<int> databases{0};
    url_ = cluster->create_database("store_" + std::to_string(++databases));
  }

  bool available() const { return kind_ == store_kind::sqlite || !url_.empty(); }
  store_kind kind() const { return kind_; }
  const std::string& url() const { return url_; }
  const std::filesystem::path& dir() const { return dir_.path(); }

  /// A store on this data, with `o` (PostgreSQL takes what both stores have).
  std::unique_ptr<persistence::queued_store> open(const persistence::sqlite_store_options& o = {}) const {
    if (kind_ == store_kind::sqlite) return persistence::make_sqlite_store(dir_.path(), o);
    persistence::pg_store_options po;
    static_cast<persistence::queued_store_options&>(po) = o;
    return persistence::make_pg_store(url_, po);
  }

 private:
  store_kind kind_;
  temp_dir dir_;
  std::string url_;
};

/// Starts a write with a callback and waits for it: the callback's error code.
inline std::string wait_for(const std::function<void(persistence::write_done)>& start) {
  auto p = std::make_shared<std::promise<std::string>>();
  auto f = p->get_future();
  start([p](const std::string& e) { p->set_value(e); });
  return f.get();
}

/// Account 1 ("ada"), who creates the test games.
inline void add_creator(persistence::store& s) {
  REQUIRE(wait_for([&](auto done) { s.save_account({1, "ada", "hash-ada", 100}, std::move(done)); }) == "");
}

/// A game in play: its record and live state, advanced by a random bot one command at a time.
struct live_game {
  persistence::game_record record;
  engine::state state;
  engine::rng bot;
  std::vector<engine::command> legal;

  live_game(std::int64_t id, engine::options o, std::uint64_t seed)
      : state(engine::new_game(o, seed)), bot(seed ^ 0x5bd1e995ULL) {
    record.id = id;
    record.options = o;
    record.seed = seed;
    record.status = persistence::game_status::active;
    record.creator = 1;
    record.seats.resize(static_cast<std::size_t>(o.players));
    record.seats[0].account_id = 1;
    for (std::size_t i = 1; i < record.seats.size(); ++i) record.seats[i].bot = true;
    record.created_at = record.updated_at = record.waiting_since = 1000 + id;
    record.to_act = engine::to_act(state);
  }

  /// Stores the game row (needs add_creator).
  void save(persistence::store& s) {
    ++record.revision;  // as the row will be once stored (PostgreSQL's fence)
    REQUIRE(wait_for([&](auto done) { s.save_game(record, std::move(done)); }) == "");
  }

  bool finished() const { return state.current_phase == engine::phase::finished; }

  /// Applies one random legal command (now and then an out-of-turn one) and returns what
  /// append_command needs: the command record and the updated game record.
  std::pair<persistence::command_record, persistence::game_record> advance() {
    engine::player_id p = state.active;
    if (bot.below(20) == 0) p = static_cast<engine::player_id>(bot.below(state.players.size()));
    engine::legal_commands(state, p, legal);
    if (legal.empty()) {
      p = state.active;
      engine::legal_commands(state, p, legal);
    }
    // No Catch assertions here: other threads call this (Catch2 v2 is not thread-safe).
    if (legal.empty()) throw std::logic_error("no legal command");
    const auto c = legal[static_cast<std::size_t>(bot.below(legal.size()))];
    if (engine::apply(state, p, c)) throw std::logic_error("a legal command was refused");
    persistence::command_record rec{record.id, state.version, p, protocol::command_to_json(c).dump(),
                                    2000 + state.version};
    record.version = state.version;
    ++record.revision;  // an appended command moves the row's revision on
    record.updated_at = rec.at;
    record.round = state.round;
    const auto acting = engine::to_act(state);
    if (acting != record.to_act) {
      record.to_act = acting;
      record.waiting_since = rec.at;
      record.clock = {{"changed_at", rec.at}};  // opaque to the store: kept as given
    }
    if (finished()) {
      record.status = persistence::game_status::finished;
      record.result = {{"ranking", state.ranking.size()}};
    }
    return {rec, record};
  }

  /// advance() and append, waiting until durable: the write's error code.
  std::string try_step(persistence::store& s) {
    const auto next = advance();  // (no structured binding: clang 14 cannot capture one)
    return wait_for([&](auto done) { s.append_command(next.first, next.second, state, std::move(done)); });
  }
  void step(persistence::store& s) { REQUIRE(try_step(s) == ""); }
  /// advance() and append without waiting; a failure bumps `failures`. A later write of the
  /// same game that was waited for implies this one is durable (commits are in order).
  void step_nowait(persistence::store& s, std::atomic<int>& failures) {
    auto [c, g] = advance();
    s.append_command(c, g, state, [&failures](const std::string& e) {
      if (!e.empty()) ++failures;
    });
  }
};

}  // namespace loyang::test
