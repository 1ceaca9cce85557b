// Several nodes: a daily challenge asked for through two servers at once (a double click that a
// round-robin balancer sends to both) is started once; the PostgreSQL store's fence refuses the
// second write when neither node has heard of the other's game yet.
#include <catch2/catch.hpp>

#include <future>

#include "server_fixture.hpp"
#include "store_fixture.hpp"

using namespace loyang::test;

TEST_CASE("a daily challenge asked for through two nodes at once is started once", "[postgres][nodes]") {
  store_backing where(store_kind::postgres);
  const auto settings = [&](loyang::server::config& c) { c.database_url = where.url(); };
  running_server first(settings);
  running_server second(settings);
  const auto token = sign_up(first.port(), "dee");
  for (int round = 0; round < 3; ++round) {
    // Both at once (a double click, sent by a round-robin balancer to both nodes): one game.
    auto a = std::async(std::launch::async, [&] {
      return call_api(first.port(), http::verb::post, "/api/daily", std::nullopt, token);
    });
    auto b = std::async(std::launch::async, [&] {
      return call_api(second.port(), http::verb::post, "/api/daily", std::nullopt, token);
    });
    const auto one = a.get();
    const auto other = b.get();
    INFO(one.body.dump() << " " << other.body.dump());
    const int created = int(one.status == http::status::created) + int(other.status == http::status::created);
    if (round == 0) {
      CHECK(created == 1);
    } else {
      CHECK(created == 0);  // played already
    }
    for (const auto* answer : {&one, &other}) {
      if (answer->status != http::status::created) {
        CHECK(answer->status == http::status::conflict);
        CHECK(code_of(*answer) == "daily_played");
      }
    }
  }
}
