// The binary's maintenance commands on PostgreSQL: `loyang-server ratings --database URL`
// recomputes and checks the same games exactly as `ratings --data DIR` does on SQLite, refuses
// a database without Loyang's schema (and leaves it so); `backup` refuses a PostgreSQL site and
// names PostgreSQL's own tools.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "store_fixture.hpp"

using namespace loyang::test;

namespace {

struct run_result {
  int status = -1;
  std::string out;
  std::string err;
};

std::string slurp(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Runs the server binary with `args` (shell words), with `env` (VAR=value words) as its only
/// Loyang settings in the environment.
run_result run_server(const std::string& args, const std::string& env = "") {
  temp_dir dir;
  const auto out = dir.path() / "out";
  const auto err = dir.path() / "err";
  const std::string cmd = "env -u LOYANG_DATA -u LOYANG_DATABASE " + env + " " + LOYANG_SERVER_BINARY + " " + args +
                          " >" + out.string() + " 2>" + err.string();
  INFO(cmd);
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

/// The result the server stores for a game its rules ended (games/result.cpp, nobody resigned).
nlohmann::json result_of(const engine::state& s) {
  auto ranking = nlohmann::json::array();
  for (const auto& r : s.ranking) {
    const auto better = std::count_if(s.ranking.begin(), s.ranking.end(),
                                      [&r](const engine::ranking_entry& o) { return o.rank < r.rank; });
    ranking.push_back({{"player", r.player},
                       {"rank", better + 1},
                       {"position", r.position},
                       {"cash", r.cash},
                       {"vegetables", r.vegetables}});
  }
  return {{"ended", "normally"}, {"ranking", ranking}, {"departures", nlohmann::json::array()}};
}

/// ada and bea, two rated games between them played to the end by the random bot, and one
/// running game. Game 2's stored ranking is wrong (its winner ranked second): one mismatch.
void fill(persistence::queued_store& s) {
  add_creator(s);
  REQUIRE(wait_for([&](auto done) { s.save_account({2, "bea", "hash-bea", 100}, std::move(done)); }) == "");
  const std::vector<std::vector<std::int64_t>> seats{{1, 2}, {2, 1}, {1, 2}};
  for (std::int64_t id = 1; id <= 3; ++id) {
    live_game g(id, engine::options{2, engine::ruleset::yucata, false}, 40 + static_cast<std::uint64_t>(id));
    for (std::size_t i = 0; i < 2; ++i) {
      g.record.seats[i].account_id = seats[static_cast<std::size_t>(id - 1)][i];
      g.record.seats[i].bot = false;
    }
    g.save(s);
    if (id == 3) {
      for (int i = 0; i < 20; ++i) g.step(s);
      continue;
    }
    while (!g.finished()) g.step(s);
    auto ended = g.record;
    ended.status = persistence::game_status::finished;
    ended.extra = {{"rated", true}};
    ended.result = result_of(g.state);
    if (id == 2) ended.result["ranking"][0]["rank"] = 2;
    ++ended.revision;
    REQUIRE(wait_for([&](auto done) { s.save_game(ended, std::move(done)); }) == "");
  }
  s.stop();
}

}  // namespace

TEST_CASE("loyang-server ratings --database: the same report as on SQLite, exit 1 on a mismatch",
          "[postgres][server][ratings]") {
  store_backing sqlite(store_kind::sqlite);
  fill(*sqlite.open());
  store_backing pg(store_kind::postgres);
  fill(*pg.open());

  const auto on_sqlite = run_server("ratings --data " + sqlite.dir().string());
  const auto on_pg = run_server("ratings '--database=" + pg.url() + "'");
  CHECK(on_sqlite.status == 1);
  CHECK(on_pg.status == 1);
  CHECK_THAT(on_pg.out, Catch::Contains("2 finished games replayed, 1 mismatches") &&
                            Catch::Contains("mismatch: game 2: the stored ranking"));
  CHECK(on_pg.out == on_sqlite.out);
  CHECK(on_pg.err.empty());

  const auto json_sqlite = run_server("ratings --json --data=" + sqlite.dir().string());
  const auto json_pg = run_server("ratings --json --database '" + pg.url() + "'");
  CHECK(json_pg.status == 1);
  const auto report = nlohmann::json::parse(json_pg.out);
  CHECK(report == nlohmann::json::parse(json_sqlite.out));
  CHECK(report["leaderboard"].size() == 2);
  REQUIRE(report["mismatches"].size() == 1);
  CHECK(report["mismatches"][0]["game"] == 2);

  // LOYANG_DATABASE names the store as it does for the server; an explicit --data wins.
  const auto from_env = run_server("ratings --json", "'LOYANG_DATABASE=" + pg.url() + "'");
  CHECK(from_env.status == 1);
  CHECK(nlohmann::json::parse(from_env.out) == report);
  const auto data_wins =
      run_server("ratings --json --data " + sqlite.dir().string(), "LOYANG_DATABASE=postgresql://nobody@/nowhere");
  CHECK(data_wins.status == 1);
  CHECK(data_wins.out == json_sqlite.out);

  const auto both = run_server("ratings --data " + sqlite.dir().string() + " '--database=" + pg.url() + "'");
  CHECK(both.status == 2);
  CHECK_THAT(both.err, Catch::Contains("not both"));
  CHECK(both.out.empty());
}

TEST_CASE("loyang-server ratings --database refuses a database without Loyang's schema and leaves it so",
          "[postgres][server][ratings]") {
  store_backing empty(store_kind::postgres);
  const auto r = run_server("ratings '--database=" + empty.url() + "'");
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("holds no Loyang data"));
  CHECK(r.out.empty());
  CHECK(persistence::pg_schema_version(empty.url()) == 0);

  // A server nobody listens for: libpq's reason, exit 2.
  const auto away = run_server("ratings '--database=postgresql://loyang@127.0.0.1:1/loyang?connect_timeout=2'");
  CHECK(away.status == 2);
  CHECK_THAT(away.err, Catch::StartsWith("loyang-server ratings: "));
}

TEST_CASE("loyang-server backup refuses a PostgreSQL site and names pg_dump", "[postgres][server][backup]") {
  store_backing pg(store_kind::postgres);
  temp_dir out;
  const auto target = out.path() / "copy.db";
  const auto flag = run_server("backup '--database=" + pg.url() + "' --out " + target.string());
  CHECK(flag.status == 2);
  CHECK_THAT(flag.err, Catch::Contains("pg_dump"));
  CHECK_FALSE(std::filesystem::exists(target));

  // LOYANG_DATABASE in the environment is the site's store unless --data says otherwise.
  const auto env = run_server("backup --out " + target.string(), "'LOYANG_DATABASE=" + pg.url() + "'");
  CHECK(env.status == 2);
  CHECK_THAT(env.err, Catch::Contains("pg_dump"));
  CHECK_FALSE(std::filesystem::exists(target));

  // The usage says so too.
  const auto usage = run_server("backup --frobnicate x");
  CHECK(usage.status == 2);
  CHECK_THAT(usage.err, Catch::Contains("pg_dump"));
}
