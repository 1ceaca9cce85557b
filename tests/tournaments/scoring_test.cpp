// Points of one game by the stated rule: 2, 3 and 4 players, ties, forfeits; exact fractions;
// malformed games refused.
#include <catch2/catch.hpp>

#include <limits>
#include <stdexcept>

#include "helpers.hpp"
#include "tournaments/scoring.hpp"

namespace {

using namespace loyang::test::tournaments;
using loyang::server::tournaments::effective_places;
using loyang::server::tournaments::game_points;

std::vector<fraction> points(std::vector<loyang::server::tournaments::seat_result> seats) {
  return game_points({1, std::move(seats)});
}

}  // namespace

TEST_CASE("fractions are exact: three thirds make one, and they order by value", "[tournament][points]") {
  const auto third = frac(1, 3);
  CHECK(third + third + third == 1);
  CHECK(frac(2, 4) == frac(1, 2));
  CHECK(frac(3, -6) == frac(-1, 2));
  CHECK(frac(2, 3) > frac(5, 8));
  CHECK(frac(7, 12) < frac(3, 5));
  CHECK(frac(1, 2) * frac(2, 3) == frac(1, 3));
  CHECK(frac(3, 4) / frac(3) == frac(1, 4));
  CHECK(frac(5, 2) - frac(1, 3) == frac(13, 6));
  CHECK(frac(7, 2).to_string() == "7/2");
  CHECK(frac(4, 2).to_string() == "2");
  CHECK(frac(1, 3).to_double() == Approx(0.333333));
  CHECK_THROWS_AS(frac(1, 0), std::invalid_argument);
  CHECK_THROWS_AS(frac(1) / frac(0), std::invalid_argument);
  const auto huge = fraction{std::numeric_limits<std::int64_t>::max()};
  CHECK_THROWS_AS(huge + huge, std::overflow_error);
}

TEST_CASE("2 players: a win is 1 and 0, a draw a half each", "[tournament][points]") {
  CHECK(points({{1, 1}, {2, 2}}) == std::vector<fraction>{1, 0});
  CHECK(points({{1, 2}, {2, 1}}) == std::vector<fraction>{0, 1});
  CHECK(points({{1, 1}, {2, 1}}) == std::vector<fraction>{frac(1, 2), frac(1, 2)});
}

TEST_CASE("3 players score 1, 1/2, 0; 4 players 1, 2/3, 1/3, 0; ties average their places", "[tournament][points]") {
  CHECK(points({{1, 3}, {2, 1}, {3, 2}}) == std::vector<fraction>{0, 1, frac(1, 2)});
  CHECK(points({{1, 1}, {2, 1}, {3, 3}}) == std::vector<fraction>{frac(3, 4), frac(3, 4), 0});
  CHECK(points({{1, 1}, {2, 2}, {3, 2}}) == std::vector<fraction>{1, frac(1, 4), frac(1, 4)});
  CHECK(points({{1, 1}, {2, 1}, {3, 1}}) == std::vector<fraction>{frac(1, 2), frac(1, 2), frac(1, 2)});

  CHECK(points({{1, 4}, {2, 3}, {3, 2}, {4, 1}}) == std::vector<fraction>{0, frac(1, 3), frac(2, 3), 1});
  CHECK(points({{1, 1}, {2, 2}, {3, 2}, {4, 4}}) == std::vector<fraction>{1, frac(1, 2), frac(1, 2), 0});
  CHECK(points({{1, 1}, {2, 1}, {3, 1}, {4, 4}}) == std::vector<fraction>{frac(2, 3), frac(2, 3), frac(2, 3), 0});
  CHECK(points({{1, 2}, {2, 2}, {3, 2}, {4, 1}}) == std::vector<fraction>{frac(1, 3), frac(1, 3), frac(1, 3), 1});
  CHECK(points({{1, 1}, {2, 1}, {3, 1}, {4, 1}}) == std::vector<fraction>(4, frac(1, 2)));
  // Every game hands out k / 2 points in all.
  const auto p = points({{1, 1}, {2, 2}, {3, 2}, {4, 4}});
  CHECK(p[0] + p[1] + p[2] + p[3] == 2);
}

TEST_CASE("only the order of places counts: 1, 1, 2 is 1, 1, 3", "[tournament][points]") {
  CHECK(points({{1, 1}, {2, 1}, {3, 2}}) == points({{1, 1}, {2, 1}, {3, 3}}));
  CHECK(points({{1, 2}, {2, 3}, {3, 3}, {4, 4}}) == points({{1, 1}, {2, 2}, {3, 2}, {4, 4}}));
}

TEST_CASE("a forfeit scores 0 and the others are placed again as if he were last", "[tournament][points]") {
  // The winner of a 4-player game timed out: the others move up a place.
  CHECK(points({{1, 1, true}, {2, 2}, {3, 3}, {4, 4}}) == std::vector<fraction>{0, 1, frac(2, 3), frac(1, 3)});
  CHECK(effective_places({1, {{1, 1, true}, {2, 2}, {3, 3}, {4, 4}}}) == std::vector<int>{4, 1, 2, 3});
  // A 2-player game: the forfeit loses whatever the place says.
  CHECK(points({{1, 1, true}, {2, 2}}) == std::vector<fraction>{0, 1});
  // Both forfeited: nobody scores.
  CHECK(points({{1, 1, true}, {2, 2, true}}) == std::vector<fraction>{0, 0});
  // Two of three forfeited: the one left wins; the forfeits share the last places.
  CHECK(points({{1, 1, true}, {2, 3}, {3, 2, true}}) == std::vector<fraction>{0, 1, 0});
  CHECK(effective_places({1, {{1, 1, true}, {2, 3}, {3, 2, true}}}) == std::vector<int>{2, 1, 2});
  // Ties among the others stay ties: here two share first of a 4-player game.
  CHECK(points({{1, 1}, {2, 1}, {3, 3, true}, {4, 4}}) == std::vector<fraction>{frac(5, 6), frac(5, 6), 0, frac(1, 3)});
}

TEST_CASE("malformed games are refused", "[tournament][points]") {
  using loyang::server::tournaments::check_game;
  CHECK_THROWS_AS(check_game({1, {{1, 1}}}), std::invalid_argument);
  CHECK_THROWS_AS(check_game({1, {{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}}}), std::invalid_argument);
  CHECK_THROWS_AS(check_game({1, {{1, 1}, {1, 2}}}), std::invalid_argument);
  CHECK_THROWS_AS(check_game({1, {{1, 0}, {2, 1}}}), std::invalid_argument);
  CHECK_THROWS_AS(check_game({1, {{1, 3}, {2, 1}}}), std::invalid_argument);
  CHECK_THROWS_AS(check_game({0, {{1, 1}, {2, 2}}}), std::invalid_argument);
  CHECK_THROWS_AS(game_points({1, {{1, 1}, {2, 5}, {3, 2}}}), std::invalid_argument);
  CHECK_NOTHROW(check_game({3, {{1, 2}, {2, 1}, {3, 3}, {4, 2}}}));
}
