// Tournaments end to end over a real server: a round robin and a Swiss of 2-player games whose
// games the room makes itself, played out by their players (resigning decides most of them
// quickly: the higher-numbered player always wins; one game is played to its end), with the
// standings checked against what the results must give; entries, refusals, and a restart.
#include <catch2/catch.hpp>

#include "tournament_helpers.hpp"

using namespace loyang::test;

TEST_CASE("a round robin of 5 players in 2-player games: every pair meets once, each sits out once, the "
          "standings follow the results; kept across a restart",
          "[server][tournaments]") {
  std::shared_ptr<temp_dir> data;
  std::int64_t id = 0;
  json final_standings;
  {
    hand_clock clock;
    running_server s(clock.settings());
    data = s.data();
    std::map<std::string, std::string> tokens;
    for (int i = 0; i < 5; ++i) tokens["rr" + std::to_string(i)] = sign_up(s.port(), "rr" + std::to_string(i));
    const auto made = api_post(s.port(), "/api/tournaments", tokens["rr0"],
                               {{"name", "Autumn round robin"}, {"format", "round_robin"}, {"players", 2},
                                {"max_players", 5}, {"time_control", {{"type", "per_move"}, {"seconds", 86400}}}});
    INFO(made.body.dump());
    REQUIRE(made.status == http::status::created);
    id = made.body["id"];
    CHECK(made.body["status"] == "open");
    CHECK(made.body["entrants"].size() == 1);  // its creator
    CHECK(code_of(api_post(s.port(), "/api/tournaments/" + std::to_string(id) + "/join", tokens["rr0"])) ==
          "already_entered");
    for (int i = 1; i < 5; ++i) {
      const auto joined =
          api_post(s.port(), "/api/tournaments/" + std::to_string(id) + "/join", tokens["rr" + std::to_string(i)]);
      REQUIRE(joined.status == http::status::ok);
      // The last entry fills it: its answer already says it started.
      CHECK(joined.body["status"] == (i == 4 ? "running" : "open"));
    }
    // Full: it starts; 5 rounds of 2 games and a bye each.
    auto d = round_ready(s.port(), id, 1);
    CHECK(d["status"] == "running");
    CHECK(d["rounds"] == 5);
    std::set<std::pair<std::string, std::string>> met;
    std::map<std::string, int> byes;
    for (int r = 1; r <= 5; ++r) {
      d = round_ready(s.port(), id, r);
      REQUIRE(d["status"] == "running");
      const auto& round = d["rounds_played"][std::size_t(r - 1)];
      REQUIRE(round["games"].size() == 2);
      REQUIRE(round["byes"].size() == 1);
      ++byes[round["byes"][0].get<std::string>()];
      for (const auto& g : round["games"]) {
        CHECK(met.insert(pair_of(g)).second);  // never twice
        // The game is a real one, between those two, marked as the tournament's.
        const auto game = call_api(s.port(), http::verb::get, game_path(g["game"].get<std::int64_t>()), std::nullopt,
                                   tokens.at(g["players"][0]));
        CHECK(game.body["status"] == "active");
      }
      resign_round(s.port(), d, r, tokens);
    }
    CHECK(met.size() == 10);
    for (const auto& [name, n] : byes) CHECK(n == 1);
    eventually([&] { return detail(s.port(), id)["status"] == "finished"; }, "the round robin finished");
    d = detail(s.port(), id);
    // rrK beat every lower number and had a bye: K + 1 points; the order is by number, down.
    REQUIRE(d["standings"].size() == 5);
    for (int rank = 1; rank <= 5; ++rank) {
      const auto& row = d["standings"][std::size_t(rank - 1)];
      INFO(row.dump());
      CHECK(row["player"] == "rr" + std::to_string(5 - rank));
      CHECK(row["rank"] == rank);
      CHECK(row["points"] == 5 - rank + 1);
      CHECK(row["wins"] == 5 - rank);
      CHECK(row["byes"] == 1);
    }
    // The crosstable: rr4 against rr0 scored 1, rr0 against rr4 nothing.
    const auto& cross = d["crosstable"];
    CHECK(cross["players"][0] == "rr4");
    CHECK(cross["cells"][0][4][0]["points"] == 1);
    CHECK(cross["cells"][4][0][0]["points"] == 0);
    final_standings = d["standings"];
  }
  running_server s({}, data);
  const auto d = detail(s.port(), id);
  CHECK(d["status"] == "finished");
  CHECK(d["standings"] == final_standings);
  const auto login_token = log_in(s.port(), "rr0");
  const auto list = call_api(s.port(), http::verb::get, "/api/tournaments", std::nullopt, login_token);
  REQUIRE(list.body["finished"].size() == 1);
  CHECK(list.body["finished"][0]["name"] == "Autumn round robin");
  CHECK(list.body["finished"][0]["entered"] == true);  // rr0 played in it
}

TEST_CASE("a Swiss of 9 players in 3 rounds: no rematches, one bye a round, the one who wins every game first; "
          "a game played to its end counted by its ranking",
          "[server][tournaments]") {
  hand_clock clock;
  running_server s(clock.settings());
  std::map<std::string, std::string> tokens;
  for (int i = 0; i < 9; ++i) tokens["sw" + std::to_string(i)] = sign_up(s.port(), "sw" + std::to_string(i));
  const auto made = api_post(s.port(), "/api/tournaments", tokens["sw0"],
                             {{"name", "Winter Swiss"}, {"format", "swiss"}, {"players", 2}, {"rounds", 3},
                              {"max_players", 9}, {"time_control", {{"type", "per_move"}, {"seconds", 86400}}}});
  REQUIRE(made.status == http::status::created);
  const std::int64_t id = made.body["id"];
  const auto path = "/api/tournaments/" + std::to_string(id);
  for (int i = 1; i < 9; ++i) {
    REQUIRE(api_post(s.port(), path + "/join", tokens["sw" + std::to_string(i)]).status == http::status::ok);
  }
  const auto late = sign_up(s.port(), "sw_late");
  CHECK(code_of(api_post(s.port(), path + "/join", late)) == "entries_closed");
  std::set<std::pair<std::string, std::string>> met;
  std::set<std::string> had_bye;
  for (int r = 1; r <= 3; ++r) {
    auto d = round_ready(s.port(), id, r);
    REQUIRE(d["status"] == "running");
    const auto& round = d["rounds_played"][std::size_t(r - 1)];
    REQUIRE(round["games"].size() == 4);
    REQUIRE(round["byes"].size() == 1);
    CHECK(had_bye.insert(round["byes"][0].get<std::string>()).second);
    for (const auto& g : round["games"]) {
      CHECK(met.insert(pair_of(g)).second);
    }
    if (r == 1) {
      // A game without sw8 played to its end by both players: its places are its ranking's.
      std::size_t which = round["games"][0]["players"].dump().find("sw8") == std::string::npos ? 0 : 1;
      const auto& g = round["games"][which];
      const std::int64_t game = g["game"];
      viewer a = connect(s.port(), tokens.at(g["players"][0]), game, false);
      viewer b = connect(s.port(), tokens.at(g["players"][1]), game, false);
      std::mt19937 random(5);
      for (int i = 0; i < 400; ++i) {
        const auto now = summary(s.port(), game, tokens.at(g["players"][0]));
        if (now["status"] == "finished") break;
        a.catch_up(now["version"]);
        b.catch_up(now["version"]);
        if (acting(now, 0)) {
          if (play_while_acting(a, game, random)) break;
        } else if (play_while_acting(b, game, random)) {
          break;
        }
      }
      const auto ended = summary(s.port(), game, tokens.at(g["players"][0]));
      REQUIRE(ended["status"] == "finished");
      eventually([&] { return detail(s.port(), id)["rounds_played"][0]["games"][which]["finished"] == true; },
                 "the played game counted");
      const auto counted = detail(s.port(), id)["rounds_played"][0]["games"][which];
      for (const auto& rank : ended["result"]["ranking"]) {
        CHECK(counted["places"][rank["player"].get<std::size_t>()] == rank["rank"]);
      }
    }
    resign_round(s.port(), detail(s.port(), id), r, tokens);
  }
  eventually([&] { return detail(s.port(), id)["status"] == "finished"; }, "the Swiss finished");
  const auto d = detail(s.port(), id);
  // sw8 wins every game he plays (he is never in the one played out; a bye is a win's point):
  // 3 points, the most; players equal on points are ordered by Buchholz, then Sonneborn-Berger.
  INFO(d["standings"].dump() << d["rounds_played"].dump());
  CHECK(d["standings"][0]["points"] == 3);
  for (const auto& row : d["standings"]) {
    if (row["player"] == "sw8") CHECK(row["points"] == 3);
  }
  for (std::size_t i = 1; i < d["standings"].size(); ++i) {
    const auto& up = d["standings"][i - 1];
    const auto& down = d["standings"][i];
    CHECK(up["points"] >= down["points"]);
    if (up["points"] == down["points"]) CHECK(up["buchholz"] >= down["buchholz"]);
  }
  double total = 0;
  for (const auto& row : d["standings"]) total += row["points"].get<double>();
  CHECK(total == 3 * 4 + 3);  // a point per game and per bye
}

TEST_CASE("tournaments: bad setups refused; withdrawing and cancelling before the start", "[server][tournaments]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto ann = sign_up(s.port(), "tn_ann");
  const auto bob = sign_up(s.port(), "tn_bob");
  const json clock = {{"type", "per_move"}, {"seconds", 86400}};
  const auto bad = [&](json body) { return code_of(api_post(s.port(), "/api/tournaments", ann, std::move(body))); };
  CHECK(bad({{"format", "swiss"}, {"rounds", 3}, {"time_control", clock}}) == "bad_request");  // no name
  CHECK(bad({{"name", "x"}, {"format", "swiss"}, {"time_control", clock}}) == "bad_request");  // no rounds
  CHECK(bad({{"name", "x"}, {"format", "round_robin"}, {"rounds", 2}, {"time_control", clock}}) == "bad_request");
  CHECK(bad({{"name", "x"}, {"format", "swiss"}, {"rounds", 3}}) == "bad_request");  // no clock
  CHECK(bad({{"name", "x"}, {"format", "swiss"}, {"rounds", 3}, {"time_control", {{"type", "none"}}}}) ==
        "bad_request");
  CHECK(bad({{"name", "x"}, {"format", "swiss"}, {"rounds", 3}, {"players", 5}, {"time_control", clock}}) ==
        "bad_request");
  CHECK(bad({{"name", "x"}, {"format", "round_robin"}, {"max_players", 20}, {"time_control", clock}}) ==
        "bad_request");
  CHECK(bad({{"name", "x"}, {"format", "swiss"}, {"rounds", 3}, {"time_control", clock}, {"prize", 1}}) ==
        "bad_request");
  CHECK(bad({{"name", "x"}, {"format", "swiss"}, {"rounds", 3}, {"players", 3},
             {"time_control", {{"type", "per_move"}, {"seconds", 86400}, {"on_timeout", "end"}}}}) == "bad_request");
  CHECK(call_api(s.port(), http::verb::post, "/api/tournaments", json{{"name", "x"}}).status ==
        http::status::unauthorized);
  CHECK(code_of(call_api(s.port(), http::verb::get, "/api/tournaments/999")) == "no_such_tournament");

  const auto made = api_post(s.port(), "/api/tournaments", ann,
                             {{"name", "Spring cup"}, {"format", "swiss"}, {"rounds", 2}, {"max_players", 8},
                              {"time_control", clock}});
  REQUIRE(made.status == http::status::created);
  const auto path = "/api/tournaments/" + std::to_string(made.body["id"].get<std::int64_t>());
  REQUIRE(api_post(s.port(), path + "/join", bob).status == http::status::ok);
  CHECK(code_of(api_post(s.port(), path + "/cancel", bob)) == "not_creator");
  const auto left = api_post(s.port(), path + "/withdraw", bob);
  REQUIRE(left.status == http::status::ok);
  CHECK(left.body["entrants"].size() == 1);
  CHECK(code_of(api_post(s.port(), path + "/withdraw", bob)) == "not_entered");
  const auto cancelled = api_post(s.port(), path + "/cancel", ann);
  REQUIRE(cancelled.status == http::status::ok);
  CHECK(cancelled.body["status"] == "cancelled");
  CHECK(cancelled.body["end_reason"] == "cancelled");
  CHECK(code_of(api_post(s.port(), path + "/cancel", ann)) == "tournament_over");
  CHECK(code_of(api_post(s.port(), path + "/join", bob)) == "entries_closed");
  CHECK(code_of(api_post(s.port(), path + "/withdraw", ann)) == "tournament_over");
}

TEST_CASE("tournaments: a player whose time runs out forfeits that game (a bot finishes it for him) and is paired "
          "no more; the rest play on",
          "[server][tournaments]") {
  hand_clock clock;
  running_server s(clock.settings());
  std::map<std::string, std::string> tokens;
  for (int i = 0; i < 4; ++i) tokens["to" + std::to_string(i)] = sign_up(s.port(), "to" + std::to_string(i));
  const auto made = api_post(s.port(), "/api/tournaments", tokens["to0"],
                             {{"name", "Sudden death"}, {"format", "swiss"}, {"players", 2}, {"rounds", 2},
                              {"max_players", 4},
                              {"time_control", {{"type", "per_move"}, {"seconds", 3600}, {"on_timeout", "bot"}}}});
  REQUIRE(made.status == http::status::created);
  const std::int64_t id = made.body["id"];
  const auto path = "/api/tournaments/" + std::to_string(id);
  for (int i = 1; i < 4; ++i) {
    REQUIRE(api_post(s.port(), path + "/join", tokens["to" + std::to_string(i)]).status == http::status::ok);
  }
  auto d = round_ready(s.port(), id, 1);
  REQUIRE(d["rounds_played"][0]["games"].size() == 2);
  // The first game is decided by a resignation; in the second, whoever is to move lets his hour
  // run out.
  const auto& resigned = d["rounds_played"][0]["games"][0];
  const auto& lapsed = d["rounds_played"][0]["games"][1];
  {
    const std::string a = resigned["players"][0], b = resigned["players"][1];
    const auto& loser = number_of(a) < number_of(b) ? a : b;
    REQUIRE(api_post(s.port(), game_path(resigned["game"].get<std::int64_t>(), "resign"), tokens.at(loser)).status ==
            http::status::ok);
  }
  const std::int64_t game = lapsed["game"];
  const auto before = summary(s.port(), game, tokens.at(lapsed["players"][0]));
  REQUIRE(before["to_act"].size() == 1);
  const std::string late = lapsed["players"][before["to_act"][0].get<std::size_t>()];
  const std::string punctual = lapsed["players"][1 - before["to_act"][0].get<std::size_t>()];
  const auto late_seat = before["to_act"][0].get<std::size_t>();
  clock.move_to(hand_t0 + 3601);
  // A bot takes his seat; his opponent plays the game out against it.
  summary_when(s.port(), game, tokens.at(punctual), [&](const json& x) { return x["seats"][late_seat]["gone"] == "timeout"; });
  {
    viewer v = connect(s.port(), tokens.at(punctual), game, false);
    std::mt19937 random(7);
    for (int i = 0; i < 2000; ++i) {
      const auto now = summary(s.port(), game, tokens.at(punctual));
      if (now["status"] == "finished") break;
      v.catch_up(now["version"]);
      if (!acting(now, int(1 - late_seat))) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      } else if (play_while_acting(v, game, random, true)) {
        break;
      }
    }
  }
  summary_when(s.port(), game, tokens.at(punctual), [](const json& x) { return x["status"] == "finished"; });

  d = round_ready(s.port(), id, 2);
  INFO(d.dump());
  REQUIRE(d["status"] == "running");
  // Three play on: one game and a bye, without the one who ran out of time.
  const auto& round2 = d["rounds_played"][1];
  REQUIRE(round2["games"].size() == 1);
  REQUIRE(round2["byes"].size() == 1);
  CHECK(round2["games"][0]["players"].dump().find("\"" + late + "\"") == std::string::npos);
  CHECK(round2["byes"][0] != late);
  for (const auto& e : d["entrants"]) {
    CHECK(e["withdrawn"] == (e["player"] == late));
    if (e["player"] == late) CHECK(e["why"] == "timeout");
  }
  // His game counted as a forfeit: he scores nothing, his opponent the win.
  const auto& counted = d["rounds_played"][0]["games"][1];
  REQUIRE(counted["finished"] == true);
  for (std::size_t i = 0; i < 2; ++i) {
    const bool his = counted["players"][i] == late;
    CHECK(counted["forfeited"][i] == his);
    CHECK(counted["points"][i] == (his ? 0 : 1));
  }
  CHECK(code_of(api_post(s.port(), path + "/withdraw", tokens.at(late))) == "already_withdrawn");

  // The last game ends; the tournament with it; he is ranked below everyone still in.
  const auto& last = round2["games"][0];
  {
    const std::string a = last["players"][0], b = last["players"][1];
    const auto& loser = number_of(a) < number_of(b) ? a : b;
    REQUIRE(api_post(s.port(), game_path(last["game"].get<std::int64_t>(), "resign"), tokens.at(loser)).status ==
            http::status::ok);
  }
  eventually([&] { return detail(s.port(), id)["status"] == "finished"; }, "the tournament finished");
  d = detail(s.port(), id);
  const auto& rows = d["standings"];
  REQUIRE(rows.size() == 4);
  CHECK(rows[3]["player"] == late);
  CHECK(rows[3]["withdrawn"] == true);
  CHECK(rows[3]["points"] == 0);
  CHECK(rows[0]["points"] == 2);
}
