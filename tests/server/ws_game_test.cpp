// Whole games over real WebSockets: four people (and a spectator) play a random 4-player game
// to the end. Every patch a client applies gives exactly the view a fresh snapshot gives, and
// no byte sent to one connection carries another player's hand, nor (in the log's events) the
// cards another player was dealt.
#include <algorithm>
#include <random>

#include "game_client.hpp"

using namespace loyang::test;

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
    const json answer = actor.command(t.game, cmd, "c" + std::to_string(commands));
    INFO(cmd.dump() << " -> " << answer.dump());
    REQUIRE(accepted(answer));
    version = answer["to"];
    REQUIRE(version == actor.version);
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
            // The log names cards that commands made public: a discarded Helper may be
            // reshuffled and dealt again, even by the same command (a snapshot's whole log, a
            // patch's new entry, which comes last). That is public history, not the hand.
            const std::string scope =
                text.substr(0, std::min(text.find("\"log\":"), text.find("\"path\":\"/log/-\"")));
            const auto found = scope.find("\"" + card + "\"");
            INFO("found in: " << (found == std::string::npos ? std::string()
                                  : scope.substr(found < 300 ? 0 : found - 300, 600)));
            CHECK(found == std::string::npos);
          }
        }
      }
    }
    CHECK(scanned > 4u * version);
  }

  {  // The log's events name a player's dealt cards to him alone (issue 20): every other
     // reader, seats and spectators, reads the same entry with those cards "hidden".
    std::size_t dealt = 0;
    for (const viewer& owner : seats) {
      for (std::size_t i = 0; i < owner.log.size(); ++i) {
        const json& events = owner.log[i]["events"];
        for (std::size_t k = 0; k < events.size(); ++k) {
          if (events[k]["type"] != "cards_dealt" || events[k]["player"] != owner.seat) continue;
          ++dealt;
          for (const auto& c : events[k]["cards"]) CHECK(c != "hidden");  // his own: named
          std::vector<const viewer*> others{&spectator};
          for (const viewer& o : seats)
            if (o.seat != owner.seat) others.push_back(&o);
          for (const viewer* o : others) {
            INFO("seat " << owner.seat << "'s deal at version " << i + 1 << " read by " << o->seat);
            const json& theirs = o->log[i]["events"][k];
            CHECK(theirs["type"] == "cards_dealt");
            CHECK(theirs["cards"].size() == events[k]["cards"].size());
            for (const auto& c : theirs["cards"]) CHECK(c == "hidden");
          }
        }
      }
    }
    CHECK(dealt > 0);
  }
}
