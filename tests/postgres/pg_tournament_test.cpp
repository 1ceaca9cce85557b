// Several nodes: a tournament taken entries on two nodes at once (each save only from the
// revision before it: a node whose save another node's change beat reads it again and applies
// the entry to that), started and played by the leader alone (each game made once), seen the
// same on both nodes, and finished by the next leader when the first one stops midway.
#include <catch2/catch.hpp>

#include <set>
#include <thread>

#include "store_fixture.hpp"
#include "tournament_helpers.hpp"

using namespace loyang::test;

TEST_CASE("a tournament on two nodes: entries on both at once, each game made once, finished by the next leader",
          "[postgres][nodes][tournaments]") {
  store_backing where(store_kind::postgres);
  if (!where.available()) return;
  hand_clock clock;
  const auto settings = [&, base = clock.settings()](loyang::server::config& c) {
    base(c);
    c.database_url = where.url();
  };
  auto first = std::make_unique<running_server>(settings);
  eventually([&] { return metric(first->port(), "loyang_leader") == 1; }, "the first node leads");
  running_server second(settings);
  const auto a = first->port();
  const auto b = second.port();

  std::map<std::string, std::string> tokens;
  for (int i = 0; i < 6; ++i) tokens["pt" + std::to_string(i)] = sign_up(i % 2 ? b : a, "pt" + std::to_string(i));
  const auto made = api_post(b, "/api/tournaments", tokens["pt0"],
                             {{"name", "Two towns"}, {"format", "swiss"}, {"players", 2}, {"rounds", 2},
                              {"max_players", 6}, {"time_control", {{"type", "per_move"}, {"seconds", 86400}}}});
  INFO(made.body.dump());
  REQUIRE(made.status == http::status::created);
  const std::int64_t id = made.body["id"];
  const auto path = "/api/tournaments/" + std::to_string(id);
  eventually([&] { return call_api(a, http::verb::get, path).status == http::status::ok; }, "the first node knows it");

  // Five join at once, on both nodes: every entry counts.
  std::vector<std::thread> joining;
  std::vector<int> answers(6, 0);
  for (int i = 1; i < 6; ++i) {
    joining.emplace_back([&, i] {
      answers[std::size_t(i)] =
          static_cast<int>(api_post(i % 2 ? a : b, path + "/join", tokens["pt" + std::to_string(i)]).status);
    });
  }
  for (auto& t : joining) t.join();
  for (int i = 1; i < 6; ++i) CHECK(answers[std::size_t(i)] == 200);

  // Full: the leader starts it; both nodes show the same round of three games, each made once.
  auto d = round_ready(a, id, 1);
  REQUIRE(d["status"] == "running");
  CHECK(d["entrants"].size() == 6);
  REQUIRE(d["rounds_played"][0]["games"].size() == 3);
  eventually([&] { return detail(b, id)["rounds_played"] == detail(a, id)["rounds_played"]; }, "both nodes agree");
  const auto mine = call_api(b, http::verb::get, "/api/my/games", std::nullopt, tokens["pt0"]);
  REQUIRE(mine.status == http::status::ok);
  int of_tournament = 0;
  for (const auto& g : mine.body["games"]) of_tournament += g.value("tournament", json()).is_null() ? 0 : 1;
  CHECK(of_tournament == 1);

  // Round 1 decided through the second node; the leader pairs round 2.
  resign_round(b, d, 1, tokens);
  d = round_ready(b, id, 2);
  REQUIRE(d["status"] == "running");
  REQUIRE(d["rounds_played"][1]["games"].size() == 3);

  // The leader stops; the second node leads, counts round 2 and ends the tournament.
  first.reset();
  eventually([&] { return metric(b, "loyang_leader") == 1; }, "the second node leads", std::chrono::seconds(30));
  resign_round(b, d, 2, tokens);
  eventually([&] { return detail(b, id)["status"] == "finished"; }, "the next leader finished it");
  d = detail(b, id);
  INFO(d.dump());
  double total = 0;
  for (const auto& row : d["standings"]) total += row["points"].get<double>();
  CHECK(total == 6);  // a point per game
  // The higher number wins each game: pt5 and pt4 (who never met) win both of theirs.
  const std::set<std::string> top{d["standings"][0]["player"], d["standings"][1]["player"]};
  CHECK(top == std::set<std::string>{"pt4", "pt5"});
  CHECK(d["standings"][1]["points"] == 2);
  CHECK(d["standings"][2]["points"] == 1);
}
