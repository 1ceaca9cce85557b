// `loyang-server ratings`: every finished game's stored result checked by replaying its stored
// commands, the leaderboard with names, and the command over a real data directory.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <sstream>

#include "games/result.hpp"
#include "loyang/persistence/sqlite_store.hpp"
#include "ratings/recompute.hpp"
#include "store_fixture.hpp"
#include "temp_dir.hpp"

namespace {

using namespace loyang::test;
using persistence::departure;
using persistence::game_status;
namespace games = loyang::server::games;

/// A game of `accounts` (one per seat) played by the random bot, its commands appended to
/// `store`: to the end, or `commands` of them.
live_game played(persistence::store& store, std::int64_t id, const std::vector<std::int64_t>& accounts,
                 std::uint64_t seed, int commands = 1000000) {
  live_game g(id, engine::options{static_cast<int>(accounts.size()), engine::ruleset::yucata, false}, seed);
  for (std::size_t i = 0; i < accounts.size(); ++i) {
    g.record.seats[i].account_id = accounts[i];
    g.record.seats[i].bot = false;
  }
  g.save(store);
  for (int i = 0; i < commands && !g.finished(); ++i) g.step(store);
  return g;
}

/// The record as the server stores a game its rules ended.
persistence::game_record ended_by_rules(live_game& g, nlohmann::json extra = nullptr) {
  REQUIRE(g.finished());
  auto r = g.record;
  r.status = game_status::finished;
  r.extra = std::move(extra);
  r.result = games::final_result(r, g.state);
  return r;
}

std::vector<std::int64_t> ids(const std::vector<loyang::ratings::mismatch>& m) {
  std::vector<std::int64_t> out;
  for (const auto& x : m) out.push_back(x.game);
  return out;
}

}  // namespace

TEST_CASE("recompute: results that replay pass; a wrong ranking, wrong scores or a wrong ending are "
          "mismatches",
          "[recompute]") {
  auto store = persistence::make_memory_store();
  persistence::store::catalog catalog;
  catalog.accounts = {{1, "alice", "h", 1}, {2, "bob", "h", 1}};
  const nlohmann::json rated = {{"rated", true}};

  auto a = played(*store, 1, {1, 2}, 11);
  catalog.games.push_back(ended_by_rules(a, rated));
  auto b = played(*store, 2, {1}, 12);
  catalog.games.push_back(ended_by_rules(b));
  CHECK(catalog.games.back().result["ranking"][0].contains("position"));

  // Game 3: the two seats swapped in the stored ranking.
  auto c = played(*store, 3, {2, 1}, 13);
  auto swapped = ended_by_rules(c);
  std::swap(swapped.result["ranking"][0]["player"], swapped.result["ranking"][1]["player"]);
  catalog.games.push_back(swapped);
  // Game 4: the right order, the winner's Cash changed.
  auto d = played(*store, 4, {1, 2}, 14);
  auto rich = ended_by_rules(d);
  rich.result["ranking"][0]["cash"] = rich.result["ranking"][0]["cash"].get<int>() + 1;
  catalog.games.push_back(rich);

  // Game 5: bob resigned after a few commands: ended early, rated.
  auto e = played(*store, 5, {1, 2}, 15, 6);
  REQUIRE_FALSE(e.finished());
  auto resigned = e.record;
  resigned.status = game_status::finished;
  resigned.extra = rated;
  resigned.seats[1].gone = departure::resigned;
  resigned.seats[1].gone_at = 3000;
  resigned.updated_at = 3000;
  resigned.result = games::ended_early(resigned, 1);
  catalog.games.push_back(resigned);
  // Game 6: stored as ended normally, though its commands stop half-way.
  auto f = played(*store, 6, {1, 2}, 16, 6);
  auto unfinished = f.record;
  unfinished.status = game_status::finished;
  unfinished.result = {{"ended", "normally"}, {"ranking", games::ended_early(resigned, 1)["ranking"]}};
  catalog.games.push_back(unfinished);
  // Game 7: cancelled, never checked; game 8: its log is gone (nothing to replay: no ranking).
  auto cancelled = f.record;
  cancelled.id = 7;
  cancelled.status = game_status::cancelled;
  catalog.games.push_back(cancelled);
  auto lost = ended_by_rules(a);
  lost.id = 8;
  catalog.games.push_back(lost);

  const auto report = loyang::ratings::recompute(catalog, [&](const persistence::game_record& g) {
    return store->load_game(g);
  });
  CHECK(report.games_replayed == 7);
  CHECK(ids(report.mismatches) == std::vector<std::int64_t>{3, 4, 6, 8});
  CHECK_THAT(report.mismatches[0].problem, Catch::Contains("stored ranking") && Catch::Contains("replay's"));
  CHECK_THAT(report.mismatches[1].problem, Catch::Contains("stored scores"));
  CHECK_THAT(report.mismatches[2].problem, Catch::Contains("has not ended"));
  CHECK_THAT(report.mismatches[3].problem, Catch::Contains("has not ended"));

  // Games 1 and 5 are rated: both players have 2 rated games.
  REQUIRE(report.leaderboard.size() == 2);
  const auto board = report.figures.elo.leaderboard();
  for (std::size_t i = 0; i < board.size(); ++i) {
    CHECK(report.leaderboard[i].name == (board[i].account == 1 ? "alice" : "bob"));
    CHECK(report.leaderboard[i].rating == board[i].rating);
    CHECK(report.leaderboard[i].games == 2);
  }
  const auto j = loyang::ratings::report_json(report);
  CHECK(j["leaderboard"][0] == nlohmann::json{{"name", report.leaderboard[0].name},
                                              {"rating", report.leaderboard[0].rating},
                                              {"games", 2}});
  CHECK(j["mismatches"].size() == 4);
  CHECK(j["mismatches"][0]["game"] == 3);
  CHECK(j["games_replayed"] == report.games_replayed);
  std::ostringstream text;
  loyang::ratings::print_report(report, text);
  CHECK_THAT(text.str(), Catch::Contains("alice") && Catch::Contains("mismatch: game 3:"));
}

TEST_CASE("the ratings command over a data directory: exit 1 on a mismatch, --json, a held lock "
          "says to stop the server",
          "[recompute]") {
  temp_dir dir;
  {
    auto store = persistence::make_sqlite_store(dir.path());
    add_creator(*store);
    REQUIRE(wait_for([&](auto done) { store->save_account({2, "bea", "hash-bea", 100}, std::move(done)); }) == "");
    auto good = played(*store, 1, {1, 2}, 21);
    const auto good_record = ended_by_rules(good);
    REQUIRE(wait_for([&](auto done) { store->save_game(good_record, std::move(done)); }) == "");
    auto bad = played(*store, 2, {2, 1}, 22);
    auto bad_record = ended_by_rules(bad);
    bad_record.result["ranking"][0]["rank"] = 2;
    REQUIRE(wait_for([&](auto done) { store->save_game(bad_record, std::move(done)); }) == "");
    store->stop();
  }
  const auto data = dir.path().string();
  std::ostringstream out, err;
  CHECK(loyang::ratings::ratings_command({"--data", data}, "nowhere", out, err) == 1);
  CHECK_THAT(out.str(), Catch::Contains("2 finished games replayed, 1 mismatches") &&
                            Catch::Contains("mismatch: game 2: the stored ranking"));

  std::ostringstream json_out;
  CHECK(loyang::ratings::ratings_command({"--json", "--data=" + data}, "nowhere", json_out, err) == 1);
  const auto j = nlohmann::json::parse(json_out.str());
  CHECK(j["leaderboard"].is_array());
  REQUIRE(j["mismatches"].size() == 1);
  CHECK(j["mismatches"][0]["game"] == 2);

  // Another process's server holds the directory (flock conflicts within a process too).
  const int fd = ::open((dir.path() / "loyang.lock").c_str(), O_RDWR | O_CREAT, 0644);
  REQUIRE(fd >= 0);
  REQUIRE(::flock(fd, LOCK_EX | LOCK_NB) == 0);
  std::ostringstream locked_out, locked_err;
  CHECK(loyang::ratings::ratings_command({"--data", data}, "nowhere", locked_out, locked_err) == 2);
  CHECK_THAT(locked_err.str(), Catch::Contains("server stopped"));
  CHECK(locked_out.str().empty());
  ::close(fd);

  std::ostringstream none_out, none_err;
  CHECK(loyang::ratings::ratings_command({}, dir.path() / "missing", none_out, none_err) == 2);
  CHECK_THAT(none_err.str(), Catch::Contains("no database"));
  CHECK_FALSE(std::filesystem::exists(dir.path() / "missing"));
  CHECK(loyang::ratings::ratings_command({"--frobnicate"}, data, none_out, none_err) == 2);
  CHECK(loyang::ratings::ratings_command({"--data"}, data, none_out, none_err) == 2);
}

TEST_CASE("the ratings command's choice of store: --data or --database, not both; LOYANG_DATABASE unless "
          "--data is given",
          "[recompute]") {
  temp_dir dir;
  {
    auto store = persistence::make_sqlite_store(dir.path());
    add_creator(*store);
    store->stop();
  }
  const auto data = dir.path().string();
  // Nothing listens on port 1: a PostgreSQL URL there fails with libpq's reason, exit 2.
  const std::string away = "postgresql://loyang@127.0.0.1:1/loyang?connect_timeout=2";

  std::ostringstream out, err;
  CHECK(loyang::ratings::ratings_command({"--data", data, "--database", away}, "nowhere", out, err) == 2);
  CHECK_THAT(err.str(), Catch::Contains("not both"));
  CHECK(loyang::ratings::ratings_command({"--database"}, data, out, err) == 2);

  std::ostringstream pg_err;
  CHECK(loyang::ratings::ratings_command({"--database=" + away}, data, out, pg_err) == 2);
  CHECK_THAT(pg_err.str(), Catch::StartsWith("loyang-server ratings: "));
  std::ostringstream env_err;
  CHECK(loyang::ratings::ratings_command({}, data, out, env_err, away) == 2);  // LOYANG_DATABASE
  CHECK_THAT(env_err.str(), Catch::StartsWith("loyang-server ratings: "));
  CHECK(out.str().empty());

  // An explicit --data wins over LOYANG_DATABASE.
  std::ostringstream data_out, data_err;
  CHECK(loyang::ratings::ratings_command({"--data", data}, "nowhere", data_out, data_err, away) == 0);
  CHECK_THAT(data_out.str(), Catch::Contains("0 finished games replayed, 0 mismatches"));
  CHECK(data_err.str().empty());
}
