// `loyang simulate`: engine::play_random_games from the command line.
#include "simulate.hpp"
#include "cli_args.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>

#include <nlohmann/json.hpp>

#include "loyang/engine/random_play.hpp"

namespace loyang::tools {
namespace {

std::string hex64(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

/// The options, or nullopt after a message on `err`.
std::optional<engine::random_play_options> parse_args(const std::vector<std::string>& args, std::ostream& err) {
  engine::random_play_options opt;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_value = i + 1 < args.size();
    const auto bad = [&](const std::string& why) {
      err << "loyang simulate: " << why << " (see loyang --help)\n";
      return std::nullopt;
    };
    if (a == "--introductory") {
      opt.game.introductory = true;
    } else if (a == "--check-legal") {
      opt.check_legal_apply = true;
    } else if (a == "--no-invariants") {
      opt.check_invariants = false;
    } else if (a == "--events") {
      opt.collect_events = true;
    } else if (!has_value) {
      return bad(a == "--players" || a == "--games" || a == "--seed" || a == "--ruleset"
                     ? a + " needs a value"
                     : "unknown argument " + a);
    } else if (a == "--players") {
      const auto n = to_number<int>(args[++i]);
      if (!n || *n < 1 || *n > 4) return bad("--players must be 1, 2, 3 or 4");
      opt.game.players = *n;
    } else if (a == "--games") {
      const auto n = to_number<int>(args[++i]);
      if (!n || *n < 1) return bad("--games must be a positive number");
      opt.games = *n;
    } else if (a == "--seed") {
      const auto n = to_number<std::uint64_t>(args[++i]);
      if (!n) return bad("--seed must be a non-negative number");
      opt.seed = *n;
    } else if (a == "--ruleset") {
      const auto r = ruleset_named(args[++i]);
      if (!r) return bad("--ruleset must be yucata or original");
      opt.game.rules = *r;
    } else {
      return bad("unknown argument " + a);
    }
  }
  if (const auto e = engine::validate(opt.game)) {
    err << "loyang simulate: " << e->message << " (see loyang --help)\n";
    return std::nullopt;
  }
  return opt;
}

}  // namespace

int run_simulate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const auto opt = parse_args(args, err);
  if (!opt) return 2;
  const auto start = std::chrono::steady_clock::now();
  const engine::random_play_result r = engine::play_random_games(*opt);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  nlohmann::json report{{"games", r.games},
                              {"commands", r.commands},
                              {"seconds", seconds},
                              {"games_per_second", seconds > 0 ? r.games / seconds : 0.0},
                              {"hash", hex64(r.hash)},
                              {"violations", r.violations},
                              {"first_violations", r.first_violations}};
  if (opt->collect_events) report["events"] = r.events;
  out << report.dump(2) << '\n';
  return r.violations == 0 ? 0 : 1;
}

}  // namespace loyang::tools
