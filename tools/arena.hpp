#pragma once
// `loyang arena`: bots against each other, in parallel, with win rates and their intervals.
#include <iosfwd>
#include <string>
#include <vector>

namespace loyang::tools {

/// `args` are the words after "arena": --seats L1,L2,... (levels, one per seat, 1-4 seats;
/// default easy,random), --games N (100), --seed S (1), --ruleset yucata|original,
/// --introductory, --threads T (the machine's cores), --json. Game i uses seed S+i and seats
/// rotated by i (seat j plays level L[(j+i) mod n]), so every level sits in every seat.
/// Writes per level: plays, wins (rank 1, ties included) with the 95% Wilson interval, the
/// average rank, final position (after loans) and loans; for solo games the levels reached and
/// the rulebook's ratings. The report depends on the arguments only, not on --threads.
/// The strong level: --playouts P, --candidates C (strong_options), --time-limit-ms MS (a clock
/// limit per decision: the report then depends on the machine); its wall time per decision
/// (median, p99, max) is reported. --playout-bench: no games, the strong bot's playouts per
/// second along --games games of easy bots (one thread). --hint-check (--hint-every N,
/// --judge-playouts J, --hint-playouts P): the server's hints along the games, judged against
/// the easy bot's choice by fresh playouts (hint_check.hpp).
/// Returns 0, 1 when a game did not finish or a bot sent an illegal command (or with
/// --hint-check, a first-round loan was hinted or the hints were worse on average), 2 for bad
/// arguments.
int run_arena(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace loyang::tools
