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
    // Play against the bot until round 1 has begun (both Home fields planted) and it is my move.
    for (int turns = 0; turns < 500; ++turns) {
      if (me.doc["game"]["round"].get<int>() >= 1 && acting(me.doc, me.seat)) break;
      const auto before = std::time(nullptr);
      if (acting(me.doc, me.seat) && play_while_acting(me, t.game, random, true)) break;
      last_move = before;
      if (!acting(me.doc, me.seat)) {
        const json m = me.ws->next(std::chrono::seconds(20));
        me.take(m, me.ws->received.back());
      }
    }
    round = me.doc["game"]["round"].get<int>();
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
