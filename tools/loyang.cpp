// `loyang`: the command-line tool. Subcommands: play (a scripted game), simulate (random games),
// arena (bots against each other).
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "arena.hpp"
#include "play_script.hpp"
#include "simulate.hpp"

namespace {

constexpr const char* help_text = R"(loyang - tools for the At the Gates of Loyang game server

Usage:
  loyang play [--trace] SCRIPT.json
                               play a scripted game ("-" reads the script from stdin)
  loyang play RECORD.json      replay a game record (GET /api/games/{id}/record) and check
                               its hash: exit 1 naming the first version that does not replay
  loyang simulate [--players N] [--games K] [--seed S] [--ruleset yucata|original]
                  [--introductory] [--check-legal] [--no-invariants] [--events]
                               play random games, checking the invariants after every command
  loyang arena [--seats L1,L2,...] [--games N] [--seed S] [--ruleset yucata|original]
               [--introductory] [--threads T] [--json]
               [--playouts P] [--candidates C] [--time-limit-ms MS] [--playout-bench]
               [--hint-check [--hint-every N] [--judge-playouts J] [--hint-playouts P]]
                               bots against each other: win rates per level (docs/bots.md)
  loyang --help                this text

play: the script is
  {"options": {"players": 2, "ruleset": "yucata", "introductory": false},
   "seed": 1, "setup": {...}, "commands": [{"player": 0, "cmd": {"type": "plant_home", "crop": "wheat"}}]}
  ("seed" and "setup" are optional; docs/protocol.md describes commands, setups and the state).
  Prints {"results": [{"ok": true} | {"ok": false, "error": {"code", "message"}}, ...],
          "state": <full state>}.
  Exit 0 when the script ran (rule errors included), 2 when it is unreadable or invalid.
  --trace first prints one line per command: {"command", "player", "cmd", "result",
  "version", "events": [every event, unredacted], "to_act", "legal": [commands of to_act[0]]},
  then the object above on one line.

simulate: defaults --players 2 --games 1 --seed 1 --ruleset yucata; game i uses seed S+i.
  --players 1 plays the solo game (not with --introductory).
  --check-legal also applies every listed legal command to a copy (slow).
  --no-invariants skips the invariant checks (to measure the engine alone).
  --events also collects every command's events, as the server does (adds "events": count).
  Prints {"games", "commands", "seconds", "games_per_second", "hash", "violations",
          "first_violations"}. Exit 0, 1 on any invariant violation, 2 on bad arguments.

arena: levels random, easy, strong and expert, one per seat (1-4 seats; default easy,random); defaults
  --games 100 --seed 1 --ruleset yucata, --threads the machine's cores. Game i uses seed S+i
  with the seats rotated by i. Prints per level the plays, wins with their 95% (Wilson)
  interval, average rank, final position (after loans) and loans; solo games also the levels
  reached and the rulebook's ratings (17 good, 18 very good, 19 master). --json: the same as
  one JSON object. The result does not depend on --threads. Exit 0, 1 when a game did not
  finish or a bot sent an illegal command, 2 on bad arguments.
  The strong bot: --playouts P per decision (default 400) over the easy bot's best
  --candidates C commands (4); --time-limit-ms MS also stops each search after MS (then the
  result depends on the machine). The expert: 3000 playouts over 12 commands, whatever
  --playouts and --candidates say. Their times per decision are reported (median, p99, max).
  --playout-bench: no games; along --games games of easy bots (for the --seats count of
  players) samples a full state from a seat's view at every 10th command and plays it out
  as the strong bot does, on one thread: playouts and commands per second.
  --hint-check: the games as above, and at every N-th decision (5) of a seat to act with a
  choice, the hint the server would give (bots::hint_options; --hint-playouts P instead) is
  compared with the easy bot's choice by J fresh playouts (1000) of both: the judged mean
  gain with its 95% interval, the hints judged worse by more than 0.5 level (solo) or 0.05,
  loans hinted (none may be in the first round). Exit 1 also when a first-round loan was
  hinted or, at the server's budget, the hints are worse on average (the interval below 0).
)";

int play(std::vector<std::string> args) {
  const bool trace = !args.empty() && args[0] == "--trace";
  if (trace) args.erase(args.begin());
  if (args.size() != 1) {
    std::cerr << "loyang play: give one script file, or - for stdin (see loyang --help)\n";
    return 2;
  }
  if (args[0] == "-") return loyang::tools::run_play(std::cin, std::cout, std::cerr, trace);
  std::ifstream file(args[0], std::ios::binary);
  if (!file) {
    std::cerr << "loyang play: cannot open " << args[0] << '\n';
    return 2;
  }
  return loyang::tools::run_play(file, std::cout, std::cerr, trace);
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
  if (command == "arena") return loyang::tools::run_arena(rest, std::cout, std::cerr);
  std::cerr << "loyang: unknown command " << command << " (see loyang --help)\n";
  return 2;
}
