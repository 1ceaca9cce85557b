// history_bench: what the history endpoint costs (server/src/history): rebuilding a game's log
// with its events when a game is loaded (replaying every command from the start), and one view
// at a version (replay to it, the view, the log, the answer's JSON text), over random finished
// 4-player games, at every version, for a seat's view and for "all". Times are the thread's CPU
// time (the machine may be shared). scripts/bench.sh runs it;
// docs/benchmarks.md records its output.
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "history/game_log.hpp"
#include "history/replay.hpp"
#include "loyang/engine/random_play.hpp"
#include "loyang/protocol/command_json.hpp"

namespace {

using namespace loyang;
// The thread's CPU time, not the wall clock: on a shared machine the wall clock counts the
// time other programs had the CPU.
struct cpu_clock {
  using time_point = double;  // milliseconds
  static double now() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
  }
};
using clock_type = cpu_clock;
double millis(double d) { return d; }

struct stats {
  std::vector<double> ms;
  void add(double v) { ms.push_back(v); }
  nlohmann::json json() {
    std::sort(ms.begin(), ms.end());
    double sum = 0;
    for (double v : ms) sum += v;
    const auto at = [&](double q) { return ms[std::min(ms.size() - 1, std::size_t(q * double(ms.size())))]; };
    return {{"n", ms.size()}, {"mean_ms", sum / double(ms.size())}, {"p50_ms", at(0.5)},
            {"p99_ms", at(0.99)}, {"max_ms", ms.back()}};
  }
};

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 10;
  const int players = argc > 2 ? std::atoi(argv[2]) : 4;
  if (games < 1 || players < 1 || players > 4) {
    std::fprintf(stderr, "usage: history_bench [games >= 1] [players 1-4]\n");
    return 2;
  }
  stats rebuild, seat_view, all_view, all_first;
  std::size_t versions = 0, log_bytes = 0, answer_bytes = 0;
  for (int g = 0; g < games; ++g) {
    engine::options opts;
    opts.players = players;
    const engine::state start = engine::new_game(opts, std::uint64_t(g + 1));
    engine::state s = start;
    engine::rng bot(std::uint64_t(g) * 7919 + 1);
    std::vector<persistence::logged_command> commands;
    engine::play_out(s, bot, 100000, [&](const engine::state& before, engine::player_id p, const auto& c) {
      commands.push_back({before.version + 1u, p, protocol::command_to_json(c).dump(),
                          1795000000 + std::int64_t(before.version)});
    });
    versions += commands.size();

    const auto t0 = clock_type::now();
    const auto log = server::history::game_log::rebuild(start, commands);
    rebuild.add(millis(clock_type::now() - t0));
    log_bytes += log.size() * sizeof(log[0]);  // each entry holds its command as the engine value

    using kind = server::history::viewer_choice::kind;
    for (std::uint32_t v = 0; v <= log.size(); ++v) {
      const auto t1 = clock_type::now();
      // As the server answers it: new_game, the replay, the view, the body's text.
      const auto view = server::history::view_text_at(
          engine::new_game(opts, std::uint64_t(g + 1)), log, v,
          {kind::seat, engine::player_id(v % std::uint32_t(players))});
      answer_bytes += view.size();
      seat_view.add(millis(clock_type::now() - t1));
      const auto t2 = clock_type::now();
      const auto all = server::history::view_text_at(engine::new_game(opts, std::uint64_t(g + 1)),
                                                      log, v, {kind::all});
      answer_bytes += all.size();
      // The first `all` of a game replays it whole to compute the unredacted log; later ones
      // read what that kept (game_log::unredacted_array_text).
      (v == 0 ? all_first : all_view).add(millis(clock_type::now() - t2));
    }
  }
  nlohmann::json out = {{"games", games},
                        {"players", players},
                        {"versions_per_game", double(versions) / games},
                        {"log_kib_per_game", double(log_bytes) / 1024.0 / games},
                        {"load_rebuild", rebuild.json()},
                        {"view_at_seat", seat_view.json()},
                        {"view_at_all", all_view.json()},
                        {"view_at_all_first_of_a_game", all_first.json()},
                        {"answer_kib_mean", double(answer_bytes) / 1024.0 / double(seat_view.ms.size() * 2)}};
  std::printf("%s\n", out.dump(2).c_str());
  return 0;
}
