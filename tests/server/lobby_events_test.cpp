// White-box: the lobby publishes what happens to its games and seats on the event hub
// (server/src/events/events.hpp) once it is stored, on its own strand: a game made, a seat
// taken (the game starts), a seat left, a player resigning (a bot takes his seat, or the game
// ends).
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "assemble.hpp"
#include "events/hub.hpp"
#include "lobby/lobby.hpp"
#include "loyang/persistence/store.hpp"

using namespace loyang::server;

TEST_CASE("the lobby publishes games made, seats taken and left, games started and seats resigned",
          "[server][events][lobby]") {
  net::io_context ioc;
  auto store = loyang::persistence::make_memory_store();
  auto hub = std::make_shared<events::hub>();
  std::vector<std::string> heard;
  hub->on<events::game_created>([&](const events::game_created& e) { heard.push_back("created by " + std::to_string(e.creator)); });
  hub->on<events::seat_joined>([&](const events::seat_joined& e) {
    heard.push_back("joined " + std::to_string(e.seat) + " by " + std::to_string(e.account));
  });
  hub->on<events::seat_left>([&](const events::seat_left& e) {
    heard.push_back("left " + std::to_string(e.seat) + " by " + std::to_string(e.account));
  });
  hub->on<events::game_started>([&](const events::game_started&) { heard.push_back("started"); });
  hub->on<events::seat_departed>([&](const events::seat_departed& e) {
    heard.push_back("departed " + std::to_string(int(e.seat)) + " " + std::string(loyang::persistence::departure_name(e.how)));
  });
  hub->on<events::seat_taken_over>([&](const events::seat_taken_over& e) {
    heard.push_back("taken over " + std::to_string(int(e.seat)) + " from " + std::to_string(e.account));
  });
  hub->on<events::game_finished>([&](const events::game_finished& e) {
    auto ranks = nlohmann::json::array();
    for (const auto& p : e.game.result.value("ranking", nlohmann::json::array())) ranks.push_back(p.value("player", -1));
    heard.push_back("finished " + ranks.dump());
  });
  hub->close();
  auto stats = std::make_shared<metrics>();
  auto leads = std::make_shared<cluster::leadership>(true, stats, hub);
  auto users = std::make_shared<accounts>(ioc, *store, stats, accounts::policy{});
  notify::service::options told;
  told.now = [users] { return users->now(); };
  told.name_of = [users](std::int64_t id) { return users->name_of(id); };
  auto notify = std::make_shared<notify::service>(*store, std::move(told), stats);
  auto relations = std::make_shared<social::relations>();
  auto l = std::make_shared<lobby>(ioc, *store, stats, lobby_limits{}, hub, leads, users, notify, relations);
  l->use_ratings(std::make_shared<rating_service>(
      l->strand(), rating_service::lookups{users, relations,
                                           [](std::int64_t) -> const game_record* { return nullptr; }}));
  auto clocks = std::make_shared<clocks::service>(l->strand(), *store, clocks::service::options{},
                                                  std::make_shared<metrics>(), clocks_lookups(l, users, leads));
  l->use_clocks(clocks);
  l->start();
  const auto run = [&] {
    ioc.restart();
    ioc.run_for(std::chrono::milliseconds(300));
  };
  const identity ann{1, "ann"}, bob{2, "bob"}, cat{3, "cat"};
  const auto created = [&](int players) {
    std::int64_t id = 0;
    l->create_game(ann, {{"players", players}}, [&](api_reply r) { id = r.body.value("id", std::int64_t(0)); });
    run();
    REQUIRE(id != 0);
    return id;
  };
  const auto join = [&](const identity& who, std::int64_t game) {
    l->join(who, game, nlohmann::json::object(), [](api_reply) {});
    run();
  };
  int resigned = 0;
  // Three players: one leaves and comes back; the last one to sit resigns, and a bot takes his seat.
  const auto three = created(3);
  join(bob, three);
  l->leave(bob, three, [](api_reply) {});
  run();
  join(bob, three);
  join(cat, three);
  clocks->resign(cat, three, [&](api_reply r) { resigned += int(r.status); });
  run();
  // Two players: resigning ends the game.
  const auto two = created(2);
  join(cat, two);
  clocks->resign(ann, two, [&](api_reply r) { resigned += int(r.status); });
  run();
  CHECK(resigned == 400);
  CHECK(heard == std::vector<std::string>{"created by 1", "joined 1 by 2", "left 1 by 2", "joined 1 by 2",
                                          "joined 2 by 3", "started", "departed 2 resigned", "taken over 2 from 3",
                                          "created by 1", "joined 1 by 3", "started", "departed 0 resigned",
                                          "finished [1,0]"});
  l->stop();
  run();
  store->stop();
}
