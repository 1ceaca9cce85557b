// The event hub alone (server/src/events/hub.hpp), without a server: subscribers hear the
// events in the order they were published, each of several subscribers hears each event, a
// posted event runs on the subscriber's strand and not in publish(), and nobody subscribes
// once the server runs.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>

#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "events/hub.hpp"

using namespace loyang::server;

TEST_CASE("the event hub hands each event on the publisher's strand to every subscriber, in the order "
          "published and subscribed",
          "[server][events]") {
  events::hub hub;
  std::vector<std::string> heard;
  hub.on<events::game_started>([&](const events::game_started& e) { heard.push_back("ratings " + std::to_string(e.game)); });
  hub.on<events::game_started>([&](const events::game_started& e) { heard.push_back("clocks " + std::to_string(e.game)); });
  hub.on<events::game_finished>([&](const events::game_finished& e) {
    heard.push_back("finished " + std::to_string(e.game.id) + " " + e.game.result.dump());
  });
  hub.close();
  CHECK(hub.subscribers<events::game_started>() == 2);
  CHECK(hub.subscribers<events::seat_joined>() == 0);

  hub.publish(events::game_started{7});
  hub.publish(events::seat_joined{7, 1, 3});  // nobody listens: nothing happens
  hub.publish(events::game_started{8});
  events::game_finished done;
  done.game.id = 7;
  done.game.result = nlohmann::json::array({1, 0});
  hub.publish(done);
  // Before publish() returned, not later: a join right after a game finished sees its rating.
  CHECK(heard == std::vector<std::string>{"ratings 7", "clocks 7", "ratings 8", "clocks 8", "finished 7 [1,0]"});
}

TEST_CASE("a posted event runs on the subscriber's strand, after publish() returned, in the order "
          "published",
          "[server][events]") {
  net::io_context ioc;
  const auto mine = net::make_strand(ioc);
  const auto theirs = net::make_strand(ioc);
  events::hub hub;
  std::vector<std::uint32_t> versions;
  std::vector<std::int64_t> accounts;
  bool on_mine = true;
  hub.on<events::command_applied>(mine, [&](const events::command_applied& e) {
    on_mine = on_mine && mine.running_in_this_thread();
    versions.push_back(e.version);
  });
  hub.on<events::command_applied>(theirs, [&](const events::command_applied& e) { accounts.push_back(e.seat); });
  hub.on<events::account_changed>(theirs, [&](const events::account_changed& e) { accounts.push_back(e.account); });
  hub.close();

  for (std::uint32_t v = 1; v <= 50; ++v) hub.publish(events::command_applied{4, v, loyang::engine::player_id(v % 2), {0}});
  hub.publish(events::account_changed{99});
  CHECK(versions.empty());  // posted, not called by publish()
  CHECK(accounts.empty());
  // Two threads run the strands: each subscriber still hears its events one at a time, in order.
  std::thread other([&] { ioc.run(); });
  ioc.run();
  other.join();
  REQUIRE(versions.size() == 50);
  for (std::uint32_t v = 1; v <= 50; ++v) CHECK(versions[v - 1] == v);
  CHECK(on_mine);
  REQUIRE(accounts.size() == 51);
  CHECK(accounts.back() == 99);  // the account's change came after the commands on that strand
}

TEST_CASE("subscriptions are made at start-up only: once the hub is closed, a late subscriber is "
          "refused and never called",
          "[server][events]") {
  net::io_context ioc;
  events::hub hub;
  int early = 0, late = 0;
  hub.on<events::seat_left>([&](const events::seat_left&) { ++early; });
  hub.close();
  CHECK(hub.closed());
  CHECK_THROWS_AS(hub.on<events::seat_left>([&](const events::seat_left&) { ++late; }), std::logic_error);
  CHECK_THROWS_AS(hub.on<events::token_revoked>(net::make_strand(ioc), [&](const events::token_revoked&) { ++late; }),
                  std::logic_error);
  hub.publish(events::seat_left{1, 0, 5});
  hub.publish(events::token_revoked{5});
  ioc.run();
  CHECK(early == 1);
  CHECK(late == 0);
  CHECK(hub.subscribers<events::seat_left>() == 1);
}
