// The WebSocket protocol's rules one by one: hello first, subscribing, commands and their
// results, stale versions, resume after a dropped connection, spectators, bots, and every
// class of bad input with its stable error code — after which the connection still works.
#include <algorithm>
#include <random>
#include <thread>

#include "game_client.hpp"

using namespace loyang::test;

namespace {

void memory_only(loyang::server::config& c) { c.memory_only = true; }

/// The connection still answers: a ping gets its pong.
void still_usable(ws_client& ws) {
  ws.send({{"type", "ping"}});
  CHECK(ws.next_of("pong")["type"] == "pong");
}

json error_of(ws_client& ws) { return ws.next_of("error")["error"]; }

/// The first listed command of `v` whose type is `type`.
json first_legal(const viewer& v, const std::string& type) {
  for (const auto& c : v.doc["legal"])
    if (c["type"] == type) return c;
  FAIL("no legal " << type);
  return {};
}

}  // namespace

TEST_CASE("the first message must be hello; a bad token is refused", "[server][ws]") {
  running_server s(memory_only);
  ws_client ws(s.port());
  ws.send({{"type", "subscribe"}, {"game", 1}});
  CHECK(error_of(ws)["code"] == "hello_first");
  ws.send({{"type", "hello"}, {"token", "not-a-token"}});
  CHECK(error_of(ws)["code"] == "bad_token");
  const auto token = sign_up(s.port(), "alice");
  const json welcome = ws.hello(token);
  CHECK(welcome["account"]["name"] == "alice");
  ws.send({{"type", "hello"}, {"token", token}});
  CHECK(error_of(ws)["code"] == "already_authenticated");
  still_usable(ws);
}

TEST_CASE("hello names the protocol version; one the server does not speak is refused", "[server][ws]") {
  running_server s(memory_only);
  const auto token = sign_up(s.port(), "alice");
  // A client that does not say which version it was written for gets the server's own.
  ws_client plain(s.port());
  CHECK(plain.hello(token)["protocol"] == 1);
  ws_client guest(s.port());
  CHECK(guest.hello("")["protocol"] == 1);

  ws_client ws(s.port());
  ws.send({{"type", "hello"}, {"token", token}, {"protocol", 2}});
  const json refused = error_of(ws);
  CHECK(refused["code"] == "unsupported_protocol");
  CHECK(refused["message"].get<std::string>().find("1 to 1") != std::string::npos);
  // Refused, the connection has not said hello: it may not subscribe, and may say hello again.
  ws.send({{"type", "subscribe"}, {"game", 1}});
  CHECK(error_of(ws)["code"] == "hello_first");
  ws.send({{"type", "hello"}, {"token", token}, {"protocol", 0}});
  CHECK(error_of(ws)["code"] == "bad_message");
  ws.send({{"type", "hello"}, {"token", token}, {"protocol", "1"}});
  CHECK(error_of(ws)["code"] == "bad_message");
  ws.send({{"type", "hello"}, {"token", token}, {"protocol", 1}});
  const json welcome = ws.next_of("welcome");
  CHECK(welcome["protocol"] == 1);
  CHECK(welcome["account"]["name"] == "alice");
  still_usable(ws);
}

TEST_CASE("malformed messages get stable codes and the connection stays usable", "[server][ws]") {
  running_server s(memory_only);
  ws_client ws(s.port());
  ws.hello(sign_up(s.port(), "alice"));
  ws.send_text("this is not json");
  CHECK(error_of(ws)["code"] == "bad_json");
  ws.send_text("[1,2,3]");
  CHECK(error_of(ws)["code"] == "bad_message");
  ws.send({{"type", "dance"}, {"id", "x1"}});
  const json unknown = ws.next_of("error");
  CHECK(unknown["error"]["code"] == "unknown_type");
  CHECK(unknown["id"] == "x1");  // the client's id comes back even on errors
  ws.send({{"type", "subscribe"}, {"game", "twelve"}});
  CHECK(error_of(ws)["code"] == "bad_message");
  ws.send({{"type", "command"}, {"game", 1}, {"id", "c1"}});  // no version, no cmd
  CHECK(error_of(ws)["code"] == "bad_message");
  ws.send({{"type", "subscribe"}, {"game", 999}});
  CHECK(error_of(ws)["code"] == "no_such_game");
  ws.send({{"type", "command"}, {"game", 999}, {"version", 0}, {"id", "c2"}, {"cmd", {{"type", "end_turn"}}}});
  const json r = ws.next_of("result");
  CHECK(r["ok"] == false);
  CHECK(r["error"]["code"] == "not_subscribed");
  still_usable(ws);
}

TEST_CASE("commands: results, rule errors, not your turn, stale versions", "[server][ws]") {
  running_server s(memory_only);
  const auto t = start_game(s.port(), "ann", 2);
  viewer a = connect(s.port(), t.tokens[0], t.game, false);
  viewer b = connect(s.port(), t.tokens[1], t.game, false);
  REQUIRE(a.doc["game"]["step"] == "plant_home");
  const int first = a.doc["to_act"][0];
  viewer& mover = first == a.seat ? a : b;
  viewer& other = first == a.seat ? b : a;
  CHECK(other.doc["legal"].empty() == false);  // out-of-turn commands (loans) are listed

  SECTION("a rule error carries the engine's code and sentence and changes nothing") {
    const json r = mover.command(t.game, {{"type", "plant_home"}, {"crop", "leek"}}, "bad1");
    CHECK(r["ok"] == false);
    CHECK(r["error"]["code"].is_string());
    CHECK(r["error"]["message"].get<std::string>().size() > 10);
    const json r2 = other.command(t.game, {{"type", "plant_home"}, {"crop", "wheat"}}, "bad2");
    CHECK(r2["error"]["code"] == "not_your_turn");
    const json r3 = mover.command(t.game, {{"type", "fly"}}, "bad3");
    CHECK(r3["error"]["code"] == "bad_command");
    CHECK(same_as_snapshot(mover, t.game));
    CHECK(mover.version == 0);
  }

  SECTION("an accepted command: the patch reaches everyone, the sender's marked as its answer") {
    const json r = mover.command(t.game, first_legal(mover, "plant_home"), "ok1");
    CHECK(accepted(r));
    CHECK(r["id"] == "ok1");
    CHECK(r["from"] == 0);
    CHECK(r["to"] == 1);
    CHECK(mover.version == 1);
    CHECK(same_as_snapshot(mover, t.game));
    // Nothing else answers it: the next message is the pong.
    mover.ws->send({{"type", "ping"}});
    CHECK(mover.ws->next()["type"] == "pong");
    const auto others = other.catch_up(1);
    CHECK(others.empty());
    CHECK(other.log.size() == 1);
    CHECK_FALSE(json::parse(other.texts.back().second).contains("id"));  // not theirs
    CHECK(same_as_snapshot(other, t.game));
  }

  SECTION("a command based on an old version is refused as stale and the sender caught up") {
    mover.command(t.game, first_legal(mover, "plant_home"), "ok1");
    // `other` has not read the patch yet: its view is at version 0.
    const std::uint32_t old = other.version;
    REQUIRE(old == 0);
    const json cmd = first_legal(other, "take_loan");
    const json r = other.command(t.game, cmd, "late");
    CHECK(r["ok"] == false);
    CHECK(r["error"]["code"] == "stale");
    other.catch_up(1);
    CHECK(other.version == 1);
    CHECK(same_as_snapshot(other, t.game));
    const json again = other.command(t.game, first_legal(other, "plant_home"), "retry");
    CHECK(accepted(again));
  }
}

TEST_CASE("subscribing: seats, spectators, guests", "[server][ws]") {
  running_server s(memory_only);
  const auto t = start_game(s.port(), "bob", 2);
  const auto stranger = sign_up(s.port(), "stranger");

  ws_client ws(s.port());
  ws.hello(stranger);
  ws.send({{"type", "subscribe"}, {"game", t.game}, {"as", "player"}});
  CHECK(error_of(ws)["code"] == "not_your_seat");
  viewer watcher = connect(s.port(), stranger, t.game, true);
  CHECK(watcher.seat == -1);
  CHECK(watcher.doc["legal"].empty());
  for (const auto& p : watcher.doc["game"]["players"])
    for (const auto& c : p["hand"]) CHECK(c == "hidden");
  const json r = watcher.command(t.game, {{"type", "take_loan"}}, "s1");
  CHECK(r["error"]["code"] == "not_a_player");

  viewer guest = connect(s.port(), "", t.game, true);
  CHECK(guest.seat == -1);
  CHECK(guest.doc == watcher.doc);

  // Unsubscribed: no more patches.
  guest.ws->send({{"type", "unsubscribe"}, {"game", t.game}});
  CHECK(guest.ws->next_of("unsubscribed")["game"] == t.game);
  viewer a = connect(s.port(), t.tokens[0], t.game, false);
  viewer b = connect(s.port(), t.tokens[1], t.game, false);
  viewer& mover = a.doc["to_act"][0] == a.seat ? a : b;
  mover.command(t.game, first_legal(mover, "plant_home"), "m1");
  watcher.catch_up(1);
  CHECK(!guest.ws->try_next(std::chrono::milliseconds(300)));
}

TEST_CASE("resume after a dropped connection: the missing patches, or a snapshot", "[server][ws]") {
  running_server s(memory_only);
  const auto t = start_game(s.port(), "cat", 2);
  viewer a = connect(s.port(), t.tokens[0], t.game, false);
  viewer b = connect(s.port(), t.tokens[1], t.game, false);
  // b drops; a moves on.
  b.ws->close();
  const std::uint32_t since = b.version;
  std::uint32_t version = 0;
  for (int i = 0; i < 3; ++i) {
    viewer& mover = a;
    const json r = mover.command(t.game, first_legal(mover, "take_loan"), "a" + std::to_string(i));
    REQUIRE(accepted(r));
    version = r["to"];
  }
  // b comes back with what it had.
  b.ws = std::make_unique<ws_client>(s.port());
  b.ws->hello(t.tokens[1]);
  b.ws->send({{"type", "subscribe"}, {"game", t.game}, {"as", "player"}, {"since", since}});
  b.catch_up(version);
  CHECK(b.version == version);
  bool got_snapshot = false;
  for (const auto& text : b.ws->received) got_snapshot |= json::parse(text)["type"] == "snapshot";
  CHECK_FALSE(got_snapshot);  // one patch of the three commands, rebuilt from the log
  CHECK(same_as_snapshot(b, t.game));

  // b drops again and plays on from a second connection (another device) until the first is
  // further behind than a resume rebuilds (64 versions): that one gets a snapshot.
  b.ws->close();
  const std::uint32_t long_ago = b.version;
  viewer b2 = connect(s.port(), t.tokens[1], t.game, false);
  for (int i = 0; version < long_ago + 70; ++i) {
    const auto& to_act = a.doc["to_act"];
    viewer& mover = std::find(to_act.begin(), to_act.end(), a.seat) != to_act.end() ? a : b2;
    json cmd;
    for (const auto& c : mover.doc["legal"]) {
      if (c["type"] != "undo") {
        cmd = c;
        break;
      }
    }
    REQUIRE(!cmd.is_null());
    const json r = mover.command(t.game, cmd, "p" + std::to_string(i));
    REQUIRE(accepted(r));
    version = r["to"];
    a.catch_up(version);
    b2.catch_up(version);
  }
  b.ws = std::make_unique<ws_client>(s.port());
  b.ws->hello(t.tokens[1]);
  b.ws->send({{"type", "subscribe"}, {"game", t.game}, {"as", "player"}, {"since", long_ago}});
  const json resumed = b.ws->next_of("snapshot");
  CHECK(resumed["version"] == version);

  // A version the server never had gets a snapshot.
  viewer c;
  c.seat = 1;
  c.ws = std::make_unique<ws_client>(s.port());
  c.ws->hello(t.tokens[1]);
  c.ws->send({{"type", "subscribe"}, {"game", t.game}, {"as", "player"}, {"since", 5000}});
  const json snap = c.ws->next_of("snapshot");
  CHECK(snap["version"] == version);
}

TEST_CASE("resuming up to date in a freshly loaded room: the next command is answered by its patch",
          "[server][ws]") {
  // Found by the cluster test: a room that keeps no views (loaded after a restart, or on a node
  // where nobody watched it) answered a resume whose `since` was its version `subscribed`, and
  // the resumed player's next command got `result ok` with no patch, leaving his view behind.
  std::shared_ptr<temp_dir> data;
  table t;
  std::uint32_t at = 0;
  json loan;
  {
    running_server s;
    data = s.data();
    t = start_game(s.port(), "rex", 2);
    viewer a = connect(s.port(), t.tokens[0], t.game, false);
    loan = first_legal(a, "take_loan");
    const json r = a.command(t.game, loan, "before-restart");
    REQUIRE(accepted(r));
    at = r["to"];
  }
  running_server s({}, data);
  auto ws = std::make_unique<ws_client>(s.port());
  ws->hello(t.tokens[0]);
  ws->send({{"type", "subscribe"}, {"game", t.game}, {"as", "player"}, {"since", at}});
  CHECK(ws->next_of("subscribed")["version"] == at);
  ws->send({{"type", "command"}, {"game", t.game}, {"version", at}, {"id", "after-resume"}, {"cmd", loan}});
  json answer;
  while (!answer.contains("id") || answer["id"] != "after-resume") answer = ws->next();
  CHECK(answer["type"] == "patch");
  CHECK(answer["from"] == at);
  CHECK(answer["to"] == at + 1);
}

TEST_CASE("limits: message size, rate, connections per account, Origin", "[server][ws][limits]") {
  SECTION("a message over the size limit is refused and the connection closed") {
    running_server s(memory_only);
    ws_client ws(s.port());
    ws.hello(sign_up(s.port(), "dave"));
    ws.send_text(std::string(70 * 1024, ' '));
    // RFC 6455's "message too big" close code: the stream can carry nothing after it.
    CHECK(!ws.try_next(std::chrono::seconds(5)));
    CHECK(ws.closed());
    CHECK(ws.close_code() == 1009);
  }
  SECTION("too many messages per second get too_fast; the connection stays") {
    running_server s([](loyang::server::config& c) {
      c.memory_only = true;
      c.ws_messages_per_second = 2;
    });
    ws_client ws(s.port());
    ws.hello(sign_up(s.port(), "erin"));
    for (int i = 0; i < 20; ++i) ws.send({{"type", "ping"}});
    int pongs = 0, too_fast = 0;
    for (int i = 0; i < 20; ++i) {
      const json m = ws.next();
      if (m["type"] == "pong") ++pongs;
      if (m["type"] == "error" && m["error"]["code"] == "too_fast") ++too_fast;
    }
    CHECK(too_fast > 0);
    CHECK(pongs + too_fast == 20);
    std::this_thread::sleep_for(std::chrono::seconds(1));
    still_usable(ws);
  }
  SECTION("an account may hold only so many connections") {
    running_server s([](loyang::server::config& c) {
      c.memory_only = true;
      c.max_connections_per_account = 2;
    });
    const auto token = sign_up(s.port(), "fred");
    ws_client one(s.port()), two(s.port()), three(s.port());
    one.hello(token);
    two.hello(token);
    three.send({{"type", "hello"}, {"token", token}});
    CHECK(error_of(three)["code"] == "too_many_connections");
    one.close();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ws_client four(s.port());
    CHECK(four.hello(token)["type"] == "welcome");
  }
  SECTION("an Origin outside the allow-list cannot open a WebSocket") {
    running_server s([](loyang::server::config& c) {
      c.memory_only = true;
      c.allowed_origins = {"https://loyang.example"};
    });
    CHECK_THROWS(ws_client(s.port(), "https://evil.example"));
    ws_client good(s.port(), "https://loyang.example");
    CHECK(good.hello("")["type"] == "welcome");
  }
}

TEST_CASE("bots fill seats and play through the same path", "[server][ws][bots]") {
  running_server s(memory_only);
  const auto t = start_game(s.port(), "gus", 1, 1);  // one person, one bot: starts at once
  viewer me = connect(s.port(), t.tokens[0], t.game, false);
  // Play first legal commands until the game is over; the bot answers by itself.
  int commands = 0;
  std::mt19937 random(11);
  while (me.doc["game"]["phase"] != "finished") {
    REQUIRE(commands++ < 5000);
    const auto& to_act = me.doc["to_act"];
    if (to_act.empty() || to_act[0] != me.seat) {
      INFO("waiting at version " << me.version << " for seats " << to_act.dump() << " in step "
                                 << me.doc["game"]["step"]);
      me.catch_up(me.version + 1);
      continue;
    }
    std::vector<json> legal;
    for (const auto& c : me.doc["legal"])
      if (c["type"] != "undo") legal.push_back(c);
    REQUIRE(!legal.empty());
    const json pick = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)];
    const json r = me.command(t.game, pick, "g" + std::to_string(commands));
    REQUIRE(accepted(r));
  }
  CHECK(me.doc["game"]["ranking"].size() == 2);
  bool bot_moved = false;
  for (const auto& e : me.log) bot_moved |= e["player"] != me.seat;
  CHECK(bot_moved);
  const auto summary = call_api(s.port(), http::verb::get, "/api/games/" + std::to_string(t.game),
                                std::nullopt, t.tokens[0]);
  CHECK(summary.body["status"] == "finished");
  CHECK(summary.body["result"]["ranking"].size() == 2);
}

TEST_CASE("a solo game is played over the WebSocket", "[server][ws][solo]") {
  running_server s(memory_only);
  const auto t = start_game(s.port(), "hal", 1);
  viewer me = connect(s.port(), t.tokens[0], t.game, false);
  CHECK(me.seat == 0);
  CHECK(me.doc["to_act"] == json::array({0}));
  const json r = me.command(t.game, first_legal(me, "plant_home"), "s1");
  CHECK(accepted(r));
  CHECK(same_as_snapshot(me, t.game));
}
