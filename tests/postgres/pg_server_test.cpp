// The server binary on PostgreSQL: server_crash_test.py (tests/persistence) plays games over
// WebSockets against `loyang-server --database URL`, kills it with SIGKILL twice and restarts
// it; every acknowledged command must still be there. Then the binary's copy-to-postgres on a
// SQLite directory, and its refusal of a database that is not empty; `operator grant` on
// PostgreSQL.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

#include "store_fixture.hpp"

using namespace loyang::test;

TEST_CASE("loyang-server --database plays games over WebSockets, killed and restarted, nothing acknowledged lost",
          "[postgres][server]") {
  store_backing where(store_kind::postgres);
  const std::string cmd = std::string("/usr/bin/python3 ") + LOYANG_CRASH_TEST + " " + LOYANG_SERVER_BINARY +
                          " --kills 2 --final-seconds 4 --seed 25 '--server-arg=--database=" + where.url() + "'";
  INFO(cmd);
  CHECK(std::system(cmd.c_str()) == 0);
}

TEST_CASE("loyang-server copy-to-postgres copies a data directory once", "[postgres][server][copy]") {
  store_backing from(store_kind::sqlite);
  {
    auto s = from.open();
    add_creator(*s);
    live_game g(1, engine::options{2, engine::ruleset::yucata, false}, 3);
    g.save(*s);
    for (int i = 0; i < 25; ++i) g.step(*s);
  }
  store_backing to(store_kind::postgres);
  const std::string cmd = std::string(LOYANG_SERVER_BINARY) + " copy-to-postgres --data " + from.dir().string() +
                          " '--database=" + to.url() + "' >/dev/null";
  CHECK(std::system(cmd.c_str()) == 0);
  const int again = std::system((cmd + " 2>/dev/null").c_str());
  CHECK(WIFEXITED(again));
  CHECK(WEXITSTATUS(again) == 1);  // not empty: refused
}

TEST_CASE("loyang-server operator grant works on a PostgreSQL database", "[postgres][server]") {
  store_backing where(store_kind::postgres);
  where.open()->stop();  // the schema, then ada:
  {
    auto s = where.open();
    add_creator(*s);
  }
  const std::string cmd = std::string(LOYANG_SERVER_BINARY) + " operator grant ADA '--database=" + where.url() +
                          "' >/dev/null";
  CHECK(std::system(cmd.c_str()) == 0);
  const auto catalog = where.open()->load_catalog();
  REQUIRE(catalog.accounts.size() == 1);
  CHECK(catalog.accounts[0].operator_account);
  CHECK(catalog.max_moderation_id == 1);  // the grant is logged
}
