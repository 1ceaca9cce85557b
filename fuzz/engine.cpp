// libFuzzer target: the engine's apply() driven by fuzzer-chosen command sequences.
// The bytes pick the options, the seed, then step by step a player and a command: one of the
// legal ones, a legal one with a byte of its encoding changed (the right type with a wrong
// card, field or player), a command decoded from raw bytes, or undo. After every step:
// - apply accepts a command exactly when legal_commands lists it for that player,
// - a refused command leaves the state equal to what it was,
// - an accepted one keeps engine::check_invariants (the checks `loyang simulate` and the
//   random-game tests run) and view() hides every other player's hand and the undo history.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "loyang/engine/game.hpp"
#include "loyang/engine/serialize.hpp"

using namespace loyang::engine;

namespace {

[[noreturn]] void violation(const state& s, const std::string& what) {
  std::fprintf(stderr, "engine fuzz: %s (version %u)\n", what.c_str(), unsigned(s.version));
  std::abort();
}

/// The command's name, player and encoding (serialize.hpp), for the report of a violation.
std::string describe(player_id p, const command& c) {
  std::string out = std::string(command_name(c)) + " by player " + std::to_string(p) + " [";
  for (unsigned char b : encode(c)) {
    char hex[4];
    std::snprintf(hex, sizeof hex, "%02x", b);
    out += hex;
  }
  return out + "]";
}

void check_views(const state& s) {
  const int seats = static_cast<int>(s.players.size());
  for (player_id viewer = no_player; viewer < seats; ++viewer) {
    const state v = view(s, viewer);
    if (!v.undo_log.empty() || v.undo_base) violation(s, "a view carries the undo history");
    if (v.players.size() != s.players.size()) violation(s, "a view has another number of players");
    for (int q = 0; q < seats; ++q) {
      if (q == viewer) continue;
      const auto& hand = v.players[static_cast<std::size_t>(q)].hand;
      if (hand.size() != s.players[static_cast<std::size_t>(q)].hand.size())
        violation(s, "a view changes the size of player " + std::to_string(q) + "'s hand");
      for (card_id c : hand)
        if (c != hidden_card)
          violation(s, "player " + std::to_string(viewer) + " sees a card in player " +
                           std::to_string(q) + "'s hand");
    }
  }
}

bool listed(const std::vector<command>& legal, const command& c) {
  return std::find(legal.begin(), legal.end(), c) != legal.end();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  options o;
  o.players = in.ConsumeIntegralInRange(1, 4);
  o.rules = in.ConsumeBool() ? ruleset::original : ruleset::yucata;
  o.introductory = o.players > 1 && in.ConsumeBool();
  const auto seed = in.ConsumeIntegral<std::uint32_t>();
  state s = new_game(o, seed);
  if (const auto v = check_invariants(s); !v.empty()) violation(s, "new game: " + v.front());

  const int seats = static_cast<int>(s.players.size());
  std::vector<command> legal;
  for (int step = 0; step < 4000 && in.remaining_bytes() > 0; ++step) {
    if (s.current_phase == phase::finished) break;
    const auto how = in.ConsumeIntegralInRange(0, 9);
    // Mostly the player to act; sometimes anyone, including seats that do not exist.
    player_id p = s.active;
    if (in.ConsumeIntegralInRange(0, 3) == 0)
      p = static_cast<player_id>(in.ConsumeIntegralInRange(-2, seats + 1));
    legal_commands(s, p, legal);

    command c = cmd::undo{};
    if (how <= 5) {  // a legal command (of the player to act when p has none)
      if (legal.empty()) {
        p = s.active;
        legal_commands(s, p, legal);
        if (legal.empty()) break;
      }
      c = legal[in.ConsumeIntegralInRange<std::size_t>(0, legal.size() - 1)];
    } else if (how <= 7) {  // a legal command's type with one parameter byte changed
      std::vector<command> base = legal;
      if (base.empty()) legal_commands(s, s.active, base);
      if (base.empty()) break;
      std::string bytes = encode(base[in.ConsumeIntegralInRange<std::size_t>(0, base.size() - 1)]);
      bytes[in.ConsumeIntegralInRange<std::size_t>(0, bytes.size() - 1)] =
          static_cast<char>(in.ConsumeIntegral<std::uint8_t>());
      const auto decoded = decode_command(bytes);
      if (!decoded) continue;
      c = *decoded;
    } else if (how == 8) {  // any command the encoding can express
      const auto decoded = decode_command(in.ConsumeBytesAsString(in.ConsumeIntegralInRange(1, 8)));
      if (!decoded) continue;
      c = *decoded;
    }  // else: undo, whenever

    const state before = s;
    const bool is_listed = listed(legal, c);
    const auto error = apply(s, p, c);
    if (error) {
      if (is_listed) violation(before, "a listed " + describe(p, c) + " was refused: " + error->code);
      if (!(s == before)) violation(before, "a refused " + describe(p, c) + " changed the state");
      continue;
    }
    if (!is_listed) violation(before, "an unlisted " + describe(p, c) + " was accepted");
    if (const auto v = check_invariants(s); !v.empty())
      violation(s, "after " + std::string(command_name(c)) + ": " + v.front());
    check_views(s);
  }
  return 0;
}
