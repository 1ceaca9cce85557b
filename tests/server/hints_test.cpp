// Hints and the analysis of finished games (issue 24): the strong bot's suggestion from the
// asker's view in unrated games only, and the blunder check of a finished game's decisions.
#include <random>

#include "bots/budget.hpp"
#include "clock_helpers.hpp"
#include "loyang/server/config.hpp"

namespace {
using namespace loyang::test;

void memory_only(loyang::server::config& c) {
  c.memory_only = true;
  c.analysis_playouts = 4;  // the sanitized build plays a playout in milliseconds
}

std::vector<json> sendable(const viewer& v) {
  std::vector<json> out;
  for (const auto& c : v.doc["legal"])
    if (c["type"] != "undo") out.push_back(c);
  return out;
}

}  // namespace

TEST_CASE("a hint: the strong bot's command from the seat's view, its reasons, the same when asked again",
          "[server][bots][hints]") {
  running_server s(memory_only);
  const auto t = start_game(s.port(), "hina", 1, 1);
  viewer me = connect(s.port(), t.tokens[0], t.game, false);
  // The bot may plant its Home field first: a hint is for the seat whose turn it is.
  while (!acting(me.doc, me.seat)) {
    const json m = me.ws->next();
    me.take(m, me.ws->received.back());
  }
  REQUIRE(!sendable(me).empty());  // the setup: every seat plants its Home field
  const auto hint = api_post(s.port(), game_path(t.game, "hint"), t.tokens[0]);
  INFO(hint.body.dump());
  REQUIRE(hint.status == http::status::ok);
  CHECK(hint.body["game"] == t.game);
  CHECK(hint.body["seat"] == me.seat);
  CHECK(hint.body["version"] == me.version);
  CHECK(hint.body["solo"] == false);
  const auto legal = sendable(me);
  CHECK(std::find(legal.begin(), legal.end(), hint.body["command"]) != legal.end());
  // Weighed candidates, best first, each a command the seat may send; the suggestion is the first.
  const auto& candidates = hint.body["candidates"];
  REQUIRE(candidates.size() >= 2);
  CHECK(candidates[0]["command"] == hint.body["command"]);
  int playouts = 0;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const auto& c = candidates[i];
    CHECK(std::find(legal.begin(), legal.end(), c["command"]) != legal.end());
    CHECK(c["playouts"].get<int>() > 0);
    CHECK(c["wins"].get<double>() >= 0.0);
    CHECK(c["wins"].get<double>() <= 1.0);
    // Best first; a loan held back comes after the rest whatever its mean, and at the setup
    // every loan is held back (docs/bots.md, "Loans held back").
    const bool held = c.value("held_back", false);
    if (c["command"]["type"] == "take_loan") CHECK(held);
    if (i > 0 && held == candidates[i - 1].value("held_back", false))
      CHECK(c["mean"].get<double>() <= candidates[i - 1]["mean"].get<double>());
    if (i > 0) CHECK((held || !candidates[i - 1].value("held_back", false)));
    CHECK((i > 0 || !held));
    playouts += c["playouts"].get<int>();
  }
  CHECK(hint.body["playouts"] == playouts);
  // Seeded by the position: asking again is not a second opinion.
  const auto again = api_post(s.port(), game_path(t.game, "hint"), t.tokens[0]);
  REQUIRE(again.status == http::status::ok);
  CHECK(again.body == hint.body);
  // The suggestion is a command the server accepts.
  CHECK(accepted(me.command(t.game, hint.body["command"], "hinted")));
  CHECK(metric(s.port(), "loyang_hints_total") == 1);  // the second answer was the first's
}

TEST_CASE("hints are refused in rated games, to others and when there is nothing to decide",
          "[server][bots][hints]") {
  running_server s(memory_only);
  // Two people, unrated: the one who has planted waits for the other.
  const auto t = start_game(s.port(), "hinb", 2);
  viewer a = connect(s.port(), t.tokens[0], t.game, false);
  std::mt19937 random(3);
  REQUIRE(!play_while_acting(a, t.game, random));
  const auto waiting = api_post(s.port(), game_path(t.game, "hint"), t.tokens[0]);
  CHECK(waiting.status == http::status::conflict);
  CHECK(code_of(waiting) == "nothing_to_decide");
  CHECK(api_post(s.port(), game_path(t.game, "hint"), t.tokens[1]).status == http::status::ok);
  // Someone not seated; a game that does not exist.
  const auto other = sign_up(s.port(), "hinbx");
  CHECK(code_of(api_post(s.port(), game_path(t.game, "hint"), other)) == "not_seated");
  CHECK(api_post(s.port(), game_path(t.game + 1000, "hint"), other).status == http::status::not_found);
  CHECK(call_api(s.port(), http::verb::get, game_path(t.game, "hint"), std::nullopt, t.tokens[0]).status ==
        http::status::method_not_allowed);
  // A rated game never offers hints.
  const auto rated = start_game(s.port(), "hinc", 2, 0, {{"rated", true}});
  const auto refused = api_post(s.port(), game_path(rated.game, "hint"), rated.tokens[0]);
  CHECK(refused.status == http::status::forbidden);
  CHECK(code_of(refused) == "hints_not_offered");
}

TEST_CASE("the analysis of a finished solo game marks the decisions the strong bot valued far below its best",
          "[server][bots][analysis]") {
  running_server s(memory_only);
  const auto t = start_game(s.port(), "anla", 1);
  viewer me = connect(s.port(), t.tokens[0], t.game, false);
  // Not before the end.
  const auto early = api_post(s.port(), game_path(t.game, "analysis"), t.tokens[0]);
  CHECK(early.status == http::status::conflict);
  CHECK(code_of(early) == "not_finished");
  std::mt19937 random(8);
  REQUIRE(play_while_acting(me, t.game, random));
  const auto none = api_get(s.port(), game_path(t.game, "analysis"), t.tokens[0]);
  CHECK(none.status == http::status::ok);
  CHECK(none.body == json{{"game", t.game}, {"status", "none"}});

  const auto asked = api_post(s.port(), game_path(t.game, "analysis"), t.tokens[0]);
  INFO(asked.body.dump());
  REQUIRE((asked.status == http::status::accepted || asked.status == http::status::ok));
  json done;
  eventually(
      [&] {
        done = api_get(s.port(), game_path(t.game, "analysis"), t.tokens[0]).body;
        return done["status"] != "running";
      },
      "the analysis finishes", std::chrono::seconds(120));
  INFO(done.dump());
  REQUIRE(done["status"] == "done");
  REQUIRE(done["seats"].size() == 1);
  const auto& seat = done["seats"][0];
  CHECK(seat["seat"] == 0);
  CHECK(seat["decisions"].get<int>() > 20);
  CHECK(done["total"] == seat["decisions"]);
  CHECK(done["done"] == done["total"]);
  // Random commands in a solo game lose levels: some are marked, each with the bot's better
  // choice, in version order, and counted in the seat's summary.
  const auto& moves = done["moves"];
  REQUIRE(!moves.empty());
  CHECK(moves.size() == std::size_t(seat["mistakes"].get<int>() + seat["blunders"].get<int>()));
  std::uint32_t last = 0;
  for (const auto& m : moves) {
    CHECK(m["version"].get<std::uint32_t>() > last);
    last = m["version"];
    CHECK(m["seat"] == 0);
    CHECK(m["played"] != m["best"]);
    CHECK(m["drop"].get<double>() >= 1.0);  // solo: levels
    CHECK(m["drop"].get<double>() == Approx(m["best_mean"].get<double>() - m["played_mean"].get<double>()));
    CHECK((m["mark"] == "mistake" || m["mark"] == "blunder"));
    CHECK((m["mark"] == "blunder") == (m["drop"].get<double>() >= 2.0));
    // The version is the command's: the log has it as the seat's.
    const auto& entry = me.log[m["version"].get<std::size_t>() - 1];
    CHECK(entry["version"] == m["version"]);
    CHECK(entry["cmd"] == m["played"]);
  }
  // Asked again: the same result, not a second run.
  const auto again = api_post(s.port(), game_path(t.game, "analysis"), t.tokens[0]);
  CHECK(again.status == http::status::ok);
  CHECK(again.body == done);
  CHECK(metric(s.port(), "loyang_analysed_decisions_total") == seat["decisions"].get<long long>());
  // Someone else may read a public game's analysis; a guest may not ask.
  const auto other = sign_up(s.port(), "anlb");
  CHECK(api_get(s.port(), game_path(t.game, "analysis"), other).body == done);
  CHECK(api_get(s.port(), game_path(t.game, "analysis")).status == http::status::unauthorized);
}

TEST_CASE("a busy bot pool shrinks the strong bot's budget instead of queueing longer", "[server][bots]") {
  using loyang::server::bot_budget::playouts;
  CHECK(playouts(400, 0, 1) == 400);
  CHECK(playouts(400, 1, 1) == 400);
  CHECK(playouts(400, 2, 2) == 400);  // each decision has a thread
  CHECK(playouts(400, 4, 1) == 100);  // four share one thread
  CHECK(playouts(400, 4, 2) == 200);
  CHECK(playouts(400, 100, 1) == loyang::server::bot_budget::min_playouts);
  CHECK(playouts(20, 100, 1) == 20);  // never more than asked
  int stops = 0;
  const auto over = loyang::server::bot_budget::deadline(std::chrono::milliseconds(0), [&] { ++stops; });
  CHECK(over());
  CHECK(over());
  CHECK(stops == 1);
  CHECK_FALSE(loyang::server::bot_budget::deadline(std::chrono::hours(1))());
}
