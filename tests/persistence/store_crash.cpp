// Crash test of the store (not a Catch test; registered with CTest as persistence_crash).
//
//   store_crash [--seconds S] [--seed N]
//
// The parent runs rounds until S seconds have passed. Each round it starts itself as a child
// (`store_crash child DIR SEED`) that continues every game in DIR through make_sqlite_store
// and prints "ack GAME VERSION COMMAND-JSON" as each append's done("") fires (and "game ID"
// when a new game is stored). After a random delay the parent kills the child with SIGKILL,
// reads what it printed, reopens the store and checks: every acknowledged game and command is
// there, unchanged; every game loads (snapshot + log, hashes checked) and can go on.
// Exit status 0 when every round passed, 1 otherwise.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <future>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "loyang/engine/game.hpp"
#include "loyang/persistence/sqlite_store.hpp"
#include "loyang/protocol/command_json.hpp"
#include "temp_dir.hpp"

namespace engine = loyang::engine;
namespace persistence = loyang::persistence;
namespace protocol = loyang::protocol;

namespace {

constexpr int games_in_play = 12;

// write(2) of one whole line: lines from the writer thread and the main thread never mix,
// and nothing sits in a stdio buffer when SIGKILL arrives.
void emit(const std::string& line) {
  const std::string text = line + "\n";
  std::size_t done = 0;
  while (done < text.size()) {
    const auto n = ::write(STDOUT_FILENO, text.data() + done, text.size() - done);
    if (n <= 0) std::_Exit(3);
    done += static_cast<std::size_t>(n);
  }
}

std::int64_t now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// ---- child ------------------------------------------------------------------------------

struct child_game {
  persistence::game_record record;
  engine::state state;
  bool writing = false;
};

int run_child(const std::string& dir, std::uint64_t seed) {
  // Small snapshot and checkpoint intervals: kills land inside both too.
  persistence::sqlite_store_options options;
  options.snapshot_every = 16;
  options.checkpoint_pages = 100;
  auto store = persistence::make_sqlite_store(dir, options);
  auto catalog = store->load_catalog();
  if (catalog.accounts.empty()) {
    std::promise<std::string> p;
    store->save_account({1, "ada", "h", now()}, [&p](const std::string& e) { p.set_value(e); });
    if (!p.get_future().get().empty()) return 4;
  }
  std::mutex m;
  std::condition_variable cv;
  std::map<std::int64_t, child_game> games;
  std::int64_t next_id = 1;
  for (auto& g : catalog.games) {
    next_id = std::max(next_id, g.id + 1);
    if (g.status != persistence::game_status::active) continue;
    auto loaded = store->load_game(g);
    games[g.id] = {g, std::move(loaded.state), false};
  }
  engine::rng bot(seed);
  std::vector<engine::command> legal;
  for (;;) {
    std::unique_lock lock(m);
    // Keep games_in_play games going; start new ones as games finish.
    std::erase_if(games, [](const auto& kv) {
      return !kv.second.writing && kv.second.state.current_phase == engine::phase::finished;
    });
    while (static_cast<int>(games.size()) < games_in_play) {
      child_game g;
      g.record.id = next_id++;
      g.record.options = {2 + static_cast<int>(bot.below(3)), engine::ruleset::yucata, false};
      g.record.seed = bot.next();
      g.record.status = persistence::game_status::active;
      g.record.creator = 1;
      g.record.seats.resize(static_cast<std::size_t>(g.record.options.players));
      for (auto& s : g.record.seats) s.bot = true;
      g.record.created_at = g.record.updated_at = g.record.waiting_since = now();
      g.state = engine::new_game(g.record.options, g.record.seed);
      g.record.to_act = engine::to_act(g.state);
      g.writing = true;
      const auto id = g.record.id;
      store->save_game(g.record, [&, id](const std::string& e) {
        if (!e.empty()) std::_Exit(5);
        emit("game " + std::to_string(id));
        std::lock_guard l(m);
        games[id].writing = false;
        cv.notify_one();
      });
      games[id] = std::move(g);
    }
    bool queued = false;
    for (auto& [id, g] : games) {
      if (g.writing || g.state.current_phase == engine::phase::finished) continue;
      const engine::player_id p = g.state.active;
      engine::legal_commands(g.state, p, legal);
      if (legal.empty()) return 6;
      const auto c = legal[static_cast<std::size_t>(bot.below(legal.size()))];
      if (engine::apply(g.state, p, c)) return 7;
      persistence::command_record rec{id, g.state.version, p, protocol::command_to_json(c).dump(),
                                      now()};
      g.record.version = g.state.version;
      g.record.to_act = engine::to_act(g.state);
      if (g.state.current_phase == engine::phase::finished) {
        g.record.status = persistence::game_status::finished;
        g.record.result = {{"done", true}};
      }
      g.writing = true;
      queued = true;
      store->append_command(rec, g.record, g.state,
                            [&, id = id, v = rec.version, text = rec.cmd](const std::string& e) {
                              if (!e.empty()) std::_Exit(8);
                              emit("ack " + std::to_string(id) + " " + std::to_string(v) + " " + text);
                              std::lock_guard l(m);
                              games[id].writing = false;
                              cv.notify_one();
                            });
    }
    if (!queued) cv.wait(lock);
  }
}

// ---- parent -----------------------------------------------------------------------------

struct acked {
  std::map<std::int64_t, std::map<std::uint32_t, std::string>> commands;  // game -> v -> json
  std::map<std::int64_t, bool> games;
};

bool check_round(const std::string& dir, const acked& a, int round, std::uint64_t& total_commands) {
  auto store = persistence::make_sqlite_store(dir);
  const auto catalog = store->load_catalog();
  std::map<std::int64_t, persistence::game_record> by_id;
  for (const auto& g : catalog.games) by_id[g.id] = g;
  bool ok = true;
  auto fail = [&](const std::string& why) {
    std::cerr << "round " << round << ": " << why << "\n";
    ok = false;
  };
  for (const auto& [id, yes] : a.games) {
    if (!by_id.count(id)) fail("acknowledged game " + std::to_string(id) + " is missing");
  }
  for (const auto& [id, g] : by_id) {
    persistence::loaded_game loaded;
    try {
      loaded = store->load_game(g);
    } catch (const std::exception& e) {
      fail("game " + std::to_string(id) + " does not load: " + e.what());
      continue;
    }
    total_commands += loaded.log.size();
    if (const auto it = a.commands.find(id); it != a.commands.end()) {
      for (const auto& [v, text] : it->second) {
        if (v > loaded.log.size()) {
          fail("game " + std::to_string(id) + ": acknowledged command " + std::to_string(v) +
               " is missing (log ends at " + std::to_string(loaded.log.size()) + ")");
          break;
        }
        if (loaded.log[v - 1].cmd != text) {
          fail("game " + std::to_string(id) + ": command " + std::to_string(v) + " changed");
        }
      }
    }
    // The game goes on: someone has a legal command that applies.
    if (loaded.state.current_phase != engine::phase::finished) {
      const auto legal = engine::legal_commands(loaded.state, loaded.state.active);
      engine::state next = loaded.state;
      if (legal.empty() || engine::apply(next, loaded.state.active, legal.front())) {
        fail("game " + std::to_string(id) + " cannot continue");
      }
    }
  }
  return ok;
}

int run_parent(int seconds, std::uint64_t seed) {
  loyang::test::temp_dir tmp;
  const std::string dir = (tmp.path() / "data").string();
  engine::rng random(seed);
  acked a;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  int round = 0, failures = 0;
  std::uint64_t acks = 0, stored = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    ++round;
    int fds[2];
    if (::pipe(fds) != 0) return 1;
    const pid_t pid = ::fork();
    if (pid < 0) return 1;
    if (pid == 0) {
      ::dup2(fds[1], STDOUT_FILENO);
      ::close(fds[0]);
      ::close(fds[1]);
      const std::string seed_text = std::to_string(seed * 1000 + static_cast<std::uint64_t>(round));
      ::execl("/proc/self/exe", "store_crash", "child", dir.c_str(), seed_text.c_str(),
              static_cast<char*>(nullptr));
      std::_Exit(127);
    }
    ::close(fds[1]);
    // Read until killed: a reader thread, so the kill can come at any moment.
    std::string output;
    std::thread reader([&] {
      char buffer[65536];
      for (;;) {
        const auto n = ::read(fds[0], buffer, sizeof buffer);
        if (n <= 0) break;
        output.append(buffer, static_cast<std::size_t>(n));
      }
    });
    // The child needs a moment to open the store (longer under sanitizers); then a kill at a
    // random moment, sometimes very early.
    const auto delay = std::chrono::milliseconds(random.below(4) == 0 ? random.below(150)
                                                                       : 150 + random.below(900));
    std::this_thread::sleep_for(delay);
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    reader.join();
    ::close(fds[0]);
    if (!WIFSIGNALED(status)) {
      std::cerr << "round " << round << ": the child exited by itself, status "
                << (WIFEXITED(status) ? WEXITSTATUS(status) : -1) << "\n";
      ++failures;
      break;
    }
    std::istringstream lines(output);
    std::string line;
    while (std::getline(lines, line)) {
      if (lines.eof()) break;  // a line cut by the kill has no newline: never acknowledged
      std::istringstream in(line);
      std::string kind;
      std::int64_t id = 0;
      in >> kind >> id;
      if (kind == "game") {
        a.games[id] = true;
      } else if (kind == "ack") {
        std::uint32_t v = 0;
        in >> v;
        in.get();
        std::string text;
        std::getline(in, text);
        a.commands[id][v] = text;
        ++acks;
      }
    }
    stored = 0;
    if (!check_round(dir, a, round, stored)) ++failures;
    if (failures > 0) break;
  }
  std::cout << "store_crash: " << round << " rounds, " << acks << " acknowledged commands, "
            << stored << " commands stored after the last round, " << a.games.size() << " games, "
            << failures << " failed rounds\n";
  return failures == 0 && round > 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 3 && args[0] == "child") {
    try {
      return run_child(args[1], std::stoull(args[2]));
    } catch (const std::exception& e) {
      std::cerr << "child: " << e.what() << "\n";
      return 9;
    }
  }
  int seconds = 60;
  std::uint64_t seed = 1;
  for (std::size_t i = 0; i + 1 < args.size(); i += 2) {
    if (args[i] == "--seconds") seconds = std::stoi(args[i + 1]);
    if (args[i] == "--seed") seed = std::stoull(args[i + 1]);
  }
  return run_parent(seconds, seed);
}
