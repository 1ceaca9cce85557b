// Reliability on profiles: how long a player takes to answer once the turn passes to him,
// measured from the stored commands (the server's clock moved by hand between them), shown as
// `average_move_seconds` with the number of moves it is taken over.
#include <catch2/catch.hpp>

#include "clock_helpers.hpp"

using namespace loyang::test;

TEST_CASE("a profile says how long its player takes to answer when the turn passes to him",
          "[server][profile][move_times]") {
  hand_clock clock;
  running_server s(clock.settings());
  auto t = start_game(s.port(), "pace", 2);
  viewer a = connect(s.port(), t.tokens[0], t.game, false);
  viewer b = connect(s.port(), t.tokens[1], t.game, false);
  const auto profile = [&](const std::string& name) {
    const auto p = call_api(s.port(), http::verb::get, "/api/players/" + name, std::nullopt, t.tokens[0]);
    INFO(p.body.dump());
    REQUIRE(p.status == http::status::ok);
    return p.body;
  };
  CHECK(profile("pace0")["average_move_seconds"].is_null());
  CHECK(profile("pace0")["moves_timed"] == 0);

  // pace0 takes 300 s to start each of his turns, pace1 60 s; within a turn, 5 s a command.
  std::mt19937 random(7);
  int last = -1, turns0 = 0, turns1 = 0;
  for (int i = 0; i < 40; ++i) {
    const auto now = summary(s.port(), t.game, t.tokens[0]);
    if (now["status"] != "active") break;
    a.catch_up(now["version"]);
    b.catch_up(now["version"]);
    const int seat = acting(now, 0) ? 0 : 1;
    const bool handed = last != -1 && seat != last;
    clock.move_to(clock.now->load() + (handed ? (seat == 0 ? 300 : 60) : 5));
    viewer& v = seat == 0 ? a : b;
    std::vector<json> legal;
    for (const auto& c : v.doc["legal"]) {
      if (c["type"] != "undo") legal.push_back(c);
    }
    REQUIRE_FALSE(legal.empty());
    const auto answer = v.command(t.game, legal[random() % legal.size()], "m" + std::to_string(i));
    INFO(answer.dump());
    REQUIRE(accepted(answer));
    if (handed) ++(seat == 0 ? turns0 : turns1);
    last = seat;
  }
  REQUIRE(turns0 >= 2);
  REQUIRE(turns1 >= 2);
  const auto p0 = profile("pace0");
  CHECK(p0["average_move_seconds"] == 300);
  CHECK(p0["moves_timed"] == turns0);
  const auto p1 = profile("pace1");
  CHECK(p1["average_move_seconds"] == 60);
  CHECK(p1["moves_timed"] == turns1);
}
