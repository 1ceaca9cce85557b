// The lobby's game rows (issue 36): a game's summary tells the round it is in and, in
// `updated_at`, when its last move was; both are stored with each command, so they are the
// same after a restart and in the list of one's games.
#include <ctime>
#include <random>

#include "clock_helpers.hpp"

namespace {
using namespace loyang::test;
}  // namespace

TEST_CASE("a game's summary tells its round and the time of its last move, also after a restart",
          "[server][lobby]") {
  auto data = std::make_shared<temp_dir>();
  table t;
  int round = 0;
  std::int64_t last_move = 0;
  {
    running_server s({}, data);
    t = start_game(s.port(), "rows", 1, 1);
    CHECK(summary(s.port(), t.game, t.tokens[0])["round"] == 0);  // planting, before round 1
    viewer me = connect(s.port(), t.tokens[0], t.game, false);
    std::mt19937 random(11);
    // Play against the bot until round 1 has begun (both Home fields planted) and it is my move:
    // my moves at random among those of my turn, the bot's as they come.
    for (int n = 0; n < 500; ++n) {
      const bool mine = acting(me.doc, me.seat);
      if (mine && me.doc["game"]["round"].get<int>() >= 1) break;
      std::vector<json> turn;
      for (const auto& c : me.doc["legal"])
        if (c["type"] != "undo" && c["type"] != "take_loan" && c["type"] != "sell") turn.push_back(c);
      if (mine && !turn.empty()) {
        last_move = std::time(nullptr);
        const auto answer = me.command(t.game, turn[random() % turn.size()], "m" + std::to_string(n));
        if (answer["type"] == "result" && answer["error"]["code"] == "stale") continue;  // the bot moved first
        INFO(answer.dump());
        REQUIRE(accepted(answer));
      } else {
        const json m = me.ws->next(std::chrono::seconds(20));
        me.take(m, me.ws->received.back());
      }
    }
    round = me.doc["game"]["round"].get<int>();
    INFO("round " << round);
    REQUIRE(round >= 1);
    const auto now = summary(s.port(), t.game, t.tokens[0]);
    CHECK(now["round"] == round);
    CHECK(now["updated_at"].get<std::int64_t>() >= last_move);
    CHECK(now["updated_at"].get<std::int64_t>() <= std::time(nullptr));
    last_move = now["updated_at"];
  }
  running_server again({}, data);
  const auto after = summary(again.port(), t.game, t.tokens[0]);
  CHECK(after["round"] == round);
  CHECK(after["updated_at"] == last_move);
  const auto mine = call_api(again.port(), http::verb::get, "/api/my/games", std::nullopt, t.tokens[0]);
  REQUIRE(mine.status == http::status::ok);
  REQUIRE(mine.body["games"].size() == 1);
  CHECK(mine.body["games"][0]["round"] == round);
}
