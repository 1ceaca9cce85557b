// store_bench: the SQLite store's two numbers (docs/benchmarks.md).
//
//   store_bench [--games G] [--dir DIR]      (--games 0: only the load times)
//
// 1. Durable commands/s: G games in play at once, like G rooms: each game has one command in
//    flight; when its done("") fires, a worker thread applies the game's next command and
//    appends it. Every command is committed (WAL, synchronous=FULL) before the next of its
//    game; group commit shares each fsync between the games.
// 2. Load time: a finished 4-player game (snapshot at its end + full log), and a 4-player
//    game in progress 63 commands after its latest snapshot, each loaded 200 times.
// Prints one JSON object.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <functional>
#include <future>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "loyang/engine/game.hpp"
#include "loyang/engine/random_play.hpp"
#include "loyang/persistence/sqlite_store.hpp"
#include "loyang/protocol/command_json.hpp"

namespace engine = loyang::engine;
namespace persistence = loyang::persistence;
using clock_type = std::chrono::steady_clock;

namespace {

struct game {
  persistence::game_record record;
  engine::state state;
  std::vector<std::pair<engine::player_id, engine::command>> script;  // the whole game
  std::size_t next = 0;
};

persistence::game_record record_for(std::int64_t id, const engine::options& o, std::uint64_t seed) {
  persistence::game_record r;
  r.id = id;
  r.options = o;
  r.seed = seed;
  r.status = persistence::game_status::active;
  r.creator = 1;
  r.seats.resize(static_cast<std::size_t>(o.players));
  r.seats[0].account_id = 1;
  for (std::size_t i = 1; i < r.seats.size(); ++i) r.seats[i].bot = true;
  return r;
}

std::vector<std::pair<engine::player_id, engine::command>> play_script(const engine::options& o,
                                                                       std::uint64_t seed) {
  std::vector<std::pair<engine::player_id, engine::command>> out;
  engine::state s = engine::new_game(o, seed);
  engine::rng bot(seed + 1);
  engine::play_out(s, bot, 100000, [&](const engine::state&, engine::player_id p,
                                       const engine::command& c) { out.emplace_back(p, c); });
  return out;
}

void wait_write(const std::function<void(persistence::write_done)>& start) {
  std::promise<std::string> p;
  auto f = p.get_future();
  start([&p](const std::string& e) { p.set_value(e); });
  if (const auto e = f.get(); !e.empty()) throw std::runtime_error("write failed: " + e);
}

// Applies the game's next command and builds what append_command takes.
std::pair<persistence::command_record, persistence::game_record> advance(game& g) {
  const auto& [p, c] = g.script[g.next++];
  if (engine::apply(g.state, p, c)) throw std::runtime_error("script command refused");
  persistence::command_record rec{g.record.id, g.state.version, p,
                                  loyang::protocol::command_to_json(c).dump(), 0};
  g.record.version = g.state.version;
  g.record.to_act = engine::to_act(g.state);
  if (g.state.current_phase == engine::phase::finished) {
    g.record.status = persistence::game_status::finished;
    g.record.result = {{"finished", true}};
  }
  return {rec, g.record};
}

double throughput(const std::filesystem::path& dir, int games, std::uint64_t& commands,
                  persistence::sqlite_store_stats& stats) {
  auto store = persistence::make_sqlite_store(dir);
  wait_write([&](auto d) { store->save_account({1, "bench", "h", 0}, d); });
  std::vector<game> all(static_cast<std::size_t>(games));
  for (int i = 0; i < games; ++i) {
    auto& g = all[static_cast<std::size_t>(i)];
    const engine::options o{2 + i % 3, engine::ruleset::yucata, false};
    g.record = record_for(i + 1, o, 1000 + static_cast<std::uint64_t>(i));
    g.state = engine::new_game(o, g.record.seed);
    g.script = play_script(o, g.record.seed);
    commands += g.script.size();
    wait_write([&](auto d) { store->save_game(g.record, d); });
  }

  // The "rooms": a worker applies a game's next command when its previous one is durable.
  std::mutex m;
  std::condition_variable cv;
  std::deque<std::size_t> ready;
  std::size_t finished = 0;
  for (std::size_t i = 0; i < all.size(); ++i) ready.push_back(i);
  const auto start = clock_type::now();
  std::thread worker([&] {
    std::unique_lock lock(m);
    while (finished < all.size()) {
      cv.wait(lock, [&] { return !ready.empty() || finished == all.size(); });
      while (!ready.empty()) {
        const auto i = ready.front();
        ready.pop_front();
        lock.unlock();
        auto& g = all[i];
        auto [rec, next] = advance(g);
        store->append_command(rec, next, g.state, [&, i](const std::string& e) {
          if (!e.empty()) std::abort();
          std::lock_guard l(m);
          if (all[i].next == all[i].script.size()) {
            ++finished;
          } else {
            ready.push_back(i);
          }
          cv.notify_one();
        });
        lock.lock();
      }
    }
  });
  worker.join();
  const double seconds = std::chrono::duration<double>(clock_type::now() - start).count();
  stats = store->stats();
  return seconds;
}

struct load_times {
  double median_ms = 0, mean_ms = 0;
  std::size_t log = 0;
};

load_times time_loads(persistence::sqlite_store& store, const persistence::game_record& r) {
  std::vector<double> ms;
  std::size_t log = 0;
  for (int i = 0; i < 200; ++i) {
    const auto t0 = clock_type::now();
    auto loaded = store.load_game(r);
    ms.push_back(std::chrono::duration<double, std::milli>(clock_type::now() - t0).count());
    log = loaded.log.size();
  }
  std::sort(ms.begin(), ms.end());
  double sum = 0;
  for (double x : ms) sum += x;
  return {ms[ms.size() / 2], sum / static_cast<double>(ms.size()), log};
}

}  // namespace

int main(int argc, char** argv) {
  int games = 256;
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "loyang-store-bench";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--games") games = std::stoi(argv[i + 1]);
    if (flag == "--dir") dir = argv[i + 1];
  }
  std::filesystem::remove_all(dir);

  std::uint64_t commands = 0;
  persistence::sqlite_store_stats stats;
  // --games 0: only the load times.
  const double seconds = games > 0 ? throughput(dir / "throughput", games, commands, stats) : 0.0;

  // Loading: one finished 4-player game, one in progress 63 commands past its snapshot.
  auto store = persistence::make_sqlite_store(dir / "load");
  wait_write([&](auto d) { store->save_account({1, "bench", "h", 0}, d); });
  const engine::options four{4, engine::ruleset::yucata, false};
  game done_game{record_for(1, four, 4242), engine::new_game(four, 4242), play_script(four, 4242), 0};
  game mid_game{record_for(2, four, 4343), engine::new_game(four, 4343), play_script(four, 4343), 0};
  mid_game.script.resize(std::min<std::size_t>(mid_game.script.size(), 64 * 5 + 63));
  for (auto* g : {&done_game, &mid_game}) {
    wait_write([&](auto d) { store->save_game(g->record, d); });
    while (g->next < g->script.size()) {
      const auto step = advance(*g);  // (no structured binding: clang 14 cannot capture one)
      wait_write([&](auto d) { store->append_command(step.first, step.second, g->state, d); });
    }
  }
  const auto finished = time_loads(*store, done_game.record);
  const auto mid = time_loads(*store, mid_game.record);
  store.reset();
  std::filesystem::remove_all(dir);

  std::cout << "{\"games_in_flight\": " << games << ", \"commands\": " << commands
            << ", \"seconds\": " << seconds
            << ", \"durable_commands_per_second\": "
            << (seconds > 0 ? static_cast<double>(commands) / seconds : 0.0)
            << ", \"transactions\": " << stats.transactions
            << ", \"largest_batch\": " << stats.largest_batch
            << ", \"checkpoints\": " << stats.checkpoints
            << ",\n \"load_finished_4p\": {\"commands\": " << finished.log
            << ", \"median_ms\": " << finished.median_ms << ", \"mean_ms\": " << finished.mean_ms
            << "},\n \"load_in_progress_4p\": {\"commands\": " << mid.log
            << ", \"median_ms\": " << mid.median_ms << ", \"mean_ms\": " << mid.mean_ms << "}}\n";
}
