#pragma once
// Shared by the tournament tests: fractions printed as "7/2" in failures, short builders for
// games, and a generator that gives the same numbers on every machine.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "tournaments/fraction.hpp"
#include "tournaments/splitmix.hpp"
#include "tournaments/tournament_types.hpp"

namespace Catch {
template <>
struct StringMaker<loyang::server::tournaments::fraction> {
  static std::string convert(const loyang::server::tournaments::fraction& f) { return f.to_string(); }
};
}  // namespace Catch

namespace loyang::test::tournaments {

using loyang::server::tournaments::fraction;
using loyang::server::tournaments::game_outcome;
using loyang::server::tournaments::player_id;

/// The result of a 2-player game for its first player.
enum class result { first_wins, draw, second_wins };

/// A 2-player game: `a` in the first seat.
inline game_outcome duel(int round, player_id a, player_id b, result r) {
  const int pa = r == result::second_wins ? 2 : 1;
  const int pb = r == result::first_wins ? 2 : 1;
  return {round, {{a, pa, false}, {b, pb, false}}};
}

/// a / b, for short expectations.
inline fraction frac(std::int64_t a, std::int64_t b = 1) { return fraction{a, b}; }

/// Test data that is the same everywhere.
using test_rng = loyang::server::tournaments::splitmix64;

}  // namespace loyang::test::tournaments
