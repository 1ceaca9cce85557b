// The lobby's privacy and limits, through the real HTTP API and WebSocket: games by
// invitation exist only for the invited and the seated; the `watch` option keeps spectators
// out; both survive a restart; the cap on open games per account.
#include "game_client.hpp"

using namespace loyang::test;

namespace {

void memory_only(loyang::server::config& c) { c.memory_only = true; }

api_answer create(std::uint16_t port, const std::string& token, const json& body) {
  return call_api(port, http::verb::post, "/api/games", body, token);
}

std::int64_t create_id(std::uint16_t port, const std::string& token, const json& body) {
  const auto created = create(port, token, body);
  INFO(created.body.dump());
  REQUIRE(created.status == http::status::created);
  return created.body["id"];
}

std::vector<std::int64_t> ids_of(const json& games) {
  std::vector<std::int64_t> ids;
  for (const auto& g : games) ids.push_back(g["id"]);
  return ids;
}

bool lists(std::uint16_t port, const std::string& path, const std::string& token, std::int64_t id) {
  const auto answer = call_api(port, http::verb::get, path, std::nullopt, token);
  REQUIRE(answer.status == http::status::ok);
  const auto ids = ids_of(answer.body["games"]);
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

/// What subscribing to `game` answers on a fresh connection of `token` ("" for a guest): the
/// snapshot's type, or the error object.
json subscribe(std::uint16_t port, const std::string& token, std::int64_t game, const std::string& as) {
  ws_client ws(port);
  ws.hello(token);
  ws.send({{"type", "subscribe"}, {"game", game}, {"as", as}});
  const json m = ws.next();
  if (m["type"] == "error") return m["error"];
  return m["type"];
}

}  // namespace

TEST_CASE("a game by invitation is seen only by the invited and the seated", "[server][lobby][privacy]") {
  running_server s(memory_only);
  const auto port = s.port();
  const auto ann = sign_up(port, "ann"), bob = sign_up(port, "Bob"), cid = sign_up(port, "cid");

  // Invited names match accounts regardless of case and are kept as registered.
  const auto created = create(port, ann, {{"players", 3}, {"invite", {"BOB"}}});
  INFO(created.body.dump());
  REQUIRE(created.status == http::status::created);
  const std::int64_t g = created.body["id"];
  CHECK(created.body["invited"] == json{"Bob"});

  // To Cid the game does not exist: the same answers as for a game that was never created.
  const auto missing = call_api(port, http::verb::get, game_path(g + 1000), std::nullopt, cid);
  const auto hidden = call_api(port, http::verb::get, game_path(g), std::nullopt, cid);
  CHECK(hidden.status == http::status::not_found);
  CHECK(hidden.body == missing.body);
  CHECK_FALSE(lists(port, "/api/games", cid, g));
  for (const char* action : {"join", "leave"}) {
    INFO(action);
    const auto other = call_api(port, http::verb::post, game_path(g + 1000, action), json::object(), cid);
    const auto refused = call_api(port, http::verb::post, game_path(g, action), json::object(), cid);
    CHECK(refused.status == http::status::not_found);
    CHECK(refused.body == other.body);
  }

  // Bob, invited, sees it and joins it; Ann, the creator, sees it.
  const auto seen = call_api(port, http::verb::get, game_path(g), std::nullopt, bob);
  CHECK(seen.status == http::status::ok);
  CHECK(lists(port, "/api/games", bob, g));
  CHECK(lists(port, "/api/games", ann, g));
  CHECK(call_api(port, http::verb::post, game_path(g, "join"), json::object(), bob).status == http::status::ok);
  CHECK(lists(port, "/api/my/games", bob, g));
  CHECK_FALSE(lists(port, "/api/my/games", cid, g));
  CHECK(code_of(call_api(port, http::verb::get, game_path(g), std::nullopt, cid)) == "no_such_game");

  // A public game is seen by everyone.
  const auto open = create_id(port, ann, {{"players", 2}});
  CHECK(call_api(port, http::verb::get, game_path(open), std::nullopt, cid).status == http::status::ok);
  CHECK(lists(port, "/api/games", cid, open));
}

TEST_CASE("a game by invitation is watched only by the invited and the seated; never by guests",
          "[server][lobby][privacy][ws]") {
  running_server s(memory_only);
  const auto port = s.port();
  const auto ann = sign_up(port, "ann"), bob = sign_up(port, "bob"), dan = sign_up(port, "dan"),
             cid = sign_up(port, "cid");
  // Ann, Bob and a bot play; Dan is invited but does not sit down.
  const auto g = create_id(port, ann, {{"players", 3}, {"bots", 1}, {"invite", {"bob", "dan"}}});
  REQUIRE(call_api(port, http::verb::post, game_path(g, "join"), json::object(), bob).body["status"] == "active");

  const json missing = subscribe(port, cid, g + 1000, "spectator");
  CHECK(missing["code"] == "no_such_game");
  // Strangers and guests get exactly the answer for a game that does not exist, however
  // they ask.
  for (const auto& [token, as] : std::vector<std::pair<std::string, std::string>>{
           {cid, "spectator"}, {cid, "player"}, {"", "spectator"}, {"", "player"}}) {
    INFO((token.empty() ? "guest" : "cid") << " as " << as);
    CHECK(subscribe(port, token, g, as) == missing);
  }
  CHECK(subscribe(port, dan, g, "spectator") == "snapshot");
  CHECK(subscribe(port, dan, g, "player")["code"] == "not_your_seat");
  CHECK(subscribe(port, bob, g, "spectator") == "snapshot");
  CHECK(subscribe(port, ann, g, "player") == "snapshot");
}

TEST_CASE("watch: players keeps spectators out; everyone is the default", "[server][lobby][watch][ws]") {
  running_server s(memory_only);
  const auto port = s.port();
  const auto ann = sign_up(port, "ann"), bob = sign_up(port, "bob"), cid = sign_up(port, "cid");

  CHECK(code_of(create(port, ann, {{"players", 2}, {"watch", "friends"}})) == "bad_request");
  CHECK(code_of(create(port, ann, {{"players", 2}, {"watch", true}})) == "bad_request");

  const auto closed = create(port, ann, {{"players", 2}, {"watch", "players"}});
  REQUIRE(closed.status == http::status::created);
  CHECK(closed.body["watch"] == "players");
  const std::int64_t g = closed.body["id"];
  REQUIRE(call_api(port, http::verb::post, game_path(g, "join"), json::object(), bob).status == http::status::ok);
  // The game is public: Cid sees its summary, but may not watch it.
  CHECK(call_api(port, http::verb::get, game_path(g), std::nullopt, cid).body["watch"] == "players");
  CHECK(subscribe(port, cid, g, "spectator")["code"] == "not_allowed");
  CHECK(subscribe(port, "", g, "spectator")["code"] == "not_allowed");
  // Its players may watch it as spectators too (a second window, say).
  CHECK(subscribe(port, ann, g, "spectator") == "snapshot");
  CHECK(subscribe(port, bob, g, "player") == "snapshot");

  const auto open = create(port, ann, {{"players", 2}});
  CHECK(open.body["watch"] == "everyone");
  const std::int64_t h = open.body["id"];
  REQUIRE(call_api(port, http::verb::post, game_path(h, "join"), json::object(), bob).status == http::status::ok);
  CHECK(subscribe(port, cid, h, "spectator") == "snapshot");
  CHECK(subscribe(port, "", h, "spectator") == "snapshot");
}

TEST_CASE("privacy and the watch option survive a restart", "[server][lobby][watch][restart]") {
  std::shared_ptr<temp_dir> data;
  std::string ann, bob, cid;
  std::int64_t closed = 0, secret = 0;
  {
    running_server s;
    data = s.data();
    ann = sign_up(s.port(), "ann"), bob = sign_up(s.port(), "bob"), cid = sign_up(s.port(), "cid");
    closed = create_id(s.port(), ann, {{"players", 2}, {"watch", "players"}});
    REQUIRE(call_api(s.port(), http::verb::post, game_path(closed, "join"), json::object(), bob).status ==
            http::status::ok);
    secret = create_id(s.port(), ann, {{"players", 2}, {"invite", {"BOB"}}});
  }
  running_server s({}, data);
  const auto summary = call_api(s.port(), http::verb::get, game_path(closed), std::nullopt, cid);
  CHECK(summary.body["watch"] == "players");
  CHECK(subscribe(s.port(), cid, closed, "spectator")["code"] == "not_allowed");
  CHECK(subscribe(s.port(), bob, closed, "spectator") == "snapshot");
  CHECK(code_of(call_api(s.port(), http::verb::get, game_path(secret), std::nullopt, cid)) == "no_such_game");
  CHECK(call_api(s.port(), http::verb::get, game_path(secret), std::nullopt, bob).body["invited"] == json{"bob"});
  CHECK(call_api(s.port(), http::verb::post, game_path(secret, "join"), json::object(), bob).status ==
        http::status::ok);
}

TEST_CASE("open games per account are capped", "[server][lobby][limits]") {
  running_server s([](loyang::server::config& c) {
    c.memory_only = true;
    c.max_open_games_per_account = 2;
  });
  const auto port = s.port();
  const auto ann = sign_up(port, "ann"), bob = sign_up(port, "bob");

  const auto first = create_id(port, ann, {{"players", 2}});
  const auto second = create_id(port, ann, {{"players", 3}});
  const auto over = create(port, ann, {{"players", 2}});
  CHECK(over.status == http::status::conflict);
  CHECK(code_of(over) == "too_many_games");
  // Games that start at once add no open game: a solo game, every other seat a bot.
  CHECK(create(port, ann, {{"players", 1}}).status == http::status::created);
  CHECK(create(port, ann, {{"players", 2}, {"bots", 1}}).status == http::status::created);

  // Bob at the cap may not join a game that stays open, but may take a game's last seat.
  create_id(port, bob, {{"players", 2}});
  create_id(port, bob, {{"players", 2}});
  const auto join_open = call_api(port, http::verb::post, game_path(second, "join"), json::object(), bob);
  CHECK(join_open.status == http::status::conflict);
  CHECK(code_of(join_open) == "too_many_games");
  CHECK(call_api(port, http::verb::post, game_path(first, "join"), json::object(), bob).body["status"] == "active");

  // Ann's first game started: she may open another one. Leaving one frees its place too.
  const auto third = create_id(port, ann, {{"players", 2}});
  CHECK(code_of(create(port, ann, {{"players", 2}})) == "too_many_games");
  REQUIRE(call_api(port, http::verb::post, game_path(third, "leave"), std::nullopt, ann).status == http::status::ok);
  CHECK(create(port, ann, {{"players", 2}}).status == http::status::created);
}

TEST_CASE("the cap on open games is 20 by default", "[server][lobby][limits]") {
  running_server s(memory_only);
  const auto ann = sign_up(s.port(), "ann");
  for (int i = 0; i < 20; ++i) create_id(s.port(), ann, {{"players", 4}});
  CHECK(code_of(create(s.port(), ann, {{"players", 4}})) == "too_many_games");
}
