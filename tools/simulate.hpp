#pragma once
// `loyang simulate`: random games with the invariants checked, as a benchmark and a smoke test.
#include <iosfwd>
#include <string>
#include <vector>

namespace loyang::tools {

/// `args` are the words after "simulate": --players N (2), --games K (1), --seed S (1),
/// --ruleset yucata|original (yucata), --introductory, --check-legal, --no-invariants, --events
/// (collect every command's events; the report then has "events": their count). Plays the games with
/// engine::play_random_games and writes one JSON object to `out`:
///   {"games", "commands", "seconds", "games_per_second", "hash" (16 hex digits),
///    "violations", "first_violations": [...]}.
/// Returns 0, 1 when any invariant was violated, 2 (message on `err`) for bad arguments.
int run_simulate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace loyang::tools
