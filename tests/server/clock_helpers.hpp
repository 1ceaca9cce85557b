#pragma once
// Test support: a server clock the test moves by hand, polling the API and /metrics until
// something happened, and playing a seat with random legal commands.
#include <atomic>
#include <memory>
#include <random>
#include <thread>

#include "game_client.hpp"

namespace loyang::test {

/// Where the hand clock starts (November 2026).
inline constexpr std::int64_t hand_t0 = 1795000000;


// The time every server of a test reads; moved by the test.
struct hand_clock {
  std::shared_ptr<std::atomic<std::int64_t>> now = std::make_shared<std::atomic<std::int64_t>>(hand_t0);
  std::function<void(loyang::server::config&)> settings() const {
    return [now = now](loyang::server::config& c) {
      c.clock = [now] { return now->load(); };
      c.clock_max_sleep = std::chrono::milliseconds(20);
    };
  }
  void move_to(std::int64_t t) { now->store(t); }
};

/// Polls `done` (every 20 ms, for at most `limit`) until it holds; fails the test otherwise.
inline void eventually(const std::function<bool()>& done, const std::string& what,
                       std::chrono::milliseconds limit = std::chrono::seconds(20)) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) FAIL("never happened: " << what);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

inline json summary(std::uint16_t port, std::int64_t game, const std::string& token) {
  auto s = call_api(port, http::verb::get, game_path(game), std::nullopt, token);
  REQUIRE(s.status == http::status::ok);
  return s.body;
}

// Reads the summary until `done` says so (the timer fires within its 20 ms sleep).
inline json summary_when(std::uint16_t port, std::int64_t game, const std::string& token,
                  const std::function<bool(const json&)>& done) {
  json s;
  for (int i = 0; i < 500; ++i) {
    s = summary(port, game, token);
    if (done(s)) return s;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  FAIL("the summary never got there: " << s.dump());
  return s;
}


inline bool acting(const json& s, int seat) {
  return std::find(s["to_act"].begin(), s["to_act"].end(), json(seat)) != s["to_act"].end();
}

// Plays `v`'s seat with random legal commands while it must act; stops when it need not, or at
// the end of the game. Returns whether the game has ended. `amid_bots`: bots may end the game
// while `v`'s view is behind, so a `game_over` refusal is the end too.
inline bool play_while_acting(viewer& v, std::int64_t game, std::mt19937& random, bool amid_bots = false) {
  for (int n = 0; n < 10000; ++n) {
    if (v.doc["game"]["phase"] == "finished") return true;
    std::vector<json> legal;
    for (const auto& c : v.doc["legal"])
      if (c["type"] != "undo") legal.push_back(c);
    if (legal.empty()) return false;
    const auto answer = v.command(game, legal[random() % legal.size()], std::string("r").append(std::to_string(n)));
    if (answer["type"] == "result" && answer["error"]["code"] == "stale") continue;  // a bot moved first
    if (amid_bots && answer["type"] == "result" && answer["error"]["code"] == "game_over") return true;
    INFO(answer.dump());
    REQUIRE(accepted(answer));
  }
  FAIL("the seat never stopped acting");
  return false;
}



}  // namespace loyang::test
