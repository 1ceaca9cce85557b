// The lobby's lists kept live (server/src/games/live_lists.cpp): an account's connections hear
// when its games change, and those that asked hear when the open games change, so the browser
// reads its lists again instead of polling them.
#include <catch2/catch.hpp>

#include <thread>

#include "game_client.hpp"

using namespace loyang::test;
using nlohmann::json;

TEST_CASE("games_changed reaches the players' connections that watch the lobby, and "
          "open_games_changed every connection that does, at most about once a second; the others "
          "get neither",
          "[server]") {
  running_server s;
  const auto ann = sign_up(s.port(), "ann");
  const auto bob = sign_up(s.port(), "bob");
  const auto cat = sign_up(s.port(), "cat");
  ws_client ann_ws(s.port()), bob_ws(s.port()), cat_ws(s.port());
  ann_ws.hello(ann);
  bob_ws.hello(bob);
  cat_ws.hello(cat);
  ws_client ann_game(s.port());  // a connection of ann's that does not watch the lobby
  ann_game.hello(ann);
  ann_ws.send({{"type", "watch_lobby"}});
  bob_ws.send({{"type", "watch_lobby"}});
  cat_ws.send({{"type", "watch_lobby"}});
  for (auto* ws : {&ann_ws, &bob_ws, &cat_ws}) {  // the registrations are in before the game is created
    ws->send({{"type", "ping"}});
    ws->next_of("pong");
  }

  const auto created = call_api(s.port(), http::verb::post, "/api/games", json{{"players", 2}}, ann);
  REQUIRE(created.status == http::status::created);
  const std::int64_t game = created.body["id"];
  CHECK(ann_ws.next_of("games_changed")["games"] == json{game});
  CHECK(bob_ws.next_of("open_games_changed", std::chrono::seconds(5)) == json{{"type", "open_games_changed"}});
  cat_ws.next_of("open_games_changed", std::chrono::seconds(5));

  // Bob joins: the game starts; both players' lists change, and the open list too.
  REQUIRE(call_api(s.port(), http::verb::post, game_path(game, "join"), json::object(), bob).status == http::status::ok);
  CHECK(ann_ws.next_of("games_changed")["games"] == json{game});
  CHECK(bob_ws.next_of("games_changed")["games"] == json{game});
  cat_ws.next_of("open_games_changed", std::chrono::seconds(5));
  // Cat sits nowhere: no games_changed for her; ann's other connection, which never asked, hears
  // nothing at all.
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  while (const auto m = cat_ws.try_next(std::chrono::milliseconds(100))) CHECK((*m)["type"] == "open_games_changed");
  CHECK_FALSE(ann_game.try_next(std::chrono::milliseconds(200)).has_value());
}
