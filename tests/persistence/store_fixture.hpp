#pragma once
// Test helpers for the SQLite store: waiting for a write, and a small "room" that plays a
// random game and appends every command the way the server does.
#include <catch2/catch.hpp>

#include <atomic>
#include <functional>
#include <future>
#include <memory>
#include <stdexcept>
#include <string>

#include "loyang/engine/game.hpp"
#include "loyang/persistence/sqlite_store.hpp"
#include "loyang/protocol/command_json.hpp"

namespace loyang::test {

namespace persistence = loyang::persistence;
namespace engine = loyang::engine;

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
    record.updated_at = rec.at;
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
