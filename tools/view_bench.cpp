// view_bench: what one accepted command costs the server in building its viewers' patches
// (view_patcher::advance + reading every viewer's operations), over random 4-player games, and
// the parts of it (the public JSON, each seat's legal commands and their JSON, each seat's
// advice and its text), with the bytes of the operations and the longest legal list seen.
// scripts/bench.sh runs it; docs/benchmarks.md records its output.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "loyang/engine/random_play.hpp"
#include "loyang/protocol/advice.hpp"
#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/state_json.hpp"
#include "loyang/protocol/view_patcher.hpp"

namespace {

using namespace loyang;
using clock_type = std::chrono::steady_clock;

double micros(clock_type::duration d) {
  return std::chrono::duration<double, std::micro>(d).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 50;
  const int players = argc > 2 ? std::atoi(argv[2]) : 4;
  if (games < 1 || players < 1 || players > 4) {
    std::fprintf(stderr, "usage: view_bench [games >= 1] [players 1-4]\n");
    return 2;
  }
  // The states of the games first, so that the timings below hold only the JSON work.
  std::vector<std::vector<engine::state>> runs;
  std::size_t states = 0;
  for (int g = 0; g < games; ++g) {
    engine::options opts;
    opts.players = players;
    engine::state s = engine::new_game(opts, std::uint64_t(g + 1));
    engine::rng bot(std::uint64_t(g) * 7919 + 1);
    auto& run = runs.emplace_back();
    engine::play_out(s, bot, 100000,
                     [&run](const engine::state& before, auto, const auto&) { run.push_back(before); });
    run.push_back(s);
    states += run.size() - 1;
  }

  std::size_t bytes = 0;
  const auto t0 = clock_type::now();
  for (const auto& run : runs) {
    protocol::view_patcher views(run.front());
    for (std::size_t i = 1; i < run.size(); ++i) {
      views.advance(run[i]);
      for (int p = -1; p < int(run[i].players.size()); ++p)
        bytes += views.ops_text(p < 0 ? engine::no_player : engine::player_id(p)).size();
    }
  }
  const auto t1 = clock_type::now();
  const std::size_t ops_bytes = bytes;  // every viewer's operations, all commands
  for (const auto& run : runs)
    for (std::size_t i = 1; i < run.size(); ++i)
      bytes += protocol::view_to_json(run[i], engine::no_player).size();
  const auto t2 = clock_type::now();
  std::size_t legal = 0;
  for (const auto& run : runs)
    for (std::size_t i = 1; i < run.size(); ++i)
      for (std::size_t p = 0; p < run[i].players.size(); ++p)
        legal += engine::legal_commands(run[i], engine::player_id(p)).size();
  const auto t3 = clock_type::now();
  for (const auto& run : runs)
    for (std::size_t i = 1; i < run.size(); ++i)
      for (std::size_t p = 0; p < run[i].players.size(); ++p)
        for (const auto& c : engine::legal_commands(run[i], engine::player_id(p)))
          bytes += protocol::command_to_json(c).size();
  const auto t4 = clock_type::now();
  // The advice (advice.hpp): each legal command tried on a copy, the refusals of the seat to act.
  std::size_t previews = 0, largest_legal = 0;
  for (const auto& run : runs)
    for (std::size_t i = 1; i < run.size(); ++i)
      for (std::size_t p = 0; p < run[i].players.size(); ++p) {
        const auto seat = engine::player_id(p);
        const auto commands = engine::legal_commands(run[i], seat);
        previews += protocol::advise(run[i], seat, commands).legal.size();
        largest_legal = std::max(largest_legal, commands.size());
      }
  const auto t5 = clock_type::now();
  std::string text;
  for (const auto& run : runs)
    for (std::size_t i = 1; i < run.size(); ++i)
      for (std::size_t p = 0; p < run[i].players.size(); ++p) {
        const auto seat = engine::player_id(p);
        const auto a = protocol::advise(run[i], seat, engine::legal_commands(run[i], seat));
        text.clear();
        protocol::append_advice_json(text, a);
        bytes += text.size();
      }
  const auto t6 = clock_type::now();

  const double n = double(states);
  nlohmann::json out = {
      {"games", games},
      {"players", players},
      {"commands", states},
      {"advance_micros_per_command", micros(t1 - t0) / n},
      {"parts_micros_per_command",
       {{"public_json", micros(t2 - t1) / n},
        {"legal_commands_all_seats", micros(t3 - t2) / n},
        {"legal_commands_and_json_all_seats", micros(t4 - t3) / n},
        {"legal_commands_and_advice_all_seats", micros(t5 - t4) / n},
        {"legal_commands_advice_and_its_text_all_seats", micros(t6 - t5) / n}}},
      {"legal_commands_per_seat", double(legal) / n / double(players)},
      {"largest_legal_list", largest_legal},
      {"previews", previews},
      {"ops_bytes_per_command", double(ops_bytes) / n},
      {"checksum", bytes},
  };
  std::printf("%s\n", out.dump(2).c_str());
}
