#pragma once
// Test support: a game client over the WebSocket that keeps its view current from snapshots
// and patches, as a real client would, and playing a solo game to its end with it.
#include <map>
#include <random>
#include <set>

#include "loyang/protocol/patch.hpp"
#include "server_fixture.hpp"

namespace loyang::test {

/// One seat's (or the spectator's) connection and the view it has built from what it got.
struct viewer {
  std::unique_ptr<ws_client> ws;
  json doc;                  // the view without its log: snapshot, then patches applied
  json log = json::array();  // the view's log, kept apart: it only grows
  std::uint32_t version = 0;
  int seat = -1;             // -1: spectator
  // (version reached, raw text) of every snapshot and patch, for the secrecy scan.
  std::vector<std::pair<std::uint32_t, std::string>> texts;
  // Own hand after each version (players only).
  std::map<std::uint32_t, std::set<std::string>> hands;

  void take(const json& m, const std::string& raw) {
    if (m["type"] == "snapshot") {
      doc = m["view"];
      log = doc["log"];
      doc.erase("log");
      version = m["version"];
    } else if (m["type"] == "patch") {
      REQUIRE(m["from"].get<std::uint32_t>() == version);
      json ops = json::array();
      for (const auto& op : m["ops"]) {
        if (op["path"] == "/log/-" && op["op"] == "add") {
          log.push_back(op["value"]);
        } else {
          ops.push_back(op);
        }
      }
      auto next = loyang::protocol::apply_patch(doc, ops);
      REQUIRE(next);
      doc = std::move(next.value());
      version = m["to"];
    } else if (m["type"] == "table") {
      // The server's part of the view changed without a command (a clock, a seat, the result).
      doc["table"] = m["table"];
      return;
    } else {
      return;
    }
    texts.emplace_back(version, raw);
    if (seat >= 0) {
      std::set<std::string> hand;
      for (const auto& c : doc["game"]["players"][seat]["hand"]) hand.insert(c.get<std::string>());
      hands[version] = std::move(hand);
    }
  }

  /// Reads messages until the view is at `v`; returns the other messages it saw.
  std::vector<json> catch_up(std::uint32_t v) {
    std::vector<json> other;
    while (version < v) {
      json m = ws->next();
      take(m, ws->received.back());
      if (m["type"] != "snapshot" && m["type"] != "patch") other.push_back(m);
    }
    return other;
  }

  /// Sends a command and reads until its answer: the patch carrying its id (accepted; already
  /// applied to the view) or a `result` (refused). Keeps the view current meanwhile.
  json command(std::int64_t game, const json& cmd, const std::string& id) {
    ws->send({{"type", "command"}, {"game", game}, {"version", version}, {"id", id}, {"cmd", cmd}});
    for (;;) {
      json m = ws->next();
      take(m, ws->received.back());
      if ((m["type"] == "result" || m["type"] == "patch") && m.contains("id") && m["id"] == id) {
        return m;
      }
      if (m["type"] == "error") FAIL("an error instead of an answer: " << m.dump());
    }
  }
};

/// Whether a command's answer says it was accepted: its patch (a refusal is a `result`).
inline bool accepted(const json& answer) {
  return answer["type"] == "patch" && answer.contains("id");
}

struct table {
  std::int64_t game = 0;
  std::vector<std::string> tokens;
};

/// `people` accounts named prefix0.. ; the first creates a game of `people + bots` players
/// (with `extra` options) and the others join it, which starts it.
inline table start_game(std::uint16_t port, const std::string& prefix, int people, int bots = 0,
                        json extra = json::object()) {
  table t;
  for (int i = 0; i < people; ++i) t.tokens.push_back(sign_up(port, prefix + std::to_string(i)));
  json body = extra;
  body["players"] = people + bots;
  if (bots > 0) body["bots"] = bots;
  auto created = call_api(port, http::verb::post, "/api/games", body, t.tokens[0]);
  INFO(created.body.dump());
  REQUIRE(created.status == http::status::created);
  t.game = created.body["id"];
  for (int i = 1; i < people; ++i) {
    auto joined = call_api(port, http::verb::post, "/api/games/" + std::to_string(t.game) + "/join",
                           json::object(), t.tokens[std::size_t(i)]);
    INFO(joined.body.dump());
    REQUIRE(joined.status == http::status::ok);
  }
  return t;
}

inline table four_player_game(std::uint16_t port, const std::string& prefix) {
  return start_game(port, prefix, 4);
}

inline viewer connect(std::uint16_t port, const std::string& token, std::int64_t game, bool spectator) {
  viewer v;
  v.ws = std::make_unique<ws_client>(port);
  v.ws->hello(token);
  v.ws->send({{"type", "subscribe"}, {"game", game}, {"as", spectator ? "spectator" : "player"}});
  json snap = v.ws->next_of("snapshot");
  v.seat = snap["seat"].is_null() ? -1 : snap["seat"].get<int>();
  v.take(snap, v.ws->received.back());
  return v;
}

/// Plays `v`'s solo game `game` to its end with legal commands (never an undo) drawn at random
/// from `seed`; fails the test on a refusal or after 20000 commands.
inline void play_solo(viewer& v, std::int64_t game, unsigned seed) {
  std::mt19937 random(seed);
  for (int i = 0; v.doc["game"]["phase"] != "finished"; ++i) {
    REQUIRE(i < 20000);
    std::vector<json> legal;
    for (const auto& c : v.doc["legal"])
      if (c["type"] != "undo") legal.push_back(c);
    REQUIRE(!legal.empty());
    REQUIRE(accepted(v.command(game, legal[random() % legal.size()], "d" + std::to_string(i))));
  }
}

/// Whether a fresh snapshot on the same connection shows exactly what the viewer has built.
inline bool same_as_snapshot(viewer& v, std::int64_t game) {
  v.ws->send({{"type", "subscribe"}, {"game", game}, {"as", v.seat < 0 ? "spectator" : "player"}});
  json view = v.ws->next_of("snapshot")["view"];
  json built = v.doc;
  built["log"] = v.log;
  return view == built;
}

}  // namespace loyang::test
