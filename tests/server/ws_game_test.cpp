// Whole games over real WebSockets: four people (and a spectator) play a random 4-player game
// to the end. Every patch a client applies gives exactly the view a fresh snapshot gives, and
// no byte sent to one connection carries another player's hand.
#include <map>
#include <random>
#include <set>

#include "loyang/protocol/patch.hpp"
#include "server_fixture.hpp"

using namespace loyang::test;

namespace {

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

  /// Sends a command and reads until its result; keeps the view current meanwhile.
  json command(std::int64_t game, const json& cmd, const std::string& id) {
    ws->send({{"type", "command"}, {"game", game}, {"version", version}, {"id", id}, {"cmd", cmd}});
    for (;;) {
      json m = ws->next();
      take(m, ws->received.back());
      if (m["type"] == "result" && m["id"] == id) return m;
    }
  }
};

struct table {
  std::int64_t game = 0;
  std::vector<std::string> tokens;
};

/// Four accounts; the first creates a 4-player game and the others join it.
table four_player_game(std::uint16_t port, const std::string& prefix) {
  table t;
  for (int i = 0; i < 4; ++i) t.tokens.push_back(sign_up(port, prefix + std::to_string(i)));
  auto created = call_api(port, http::verb::post, "/api/games", json{{"players", 4}}, t.tokens[0]);
  INFO(created.body.dump());
  REQUIRE(created.status == http::status::created);
  t.game = created.body["id"];
  for (int i = 1; i < 4; ++i) {
    auto joined = call_api(port, http::verb::post, "/api/games/" + std::to_string(t.game) + "/join",
                           json::object(), t.tokens[i]);
    INFO(joined.body.dump());
    REQUIRE(joined.status == http::status::ok);
  }
  return t;
}

viewer connect(std::uint16_t port, const std::string& token, std::int64_t game, bool spectator) {
  viewer v;
  v.ws = std::make_unique<ws_client>(port);
  v.ws->hello(token);
  v.ws->send({{"type", "subscribe"}, {"game", game}, {"as", spectator ? "spectator" : "player"}});
  json snap = v.ws->next_of("snapshot");
  v.seat = snap["seat"].is_null() ? -1 : snap["seat"].get<int>();
  v.take(snap, v.ws->received.back());
  return v;
}

/// Whether a fresh snapshot on the same connection shows exactly what the viewer has built.
bool same_as_snapshot(viewer& v, std::int64_t game) {
  v.ws->send({{"type", "subscribe"}, {"game", game}, {"as", v.seat < 0 ? "spectator" : "player"}});
  json view = v.ws->next_of("snapshot")["view"];
  json built = v.doc;
  built["log"] = v.log;
  return view == built;
}

}  // namespace

TEST_CASE("a 4-player game played over WebSockets to the end", "[server][ws][game]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto t = four_player_game(s.port(), "player");
  std::vector<viewer> seats;
  for (int i = 0; i < 4; ++i) {
    seats.push_back(connect(s.port(), t.tokens[i], t.game, false));
    CHECK(seats.back().seat == i);
  }
  viewer spectator = connect(s.port(), "", t.game, true);
  CHECK(spectator.seat == -1);
  CHECK(spectator.doc["legal"].empty());

  std::mt19937 random(7);
  std::uint32_t version = 0;
  int commands = 0;
  while (seats[0].doc["game"]["phase"] != "finished") {
    REQUIRE(commands < 20000);
    const auto& to_act = seats[0].doc["to_act"];
    REQUIRE(!to_act.empty());
    viewer& actor = seats[to_act[0].get<int>()];
    std::vector<json> legal;
    for (const auto& c : actor.doc["legal"])
      if (c["type"] != "undo") legal.push_back(c);
    REQUIRE(!legal.empty());
    const json cmd = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)];
    const json result = actor.command(t.game, cmd, "c" + std::to_string(commands));
    INFO(cmd.dump() << " -> " << result.dump());
    REQUIRE(result["ok"] == true);
    version = result["version"];
    REQUIRE(version == actor.version);  // the patch comes before the result
    ++commands;
    for (auto& v : seats) v.catch_up(version);
    spectator.catch_up(version);
    if (commands % 400 == 0) {
      for (auto& v : seats) CHECK(same_as_snapshot(v, t.game));
    }
  }
  CHECK(seats[0].doc["game"]["ranking"].size() == 4);
  CHECK(seats[0].doc["legal"].empty());
  CHECK(seats[0].log.size() == version);

  // Patches applied by each client give exactly a fresh snapshot, for players and spectators.
  for (auto& v : seats) CHECK(same_as_snapshot(v, t.game));
  CHECK(same_as_snapshot(spectator, t.game));

  {  // No byte sent to a connection names a card in another player's hand.
    std::vector<viewer*> all;
    for (auto& v : seats) all.push_back(&v);
    all.push_back(&spectator);
    std::size_t scanned = 0;
    for (const viewer* to : all) {
      for (const auto& [at, text] : to->texts) {
        ++scanned;
        // No seed, state hash, draw pile or field pile, however deeply nested.
        for (const char* key : {"\"seed\"", "\"state_hash\"", "\"draw_pile\"", "\"field_pile\""}) {
          INFO("to seat " << to->seat << " at version " << at);
          CHECK(text.find(key) == std::string::npos);
        }
        for (const viewer& owner : seats) {
          if (owner.seat == to->seat) continue;
          const auto hand = owner.hands.find(at);
          REQUIRE(hand != owner.hands.end());
          for (const auto& card : hand->second) {
            INFO("to seat " << to->seat << " at version " << at << ": seat " << owner.seat
                            << "'s hand card " << card);
            // A snapshot carries the whole log, whose old commands name cards that may since
            // have been reshuffled and dealt again; those are public history, not the hand.
            const std::string scope = text.substr(0, text.find("\"log\":"));
            CHECK(scope.find("\"" + card + "\"") == std::string::npos);
          }
        }
      }
    }
    CHECK(scanned > 4u * version);
  }
}
