// The HTTP API: accounts and tokens, creating and joining games, invitations, leaving,
// "my games" in Yucata's order, /metrics, and games evicted from memory and loaded again.
#include <algorithm>
#include <thread>

#include "game_client.hpp"

using namespace loyang::test;

namespace {

void memory_only(loyang::server::config& c) { c.memory_only = true; }


}  // namespace

TEST_CASE("accounts: sign up, log in, log out", "[server][api]") {
  running_server s(memory_only);
  const auto port = s.port();
  auto created = call_api(port, http::verb::post, "/api/accounts", json{{"name", "ann"}, {"password", "secret password"}});
  CHECK(created.status == http::status::created);
  CHECK(created.body["name"] == "ann");
  CHECK(created.body.dump().find("secret") == std::string::npos);

  auto again = call_api(port, http::verb::post, "/api/accounts", json{{"name", "ann"}, {"password", "other password"}});
  CHECK(again.status == http::status::conflict);
  CHECK(code_of(again) == "name_taken");
  CHECK(code_of(call_api(port, http::verb::post, "/api/accounts", json{{"name", "a"}, {"password", "long enough"}})) == "bad_name");
  CHECK(code_of(call_api(port, http::verb::post, "/api/accounts", json{{"name", "bert"}, {"password", "short"}})) == "bad_password");
  CHECK(code_of(call_api(port, http::verb::post, "/api/accounts", json{{"name", "bert"}})) == "bad_request");

  auto wrong = call_api(port, http::verb::post, "/api/sessions", json{{"name", "ann"}, {"password", "wrong password"}});
  CHECK(wrong.status == http::status::unauthorized);
  CHECK(code_of(wrong) == "bad_credentials");
  auto nobody = call_api(port, http::verb::post, "/api/sessions", json{{"name", "nobody"}, {"password", "wrong password"}});
  CHECK(code_of(nobody) == "bad_credentials");  // the same answer: names are not revealed

  const auto token = sign_up(port, "carl");
  CHECK(call_api(port, http::verb::get, "/api/my/games", std::nullopt, token).status == http::status::ok);
  CHECK(call_api(port, http::verb::delete_, "/api/sessions", std::nullopt, token).status == http::status::ok);
  auto after = call_api(port, http::verb::get, "/api/my/games", std::nullopt, token);
  CHECK(after.status == http::status::unauthorized);
  CHECK(code_of(after) == "bad_token");
  CHECK(code_of(call_api(port, http::verb::get, "/api/games")) == "bad_token");
}

TEST_CASE("a token survives a restart; a revoked one does not", "[server][api][restart]") {
  std::string kept, revoked;
  std::shared_ptr<temp_dir> data;
  {
    running_server s;
    data = s.data();
    kept = sign_up(s.port(), "dora");
    revoked = sign_up(s.port(), "emil");
    CHECK(call_api(s.port(), http::verb::delete_, "/api/sessions", std::nullopt, revoked).status == http::status::ok);
  }
  running_server s({}, data);
  CHECK(call_api(s.port(), http::verb::get, "/api/my/games", std::nullopt, kept).status == http::status::ok);
  CHECK(code_of(call_api(s.port(), http::verb::get, "/api/my/games", std::nullopt, revoked)) == "bad_token");
}

TEST_CASE("games: create, list, join, leave, invitations", "[server][api]") {
  running_server s(memory_only);
  const auto port = s.port();
  const auto ann = sign_up(port, "ann"), bob = sign_up(port, "bob"), cid = sign_up(port, "cid");

  CHECK(code_of(call_api(port, http::verb::post, "/api/games", json{{"players", 7}}, ann)) == "bad_options");
  CHECK(code_of(call_api(port, http::verb::post, "/api/games", json{{"players", 2}, {"colour", "red"}}, ann)) == "bad_request");
  CHECK(code_of(call_api(port, http::verb::post, "/api/games", json{{"players", 2}, {"bots", 2}}, ann)) == "bad_request");
  CHECK(code_of(call_api(port, http::verb::post, "/api/games", json{{"players", 2}, {"invite", {"zed"}}}, ann)) == "unknown_player");

  auto open = call_api(port, http::verb::post, "/api/games", json{{"players", 3}, {"ruleset", "original"}}, ann);
  REQUIRE(open.status == http::status::created);
  const std::int64_t g = open.body["id"];
  CHECK(open.body["status"] == "open");
  CHECK(open.body["options"]["ruleset"] == "original");
  auto invite = call_api(port, http::verb::post, "/api/games", json{{"players", 2}, {"invite", {"bob"}}}, ann);
  const std::int64_t private_game = invite.body["id"];

  // Cid sees only the open game; Bob sees both.
  auto listed = [&](const std::string& token) {
    std::vector<std::int64_t> ids;
    const auto answer = call_api(port, http::verb::get, "/api/games", std::nullopt, token);
    for (const auto& x : answer.body["games"]) ids.push_back(x["id"]);
    return ids;
  };
  CHECK(listed(cid) == std::vector<std::int64_t>{g});
  auto bobs = listed(bob);
  std::sort(bobs.begin(), bobs.end());  // oldest first, then by id: both made in the same second or not
  CHECK(bobs == (std::vector<std::int64_t>{std::min(g, private_game), std::max(g, private_game)}));
  // To those not invited, a game by invitation does not exist (lobby_privacy_test.cpp).
  auto refused = call_api(port, http::verb::post, game_path(private_game, "join"), json::object(), cid);
  CHECK(refused.status == http::status::not_found);
  CHECK(code_of(refused) == "no_such_game");

  CHECK(code_of(call_api(port, http::verb::post, game_path(g, "join"), json::object(), ann)) == "already_seated");
  CHECK(code_of(call_api(port, http::verb::post, game_path(g, "join"), json{{"seat", 0}}, bob)) == "seat_taken");
  CHECK(call_api(port, http::verb::post, game_path(g, "join"), json{{"seat", 2}}, bob).status == http::status::ok);
  CHECK(call_api(port, http::verb::post, game_path(g, "leave"), std::nullopt, bob).status == http::status::ok);
  CHECK(code_of(call_api(port, http::verb::post, game_path(g, "leave"), std::nullopt, bob)) == "not_seated");
  CHECK(call_api(port, http::verb::post, game_path(g, "join"), json::object(), bob).status == http::status::ok);
  auto full = call_api(port, http::verb::post, game_path(g, "join"), json::object(), cid);
  CHECK(full.status == http::status::ok);
  CHECK(full.body["status"] == "active");
  CHECK(code_of(call_api(port, http::verb::post, game_path(g, "leave"), std::nullopt, cid)) == "already_started");
  CHECK(code_of(call_api(port, http::verb::post, game_path(g, "join"), json::object(), cid)) == "not_open");
  CHECK(listed(cid).empty());
  auto summary = call_api(port, http::verb::get, game_path(g), std::nullopt, cid);
  CHECK(summary.body["seats"].size() == 3);
  CHECK(summary.body.dump().find("seed") == std::string::npos);
  CHECK(code_of(call_api(port, http::verb::get, game_path(4242), std::nullopt, cid)) == "no_such_game");

  // Everyone who sat down leaves: the game is cancelled.
  CHECK(call_api(port, http::verb::post, game_path(private_game, "leave"), std::nullopt, ann).body["status"] == "cancelled");
}

TEST_CASE("my games: waiting for me first, longest-waiting first", "[server][api]") {
  running_server s(memory_only);
  const auto port = s.port();
  const auto ann = sign_up(port, "ann"), bob = sign_up(port, "bob");
  // Three 2-player games, started one after the other.
  std::vector<std::int64_t> games;
  for (int i = 0; i < 3; ++i) {
    auto g = call_api(port, http::verb::post, "/api/games", json{{"players", 2}}, ann);
    games.push_back(g.body["id"]);
    call_api(port, http::verb::post, game_path(games.back(), "join"), json::object(), bob);
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // waiting_since has 1 s steps
  }
  auto mine = call_api(port, http::verb::get, "/api/my/games", std::nullopt, ann).body["games"];
  REQUIRE(mine.size() == 3);
  std::vector<std::int64_t> waiting, others;
  for (const auto& x : mine) (x["your_turn"] == true ? waiting : others).push_back(x["id"]);
  // Whoever plants first in each game: games where Ann must act come first, oldest first.
  // (in the order they were made: ids are keyed, not counted)
  const auto made = [&](std::int64_t id) { return std::find(games.begin(), games.end(), id) - games.begin(); };
  for (std::size_t i = 1; i < waiting.size(); ++i) CHECK(made(waiting[i - 1]) < made(waiting[i]));
  std::size_t index = 0;
  for (const auto& x : mine) {
    if (index < waiting.size()) CHECK(x["your_turn"] == true);
    ++index;
  }
  CHECK(waiting.size() + others.size() == 3);
}

TEST_CASE("/metrics counts connections, games, commands and latency", "[server][api][metrics]") {
  running_server s(memory_only);
  const auto t = start_game(s.port(), "mia", 2);
  viewer a = connect(s.port(), t.tokens[0], t.game, false);
  viewer b = connect(s.port(), t.tokens[1], t.game, false);
  viewer& mover = a.doc["to_act"][0] == a.seat ? a : b;
  mover.command(t.game, {{"type", "plant_home"}, {"crop", "leek"}}, "bad");
  json ok_cmd;
  for (const auto& c : mover.doc["legal"])
    if (c["type"] == "plant_home") ok_cmd = c;
  CHECK(accepted(mover.command(t.game, ok_cmd, "good")));
  const auto text = metrics_text(s.port());
  CHECK(text.find("loyang_connections 2") != std::string::npos);
  CHECK(text.find("loyang_games_in_memory 1") != std::string::npos);
  CHECK(text.find("loyang_commands_accepted_total 1") != std::string::npos);
  CHECK(text.find("loyang_commands_rejected_total{code=") != std::string::npos);
  CHECK(text.find("loyang_command_latency_seconds_count 1") != std::string::npos);
  CHECK(text.find("loyang_persistence_queue_depth") != std::string::npos);
}

TEST_CASE("a game nobody watches leaves memory and comes back on demand", "[server][api][evict]") {
  running_server s([](loyang::server::config& c) {
    c.memory_only = true;
    c.evict_after = std::chrono::seconds(1);
  });
  const auto t = start_game(s.port(), "nia", 2);
  json before;
  {
    viewer a = connect(s.port(), t.tokens[0], t.game, false);
    viewer b = connect(s.port(), t.tokens[1], t.game, false);
    viewer& mover = a.doc["to_act"][0] == a.seat ? a : b;
    json cmd;
    for (const auto& c : mover.doc["legal"])
      if (c["type"] == "plant_home") cmd = c;
    REQUIRE(accepted(mover.command(t.game, cmd, "p")));
    a.catch_up(1);
    before = a.doc;
  }
  bool evicted = false;
  for (int i = 0; i < 50 && !evicted; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    evicted = metrics_text(s.port()).find("loyang_games_in_memory 0") != std::string::npos;
  }
  CHECK(evicted);
  viewer again = connect(s.port(), t.tokens[0], t.game, false);
  CHECK(again.doc == before);
  CHECK(metrics_text(s.port()).find("loyang_games_in_memory 1") != std::string::npos);
}
