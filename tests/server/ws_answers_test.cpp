// What a client writer relies on: every patch a connection gets starts where the previous one
// ended (never one it already has, never a gap), also after a `stale` answer and a second
// `subscribe`; every `subscribe` and every command gets exactly one answer, commands of one game
// in the order sent; refusals by the transport carry the command's id.
#include <random>

#include "game_client.hpp"

using namespace loyang::test;

namespace {

void memory_only(loyang::server::config& c) { c.memory_only = true; }

/// The seat that acts first, and the other's viewer.
struct two_seats {
  viewer* mover;
  viewer* other;
};
two_seats who_moves(viewer& a, viewer& b) {
  const int first = a.doc["to_act"][0];
  return first == a.seat ? two_seats{&a, &b} : two_seats{&b, &a};
}

json first_legal(const viewer& v, const std::string& type) {
  for (const auto& c : v.doc["legal"])
    if (c["type"] == type) return c;
  FAIL("no legal " << type);
  return {};
}

json command_message(std::int64_t game, std::uint32_t version, const std::string& id, const json& cmd) {
  return {{"type", "command"}, {"game", game}, {"version", version}, {"id", id}, {"cmd", cmd}};
}

/// The next message, applied to the view when it is a snapshot or a patch (the viewer checks
/// that each patch starts at its version).
json next_taken(viewer& v) {
  json m = v.ws->next();
  v.take(m, v.ws->received.back());
  return m;
}

/// Whether the viewer's view is the server's: a fresh snapshot on a new connection.
bool same_as_fresh(const viewer& v, std::uint16_t port, const std::string& token, std::int64_t game) {
  viewer fresh = connect(port, token, game, v.seat < 0);
  json built = v.doc;
  built["log"] = v.log;
  json theirs = fresh.doc;
  theirs["log"] = fresh.log;
  return fresh.version == v.version && built == theirs;
}

}  // namespace

TEST_CASE("the loser of a race at one version gets stale and no patch twice", "[server][ws][stale]") {
  running_server s(memory_only);
  const auto t = start_game(s.port(), "race", 2);
  viewer a = connect(s.port(), t.tokens[0], t.game, false);
  viewer b = connect(s.port(), t.tokens[1], t.game, false);
  auto [mover, other] = who_moves(a, b);
  const std::string other_token = t.tokens[std::size_t(other->seat)];

  SECTION("two seats") {
    REQUIRE(accepted(mover->command(t.game, first_legal(*mover, "plant_home"), "win")));
    // The loser has the winner's patch, then sends a command based on version 0.
    const json patch = next_taken(*other);
    REQUIRE(patch["type"] == "patch");
    CHECK(patch["from"] == 0);
    CHECK(patch["to"] == 1);
    other->ws->send(command_message(t.game, 0, "late", {{"type", "take_loan"}}));
    // A refusal that also goes through the game marks the end: nothing may come between.
    other->ws->send(command_message(t.game, 1, "mark", {{"type", "plant_home"}, {"crop", "leek"}}));
    const json stale = next_taken(*other);
    CHECK(stale["type"] == "result");
    CHECK(stale["id"] == "late");
    CHECK(stale["error"]["code"] == "stale");
    const json mark = next_taken(*other);  // not patch 0->1 again
    CHECK(mark["type"] == "result");
    CHECK(mark["id"] == "mark");
    CHECK(other->version == 1);
    CHECK(same_as_fresh(*other, s.port(), other_token, t.game));
  }

  SECTION("two connections of one seat") {
    viewer twin = connect(s.port(), t.tokens[std::size_t(mover->seat)], t.game, false);
    REQUIRE(accepted(mover->command(t.game, first_legal(*mover, "plant_home"), "win")));
    const json patch = next_taken(twin);
    REQUIRE(patch["type"] == "patch");
    CHECK_FALSE(patch.contains("id"));
    twin.ws->send(command_message(t.game, 0, "late", {{"type", "take_loan"}}));
    twin.ws->send(command_message(t.game, 1, "mark", {{"type", "plant_home"}, {"crop", "wheat"}}));
    CHECK(next_taken(twin)["error"]["code"] == "stale");
    const json mark = next_taken(twin);
    CHECK(mark["type"] == "result");
    CHECK(mark["id"] == "mark");
    CHECK(mark["error"]["code"] == "not_your_turn");
  }

  SECTION("the loser has not read the winner's patch yet") {
    REQUIRE(accepted(mover->command(t.game, first_legal(*mover, "plant_home"), "win")));
    other->ws->send(command_message(t.game, 0, "late", {{"type", "take_loan"}}));
    other->ws->send(command_message(t.game, 1, "mark", {{"type", "plant_home"}, {"crop", "leek"}}));
    std::vector<std::string> seen;
    for (int i = 0; i < 3; ++i) {
      const json m = next_taken(*other);
      seen.push_back(m["type"].get<std::string>() + (m.contains("id") ? ":" + m["id"].get<std::string>() : ""));
    }
    CHECK(seen == std::vector<std::string>{"patch", "result:late", "result:mark"});
    CHECK(other->version == 1);
  }
}

TEST_CASE("answers to one game's commands come in the order the commands were sent",
          "[server][ws][order]") {
  running_server s(memory_only);
  const auto t = start_game(s.port(), "order", 2);
  viewer a = connect(s.port(), t.tokens[0], t.game, false);
  viewer b = connect(s.port(), t.tokens[1], t.game, false);
  auto [mover, other] = who_moves(a, b);
  (void)other;
  const json plant = first_legal(*mover, "plant_home");
  // Sent at once, without waiting: accepted, then stale, then not your turn (at version 1 the
  // other seat plants), then a command that cannot be read.
  mover->ws->send(command_message(t.game, 0, "c1", plant));
  mover->ws->send(command_message(t.game, 0, "c2", plant));
  mover->ws->send(command_message(t.game, 1, "c3", plant));
  mover->ws->send(command_message(t.game, 1, "c4", {{"type", "fly"}}));
  std::vector<std::string> answers;
  for (int i = 0; i < 4; ++i) {
    const json m = next_taken(*mover);
    answers.push_back(m["type"].get<std::string>() + ":" + m.value("id", std::string("-")) + ":" +
                      (m.contains("error") ? m["error"]["code"].get<std::string>() : "ok"));
  }
  CHECK(answers == std::vector<std::string>{"patch:c1:ok", "result:c2:stale",
                                            "result:c3:not_your_turn", "result:c4:bad_command"});
}

TEST_CASE("every subscribe gets one answer: a snapshot, or the missing patches and subscribed",
          "[server][ws][subscribe]") {
  running_server s(memory_only);
  const auto t = start_game(s.port(), "sub", 2);
  viewer a = connect(s.port(), t.tokens[0], t.game, false);
  viewer b = connect(s.port(), t.tokens[1], t.game, false);
  auto [mover, other] = who_moves(a, b);

  SECTION("since the current version: subscribed, nothing else") {
    other->ws->send({{"type", "subscribe"}, {"game", t.game}, {"since", 0}});
    const json m = next_taken(*other);
    // last_seen: this seat has not left the game nor moved yet.
    CHECK(m == json{{"type", "subscribed"}, {"game", t.game}, {"version", 0}, {"seat", other->seat},
                    {"last_seen", nullptr}});
  }

  SECTION("a spectator up to date: subscribed with seat null") {
    viewer watcher = connect(s.port(), t.tokens[0], t.game, true);
    watcher.ws->send({{"type", "subscribe"}, {"game", t.game}, {"as", "spectator"}, {"since", 0}});
    const json m = next_taken(watcher);
    CHECK(m["type"] == "subscribed");
    CHECK(m["seat"].is_null());
  }

  SECTION("again with an old since while patches are on their way: none of them twice") {
    REQUIRE(accepted(mover->command(t.game, first_legal(*mover, "plant_home"), "m1")));
    // `other` has not read patch 0->1 and asks to be brought up from 0.
    other->ws->send({{"type", "subscribe"}, {"game", t.game}, {"since", 0}});
    const json patch = next_taken(*other);
    CHECK(patch["type"] == "patch");
    const json done = next_taken(*other);
    CHECK(done["type"] == "subscribed");  // not patch 0->1 a second time
    CHECK(done["version"] == 1);
    CHECK(other->version == 1);
  }

  SECTION("a new connection resumes: the patches after since, then subscribed") {
    const std::string token = t.tokens[std::size_t(other->seat)];
    other->ws->close();
    REQUIRE(accepted(mover->command(t.game, first_legal(*mover, "plant_home"), "m1")));
    other->ws = std::make_unique<ws_client>(s.port());
    other->ws->hello(token);
    other->ws->send({{"type", "subscribe"}, {"game", t.game}, {"since", 0}});
    CHECK(next_taken(*other)["type"] == "patch");
    const json done = next_taken(*other);
    CHECK(done["type"] == "subscribed");
    CHECK(done["version"] == 1);
    CHECK(same_as_fresh(*other, s.port(), token, t.game));
  }
}

TEST_CASE("a guest cannot subscribe as a player", "[server][ws][subscribe]") {
  running_server s(memory_only);
  const auto t = start_game(s.port(), "guest", 2);
  ws_client ws(s.port());
  ws.hello("");
  ws.send({{"type", "subscribe"}, {"game", t.game}});  // `as` defaults to "player"
  const json m = ws.next();
  CHECK(m["type"] == "error");
  CHECK(m["error"]["code"] == "not_your_seat");
  CHECK(m["game"] == t.game);  // what it answers: a subscribe has no id
  ws.send({{"type", "subscribe"}, {"game", t.game}, {"as", "spectator"}});
  const json snap = ws.next();
  CHECK(snap["type"] == "snapshot");
  CHECK(snap["seat"].is_null());
}

TEST_CASE("a refusal by the transport carries the command's id", "[server][ws][ids]") {
  SECTION("too_fast") {
    running_server s([](loyang::server::config& c) {
      c.memory_only = true;
      c.ws_messages_per_second = 1;  // bursts of 3
    });
    ws_client ws(s.port());
    ws.hello(sign_up(s.port(), "fast"));
    // Odd ids are over the 64-byte limit: refused as bad_message when read, and echoed in full.
    const auto id_of = [](int i) { return "f" + std::to_string(i) + (i % 2 ? std::string(70, 'x') : ""); };
    for (int i = 0; i < 10; ++i) ws.send(command_message(999, 0, id_of(i), {{"type", "end_turn"}}));
    std::map<std::string, int> answers;
    int too_fast = 0, long_too_fast = 0;
    for (int i = 0; i < 10; ++i) {
      const json m = ws.next();
      INFO(m.dump());
      REQUIRE(m.contains("id"));
      const std::string id = m["id"];
      ++answers[id];
      if (m["error"]["code"] == "too_fast") {
        CHECK(m["type"] == "error");
        ++too_fast;
        long_too_fast += id.size() > 64;
      } else if (id.size() > 64) {
        CHECK(m["error"]["code"] == "bad_message");
      } else {
        CHECK(m["error"]["code"] == "not_subscribed");
      }
    }
    CHECK(long_too_fast > 0);
    CHECK(too_fast > 0);
    CHECK(answers.size() == 10);  // each command answered once, by its id
  }
  SECTION("bad_message, with an id of any length") {
    running_server s(memory_only);
    ws_client ws(s.port());
    ws.hello(sign_up(s.port(), "badmsg"));
    ws.send({{"type", "command"}, {"game", 1}, {"id", "c1"}});  // no version, no cmd
    json m = ws.next();
    CHECK(m["error"]["code"] == "bad_message");
    CHECK(m["id"] == "c1");
    ws.send({{"game", 1}, {"version", 0}, {"id", "c2"}, {"cmd", {{"type", "end_turn"}}}});  // no type
    m = ws.next();
    CHECK(m["error"]["code"] == "bad_message");
    CHECK(m["id"] == "c2");
    const std::string long_id(100, 'x');
    ws.send(command_message(1, 0, long_id, {{"type", "end_turn"}}));
    m = ws.next();
    CHECK(m["error"]["code"] == "bad_message");
    CHECK(m["id"] == long_id);  // in full: the client can match it
    CHECK(m["error"]["message"].get<std::string>().find("64 bytes") != std::string::npos);
    ws.send_text(command_message(1, 0, "c3", {{"type", "end_turn"}}).dump().substr(1));  // not JSON
    m = ws.next();
    CHECK(m["error"]["code"] == "bad_json");
    CHECK_FALSE(m.contains("id"));
  }
  SECTION("hello_first") {
    running_server s(memory_only);
    ws_client ws(s.port());
    ws.send(command_message(1, 0, "early", {{"type", "end_turn"}}));
    const json m = ws.next();
    CHECK(m["error"]["code"] == "hello_first");
    CHECK(m["id"] == "early");
  }
}

TEST_CASE("racing clients with random versions: every connection's patches form one chain",
          "[server][ws][race]") {
  running_server s(memory_only);
  const auto t = start_game(s.port(), "chain", 2);
  // Two connections per seat send commands; a spectator only watches. Nobody reads before
  // sending, so commands are often based on an old version (stale), and some versions are
  // off on purpose; now and then a connection subscribes again with its own version.
  std::vector<viewer> players;
  std::vector<std::string> tokens;
  for (int seat_token = 0; seat_token < 2; ++seat_token) {
    for (int k = 0; k < 2; ++k) {
      players.push_back(connect(s.port(), t.tokens[std::size_t(seat_token)], t.game, false));
      tokens.push_back(t.tokens[std::size_t(seat_token)]);
    }
  }
  viewer spectator = connect(s.port(), t.tokens[0], t.game, true);
  std::mt19937 random(20261124);
  std::uniform_int_distribution<int> percent(0, 99);
  int accepted_count = 0, stale_count = 0;
  for (int n = 0; n < 300; ++n) {
    viewer& c = players[std::uniform_int_distribution<std::size_t>(0, players.size() - 1)(random)];
    if (percent(random) < 10) {
      c.ws->send({{"type", "subscribe"}, {"game", t.game}, {"since", c.version}});
      for (;;) {
        const json m = next_taken(c);
        if (m["type"] == "subscribed" || m["type"] == "snapshot") break;
      }
      continue;
    }
    std::vector<json> legal(c.doc["legal"].begin(), c.doc["legal"].end());
    const json cmd = legal.empty() ? json{{"type", "end_turn"}}
                                   : legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)];
    std::uint32_t version = c.version;
    const int r = percent(random);
    if (r < 10 && version > 0) version -= 1;
    if (r >= 90) version += 1;
    const std::string id = std::string("r").append(std::to_string(n));
    c.ws->send(command_message(t.game, version, id, cmd));
    for (;;) {
      const json m = next_taken(c);
      INFO(m.dump());
      REQUIRE(m["type"] != "error");
      if (m.value("id", std::string()) != id) continue;
      if (m["type"] == "patch") ++accepted_count;
      if (m["type"] == "result" && m["error"]["code"] == "stale") ++stale_count;
      break;
    }
  }
  CHECK(accepted_count > 20);
  CHECK(stale_count > 20);
  // Each connection reads the rest and must end at the game's view.
  for (std::size_t i = 0; i < players.size(); ++i) {
    viewer& c = players[i];
    c.ws->send({{"type", "subscribe"}, {"game", t.game}, {"since", c.version}});
    while (next_taken(c)["type"] != "subscribed") {
    }
    CHECK(same_as_fresh(c, s.port(), tokens[i], t.game));
  }
  spectator.ws->send({{"type", "subscribe"}, {"game", t.game}, {"as", "spectator"}, {"since", spectator.version}});
  while (next_taken(spectator)["type"] != "subscribed") {
  }
  CHECK(same_as_fresh(spectator, s.port(), t.tokens[0], t.game));
}
