#pragma once
// Test support: a tournament's page read over the API, waiting for a round's games, and
// deciding each game of a round by a resignation (the higher-numbered player always wins).
#include <map>
#include <string>
#include <utility>

#include "clock_helpers.hpp"

namespace loyang::test {

inline json detail(std::uint16_t port, std::int64_t id) {
  const auto d = call_api(port, http::verb::get, "/api/tournaments/" + std::to_string(id));
  INFO(d.body.dump());
  REQUIRE(d.status == http::status::ok);
  return d.body;
}

// The tournament once round `round` has every game made (or it ended).
inline json round_ready(std::uint16_t port, std::int64_t id, int round) {
  json d;
  eventually([&] {
    d = detail(port, id);
    if (d["status"] == "finished") return true;
    if (d["round"] != round) return false;
    for (const auto& g : d["rounds_played"][std::size_t(round - 1)]["games"]) {
      if (g["game"].is_null()) return false;
    }
    return true;
  }, "round " + std::to_string(round) + " made");
  return d;
}

// A game's two players, the lesser name first.
inline std::pair<std::string, std::string> pair_of(const json& g) {
  std::string a = g["players"][0], b = g["players"][1];
  if (b < a) std::swap(a, b);
  return {a, b};
}

// The number in a player's name ("rr3" is 3).
inline int number_of(const std::string& name) { return std::stoi(name.substr(name.find_first_of("0123456789"))); }

// Each game of the round ends by the lower-numbered player resigning.
inline void resign_round(std::uint16_t port, const json& d, int round, const std::map<std::string, std::string>& tokens) {
  for (const auto& g : d["rounds_played"][std::size_t(round - 1)]["games"]) {
    if (g["finished"] == true) continue;
    const std::string a = g["players"][0], b = g["players"][1];
    const auto& loser = number_of(a) < number_of(b) ? a : b;
    const auto r = api_post(port, game_path(g["game"].get<std::int64_t>(), "resign"), tokens.at(loser));
    INFO(r.body.dump());
    REQUIRE(r.status == http::status::ok);
  }
}

}  // namespace loyang::test
