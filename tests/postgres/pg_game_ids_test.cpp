// Keyed game ids on several nodes (issue 34, section 5): a SQLite site whose new games have
// keyed ids, copied into PostgreSQL, goes on with numbers of its own on two nodes at once: no
// new game takes a copied game's id (the table id_blocks counts only small ids, so each node
// skips past the numbers its catalog holds: cluster/id_source.cpp), and the copied games,
// their small-id ones too, still open.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <set>

#include "server_fixture.hpp"
#include "store_fixture.hpp"

using namespace loyang::test;

namespace {

std::string login(std::uint16_t port, const std::string& name) {
  const auto a = call_api(port, http::verb::post, "/api/sessions", json{{"name", name}, {"password", "correct horse"}});
  REQUIRE(a.status == http::status::created);
  return a.body["token"];
}

}  // namespace

TEST_CASE("a copied site's keyed game ids are not given again by the nodes on PostgreSQL", "[postgres][nodes][ids]") {
  store_backing to(store_kind::postgres);
  const auto site = std::make_shared<temp_dir>();
  std::vector<std::pair<std::int64_t, int>> copied;  // id, players
  {
    running_server s({}, site);
    const auto ann = sign_up(s.port(), "cp-ann");
    for (int players = 2; players <= 4; ++players) {
      const auto made = call_api(s.port(), http::verb::post, "/api/games", json{{"players", players}}, ann);
      REQUIRE(made.status == http::status::created);
      copied.push_back({made.body["id"], players});
    }
  }
  const std::string cmd = std::string(LOYANG_SERVER_BINARY) + " copy-to-postgres --data " +
                          (site->path() / "data").string() + " '--database=" + to.url() + "' >/dev/null";
  REQUIRE(std::system(cmd.c_str()) == 0);

  const auto settings = [&](loyang::server::config& c) { c.database_url = to.url(); };
  running_server first(settings);
  running_server second(settings);
  const auto at_first = login(first.port(), "cp-ann"), at_second = login(second.port(), "cp-ann");
  std::set<std::int64_t> ids;
  for (const auto& [id, players] : copied) ids.insert(id);
  for (int i = 0; i < 6; ++i) {
    const auto& [port, token] = i % 2 ? std::pair{second.port(), at_second} : std::pair{first.port(), at_first};
    const auto made = call_api(port, http::verb::post, "/api/games", json{{"players", 2}}, token);
    INFO(made.body.dump());
    REQUIRE(made.status == http::status::created);
    CHECK(ids.insert(made.body["id"].get<std::int64_t>()).second);
  }
  for (const auto& [id, players] : copied) {
    const auto summary = call_api(first.port(), http::verb::get, game_path(id), std::nullopt, at_first);
    REQUIRE(summary.status == http::status::ok);
    CHECK(summary.body["options"]["players"] == players);
    CHECK(summary.body["invited"].empty());
  }
}
