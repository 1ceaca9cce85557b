#pragma once
// Shared by the tournament tests: fractions printed as "7/2" in failures, short builders for
// games, and a generator that gives the same numbers on every machine.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "tournaments/fraction.hpp"
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

/// SplitMix64: test data that is the same everywhere.
class test_rng {
 public:
  explicit test_rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    auto z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  int below(int bound) { return static_cast<int>(next() % static_cast<std::uint64_t>(bound)); }

 private:
  std::uint64_t state_;
};

}  // namespace loyang::test::tournaments
