// The HTTP route table (server/src/routes/table.hpp) alone, and the table the composition root
// builds from every room's routes.cpp: a path finds its handler with the numbers and names in
// it, a wrong method finds the methods to name in Allow, and no two rooms claim one endpoint.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>

#include "assemble.hpp"
#include "loyang/persistence/store.hpp"
#include "routes/table.hpp"

using namespace loyang::server;
using routes::access;

namespace {

routes::handler named(std::string& out, std::string name) {
  return [&out, name](routes::call&) { out = name; };
}

}  // namespace

TEST_CASE("a route's placeholders take a positive number or one non-empty part, and a trailing slash",
          "[server][routes]") {
  routes::table t;
  std::string ran;
  t.add("/api/games/{id}/join", access::account, http::verb::post, named(ran, "join"));
  t.add("/api/games/{id}/chat/{id}", access::account, http::verb::delete_, named(ran, "delete"));
  t.add("/api/players/{name}", access::guest, http::verb::get, named(ran, "profile"));

  auto join = t.find("/api/games/12/join", http::verb::post);
  REQUIRE(join);
  CHECK(join->ids == std::vector<std::int64_t>{12});
  REQUIRE(join->run);
  routes::call c;
  (*join->run)(c);
  CHECK(ran == "join");
  CHECK(t.find("/api/games/12/join/", http::verb::post));
  for (const auto* path : {"/api/games/x/join", "/api/games/0/join", "/api/games/-3/join", "/api/games//join",
                           "/api/games/12", "/api/games/12/join/more", "/api/games/99999999999999999999/join"}) {
    INFO(path);
    CHECK_FALSE(t.find(path, http::verb::post));
  }
  const auto del = t.find("/api/games/4/chat/81", http::verb::delete_);
  REQUIRE(del);
  CHECK(del->ids == std::vector<std::int64_t>{4, 81});
  const auto profile = t.find("/api/players/ann.b-1", http::verb::get);
  REQUIRE(profile);
  CHECK(profile->names == std::vector<std::string>{"ann.b-1"});
  CHECK(profile->who == access::guest);
  CHECK_FALSE(t.find("/api/players/", http::verb::get));
}

TEST_CASE("a path's other methods are named for a 405, GET answers HEAD, and the first route added wins",
          "[server][routes]") {
  routes::table t;
  std::string ran;
  t.add("/api/account/vacation", access::account, http::verb::delete_, named(ran, "end"));
  t.add("/api/account/vacation", access::account, http::verb::get, named(ran, "read"));
  t.add("/api/account/vacation", access::account, http::verb::post, named(ran, "start"));
  t.add("/api/games/live", access::guest, http::verb::get, named(ran, "live"));
  t.add("/api/games/{name}", access::account, http::verb::get, named(ran, "any"));

  const auto put = t.find("/api/account/vacation", http::verb::put);
  REQUIRE(put);
  CHECK(put->run == nullptr);
  CHECK(put->allow == "GET, HEAD, POST, DELETE");
  routes::call c;
  const auto head = t.find("/api/account/vacation", http::verb::head);
  REQUIRE((head && head->run));
  (*head->run)(c);
  CHECK(ran == "read");
  const auto live = t.find("/api/games/live", http::verb::get);
  REQUIRE((live && live->run));
  (*live->run)(c);
  CHECK(ran == "live");
  CHECK(live->who == access::guest);

  CHECK_THROWS_AS(t.add("/api/account/vacation", access::account, http::verb::get, named(ran, "again")), std::logic_error);
  CHECK_THROWS_AS(t.add("/api/account/vacation", access::guest, http::verb::put, named(ran, "guest")), std::logic_error);
  CHECK_THROWS_AS(t.add("/api/games/{game}/x", access::account, http::verb::get, named(ran, "bad")), std::logic_error);
}

TEST_CASE("the server's rooms add their endpoints once each, with the access each needs", "[server][routes]") {
  boost::asio::io_context ioc;
  auto store = loyang::persistence::make_memory_store();
  const auto rooms = assemble(ioc, *store, std::make_shared<metrics>(), lobby_limits{});
  const auto all = rooms.routes->list();
  CHECK(std::set<std::string>(all.begin(), all.end()).size() == all.size());
  // Every endpoint docs/protocol.md lists is somewhere (a sample of each room's).
  for (const auto* e : {"POST /api/accounts", "DELETE /api/sessions", "GET /api/games", "POST /api/games/{id}/join",
                        "GET /api/games/{id}/chat", "PUT /api/games/{id}/notes", "GET /api/players/{name}",
                        "PUT /api/account/blocks/{name}", "GET /api/notify/verify", "POST /api/games/{id}/resign",
                        "GET /api/games/{id}/history", "POST /api/daily", "DELETE /api/moderation/bans/{name}", "PUT /api/moderation/operators/{name}",
                        "POST /api/games/{id}/hint"}) {
    INFO(e);
    CHECK(std::find(all.begin(), all.end(), e) != all.end());
  }
  auto access_of = [&](const char* path) { return rooms.routes->find(path, http::verb::get)->who; };
  CHECK(access_of("/api/games/live") == access::guest);
  CHECK(access_of("/api/games/3/history") == access::guest);
  CHECK(access_of("/api/games/3/notes") == access::account);
  CHECK(access_of("/api/notify/unsubscribe") == access::open);
  CHECK(access_of("/api/my/games") == access::account);
}
