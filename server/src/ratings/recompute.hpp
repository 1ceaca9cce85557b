#pragma once
/// `loyang-server ratings`: the ratings recomputed from the stored games, and every finished
/// game's stored result checked against a replay of its stored commands.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "loyang/persistence/store.hpp"
#include "summary.hpp"

namespace loyang::ratings {

/// A finished game whose stored result the replay does not give (or that does not replay).
struct mismatch {
  std::int64_t game = 0;
  std::string problem;  ///< one sentence
  bool operator==(const mismatch&) const = default;
};

/// A leaderboard line with the account's name.
struct named_entry {
  int rank = 0;
  std::string name;
  long rating = 0;
  int games = 0;
};

struct recompute_report {
  summary figures;
  std::vector<named_entry> leaderboard;
  std::vector<mismatch> mismatches;
  int games_replayed = 0;  ///< finished games checked
};

/// Rebuilds a finished game's state from its stored commands (store::load_game).
using game_loader = std::function<persistence::loaded_game(const game_record&)>;

/// Recomputes the figures from `catalog` (compute) and replays every finished game with
/// `load`. A game ended by its rules must rank the same seats in the same order with the same
/// ranks as games/result.cpp makes of the replayed state (and the same position, Cash and
/// vegetables where the result has them); a game ended early must replay to an unfinished
/// state and rank as games/result.cpp ranks it. A game `load` throws for is a mismatch.
recompute_report recompute(const persistence::store::catalog& catalog, const game_loader& load);

/// The same over everything in `store` (load_catalog, load_game). Blocking. Throws
/// persistence::error when the catalog cannot be read.
recompute_report recompute(persistence::store& store);

/// {"leaderboard": [{"name", "rating", "games"}], "mismatches": [{"game", "problem"}]}.
nlohmann::json report_json(const recompute_report& r);

/// The leaderboard (rank, name, rating, games) and one line per mismatch, for people.
void print_report(const recompute_report& r, std::ostream& out);

/// The command itself: `args` after "ratings" ([--data DIR | --database URL] [--json], also
/// --data=DIR, --database=URL). The store is the PostgreSQL database URL when --database is
/// given, or `default_database` (LOYANG_DATABASE) when it is not empty and --data is not
/// given; else the SQLite directory DIR, `default_data` when --data is absent. SQLite: takes
/// the directory's lock (the server must be stopped). PostgreSQL: only reads, and refuses a
/// database without Loyang's schema rather than creating it. Returns the exit status: 0 all
/// results replay, 1 a mismatch, 2 bad usage or a store that cannot be opened (the message
/// says why, on `err`).
int ratings_command(const std::vector<std::string>& args, const std::filesystem::path& default_data,
                    std::ostream& out, std::ostream& err, const std::string& default_database = "");

}  // namespace loyang::ratings
