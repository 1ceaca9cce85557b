// Several nodes: a node that does not know a token asks the database (the login may have been
// made through another node a moment ago), but only so many times a second, so that bearer
// tokens anyone can make up do not each cost a database read on an I/O thread.
#include <catch2/catch.hpp>

#include "clock_helpers.hpp"
#include "server_fixture.hpp"
#include "store_fixture.hpp"

using namespace loyang::test;

TEST_CASE("unknown tokens are looked up in the database at a bounded rate, and logins from another node still work",
          "[postgres][nodes]") {
  store_backing where(store_kind::postgres);
  hand_clock clock;  // stands still: every request below falls in the same second
  const auto settings = [&, base = clock.settings()](loyang::server::config& c) {
    base(c);
    c.database_url = where.url();
  };
  running_server first(settings);
  running_server second(settings);
  constexpr int limit = 100;  // accounts::unknown_lookups_per_second (server/src/accounts)
  const int made_up = limit + 50;
  for (int i = 0; i < made_up; ++i) {
    const auto answer = call_api(second.port(), http::verb::get, "/api/my/games", std::nullopt,
                                 "made-up-token-" + std::to_string(i));
    REQUIRE(answer.status == http::status::unauthorized);
    CHECK(code_of(answer) == "bad_token");
  }
  CHECK(metric(second.port(), "loyang_account_lookups_skipped_total") == made_up - limit);
  CHECK(metric(first.port(), "loyang_account_lookups_skipped_total") == 0);

  // The next second: a login made through the first node is good on the second at once.
  clock.move_to(hand_t0 + 1);
  for (int i = 0; i < 5; ++i) {
    const auto token = sign_up(first.port(), "lou" + std::to_string(i));
    const auto answer = call_api(second.port(), http::verb::get, "/api/my/games", std::nullopt, token);
    CHECK(answer.status == http::status::ok);
  }
  CHECK(metric(second.port(), "loyang_account_lookups_skipped_total") == made_up - limit);
}
