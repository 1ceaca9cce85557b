#include "recompute.hpp"

#include <exception>
#include <map>
#include <optional>
#include <ostream>

#include "../games/result.hpp"
#include "loyang/persistence/data_dir_lock.hpp"
#include "loyang/persistence/error.hpp"
#include "loyang/persistence/pg_store.hpp"
#include "loyang/persistence/sqlite_store.hpp"

namespace loyang::ratings {
namespace {

constexpr int exit_mismatch = 1;
constexpr int exit_bad_setup = 2;

std::string describe(const nlohmann::json& ranking) {
  std::string out;
  for (const auto& e : ranking) {
    if (!out.empty()) out += ", ";
    out += "seat " + e.value("player", nlohmann::json()).dump() + " rank " + e.value("rank", nlohmann::json()).dump();
  }
  return "[" + out + "]";
}

/// Why `stored` is not `replayed` (both result rankings), or nullopt when they agree: the same
/// seats in the same order with the same ranks, and the same scores where `stored` has them
/// (older results have none).
std::optional<std::string> differs(const nlohmann::json& stored, const nlohmann::json& replayed) {
  const auto mine = stored.is_array() ? stored : nlohmann::json::array();
  bool same = mine.size() == replayed.size();
  for (std::size_t i = 0; same && i < mine.size(); ++i) {
    const auto& s = mine[i];
    const auto& r = replayed[i];
    same = s.is_object() && s.value("player", nlohmann::json()) == r["player"] &&
           s.value("rank", nlohmann::json()) == r["rank"];
    for (const char* score : {"position", "cash", "vegetables"}) {
      if (same && s.contains(score)) same = s[score] == r[score];
    }
  }
  if (same) return std::nullopt;
  if (describe(mine) != describe(replayed)) {
    return std::string("the stored ranking ").append(describe(mine)).append(" is not the replay's ").append(describe(replayed));
  }
  return std::string("the stored scores ").append(mine.dump()).append(" are not the replay's ").append(replayed.dump());
}

// Messages are appended to a std::string, not built as "literal" + a temporary: GCC 12 misreads
// that as an overlapping copy once inlined here (-Wrestrict, GCC bug 105651).
std::optional<std::string> check(const game_loader& load, const game_record& g) {
  std::optional<persistence::loaded_game> loaded;
  try {
    loaded = load(g);
  } catch (const std::exception& e) {
    return std::string("does not replay: ") + e.what();
  }
  const bool over = loaded->state.current_phase == engine::phase::finished;
  const auto& result = g.result;
  const auto ended = result.is_object() ? result.value("ended", std::string("normally")) : std::string();
  if (ended == "normally") {
    if (!over) return std::string("its result says it ended normally, but the replay has not ended");
    return differs(result.value("ranking", nlohmann::json()), server::games::final_result(g, loaded->state)["ranking"]);
  }
  if (ended == "resigned" || ended == "timeout") {
    if (over) return "its result says it ended early (" + ended + "), but the replay ended by the rules";
    const auto seat = result.value("seat", nlohmann::json());
    if (!seat.is_number_integer() || seat.get<std::int64_t>() < 0 ||
        seat.get<std::int64_t>() >= static_cast<std::int64_t>(g.seats.size())) {
      return std::string("its result names no seat that lost: ").append(seat.dump());
    }
    const auto expected = server::games::ended_early(g, seat.get<engine::player_id>());
    return differs(result.value("ranking", nlohmann::json()), expected["ranking"]);
  }
  return std::string("its result cannot be read: ").append(result.dump());
}

const char* usage = "usage: loyang-server ratings [--data DIR | --database postgresql://...] [--json]\n";

/// Recomputes over `store`, prints the report and stops the store: the exit status.
int report_on(persistence::queued_store& store, bool json, std::ostream& out) {
  const auto report = recompute(store);
  store.stop();
  if (json) {
    out << report_json(report).dump() << '\n';
  } else {
    print_report(report, out);
  }
  return report.mismatches.empty() ? 0 : exit_mismatch;
}

int on_sqlite(const std::filesystem::path& data, bool json, std::ostream& out, std::ostream& err) {
  // Opening a store would create an empty database: a mistyped directory must not look empty.
  if (!std::filesystem::exists(data / "loyang.db")) {
    err << "loyang-server ratings: no database in " << data.string() << " (loyang.db)\n";
    return exit_bad_setup;
  }
  std::shared_ptr<const persistence::data_dir_lock> lock;
  try {
    lock = persistence::lock_data_dir(data);
  } catch (const persistence::error& e) {
    err << "loyang-server ratings: " << e.what()
        << "\nThe ratings are recomputed with the server stopped: stop it, then run this command again.\n";
    return exit_bad_setup;
  }
  return report_on(*persistence::make_sqlite_store(data), json, out);
}

// Apart from the migrations every store applies when it opens, the command only reads (the
// catalog, then each finished game, in read-only transactions), so the nodes may go on
// serving: there is no lock to take.
int on_postgres(const std::string& url, bool json, std::ostream& out, std::ostream& err) {
  // Opening a store would create the schema: a mistyped database must not look empty.
  if (persistence::pg_schema_version(url) == 0) {
    err << "loyang-server ratings: the PostgreSQL database holds no Loyang data (no schema; wrong database?)\n";
    return exit_bad_setup;
  }
  return report_on(*persistence::make_pg_store(url), json, out);
}

}  // namespace

recompute_report recompute(persistence::store& store) {
  return recompute(store.load_catalog(), [&store](const game_record& g) { return store.load_game(g); });
}

recompute_report recompute(const persistence::store::catalog& catalog, const game_loader& load) {
  recompute_report out;
  out.figures = compute(catalog.games);
  std::map<std::int64_t, std::string> names;
  for (const auto& a : catalog.accounts) names[a.id] = a.name;
  for (const auto& e : out.figures.elo.leaderboard()) {
    const auto name = names.find(e.account);
    out.leaderboard.push_back({e.rank, name == names.end() ? std::string("#").append(std::to_string(e.account)) : name->second,
                               e.rating, e.games});
  }
  for (const auto& g : catalog.games) {
    if (g.status != persistence::game_status::finished) continue;
    ++out.games_replayed;
    if (auto problem = check(load, g)) out.mismatches.push_back({g.id, std::move(*problem)});
  }
  return out;
}

nlohmann::json report_json(const recompute_report& r) {
  auto board = nlohmann::json::array();
  for (const auto& e : r.leaderboard) board.push_back({{"name", e.name}, {"rating", e.rating}, {"games", e.games}});
  auto mismatches = nlohmann::json::array();
  for (const auto& m : r.mismatches) mismatches.push_back({{"game", m.game}, {"problem", m.problem}});
  return {{"leaderboard", std::move(board)}, {"mismatches", std::move(mismatches)}, {"games_replayed", r.games_replayed}};
}

void print_report(const recompute_report& r, std::ostream& out) {
  out << r.figures.elo.rated_games() << " rated games, " << r.leaderboard.size() << " rated players; "
      << r.games_replayed << " finished games replayed, " << r.mismatches.size() << " mismatches\n";
  if (!r.leaderboard.empty()) out << "rank\tname\trating\tgames\n";
  for (const auto& e : r.leaderboard) out << e.rank << '\t' << e.name << '\t' << e.rating << '\t' << e.games << '\n';
  for (const auto& m : r.mismatches) out << "mismatch: game " << m.game << ": " << m.problem << '\n';
}

int ratings_command(const std::vector<std::string>& args, const std::filesystem::path& default_data,
                    std::ostream& out, std::ostream& err, const std::string& default_database) {
  std::filesystem::path data = default_data;
  std::optional<std::string> database;
  bool data_given = false;
  bool json = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string flag = args[i];
    std::optional<std::string> value;
    if (const auto eq = flag.find('='); eq != std::string::npos) {
      value = flag.substr(eq + 1);
      flag.resize(eq);
    }
    if (flag == "--json" && !value) {
      json = true;
    } else if (flag == "--data" || flag == "--database") {
      if (!value && i + 1 < args.size()) value = args[++i];
      if (!value || value->empty()) {
        err << usage;
        return exit_bad_setup;
      }
      if (flag == "--data") {
        data = *value;
        data_given = true;
      } else {
        database = *value;
      }
    } else {
      err << usage;
      return exit_bad_setup;
    }
  }
  if (data_given && database) {
    err << "loyang-server ratings: --data (SQLite) or --database (PostgreSQL), not both\n" << usage;
    return exit_bad_setup;
  }
  // LOYANG_DATABASE names the site's store as it does for the server, unless --data is given.
  if (!database && !data_given && !default_database.empty()) database = default_database;
  try {
    if (database) return on_postgres(*database, json, out, err);
    return on_sqlite(data, json, out, err);
  } catch (const persistence::error& e) {
    err << "loyang-server ratings: " << e.what() << '\n';
    return exit_bad_setup;
  }
}

}  // namespace loyang::ratings
