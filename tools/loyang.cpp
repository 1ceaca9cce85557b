// `loyang`: the command-line tool. Subcommands: play (a scripted game), simulate (random games).
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "play_script.hpp"
#include "simulate.hpp"

namespace {

constexpr const char* help_text = R"(loyang - tools for the At the Gates of Loyang game server

Usage:
  loyang play SCRIPT.json      play a scripted game ("-" reads the script from stdin)
  loyang play RECORD.json      replay a game record (GET /api/games/{id}/record) and check
                               its hash: exit 1 naming the first version that does not replay
  loyang simulate [--players N] [--games K] [--seed S] [--ruleset yucata|original]
                  [--introductory] [--check-legal] [--no-invariants]
                               play random games, checking the invariants after every command
  loyang --help                this text

play: the script is
  {"options": {"players": 2, "ruleset": "yucata", "introductory": false},
   "seed": 1, "setup": {...}, "commands": [{"player": 0, "cmd": {"type": "plant_home", "crop": "wheat"}}]}
  ("seed" and "setup" are optional; docs/protocol.md describes commands, setups and the state).
  Prints {"results": [{"ok": true} | {"ok": false, "error": {"code", "message"}}, ...],
          "state": <full state>}.
  Exit 0 when the script ran (rule errors included), 2 when it is unreadable or invalid.

simulate: defaults --players 2 --games 1 --seed 1 --ruleset yucata; game i uses seed S+i.
  --players 1 plays the solo game (not with --introductory).
  --check-legal also applies every listed legal command to a copy (slow).
  --no-invariants skips the invariant checks (to measure the engine alone).
  Prints {"games", "commands", "seconds", "games_per_second", "hash", "violations",
          "first_violations"}. Exit 0, 1 on any invariant violation, 2 on bad arguments.
)";

int play(const std::vector<std::string>& args) {
  if (args.size() != 1) {
    std::cerr << "loyang play: give one script file, or - for stdin (see loyang --help)\n";
    return 2;
  }
  if (args[0] == "-") return loyang::tools::run_play(std::cin, std::cout, std::cerr);
  std::ifstream file(args[0], std::ios::binary);
  if (!file) {
    std::cerr << "loyang play: cannot open " << args[0] << '\n';
    return 2;
  }
  return loyang::tools::run_play(file, std::cout, std::cerr);
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty()) {
    std::cerr << help_text;
    return 2;
  }
  const std::string& command = words[0];
  const std::vector<std::string> rest(words.begin() + 1, words.end());
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << help_text;
    return 0;
  }
  if (command == "play") return play(rest);
  if (command == "simulate") return loyang::tools::run_simulate(rest, std::cout, std::cerr);
  std::cerr << "loyang: unknown command " << command << " (see loyang --help)\n";
  return 2;
}
