#pragma once
// What one finished game is worth to each of its players, and the checks every rule of this
// library applies to a game before using it.
//
// The stated rule. In a game of k players a player's points are (k - place) / (k - 1),
// averaged over the places his tie covers: 2 players 1 / 0 (a draw 1/2 each), 3 players 1,
// 1/2, 0, 4 players 1, 2/3, 1/3, 0. A forfeited player (timed out, or withdrew while the game
// was on) scores 0 and counts as placed below every player who did not forfeit; those keep
// their order and are placed again among themselves, 1 upwards, as if the forfeited players
// had finished last, and k stays the number of seats. So in a 4-player game where the
// winner forfeits, the others score 1, 2/3 and 1/3. A bye is worth 1 (bye_points).
#include <vector>

#include "fraction.hpp"
#include "tournament_types.hpp"

namespace loyang::server::tournaments {

/// A bye is worth a full win.
inline fraction bye_points() { return fraction{1}; }

/// Throws std::invalid_argument unless `game` has 2 to 4 seats of distinct players, every
/// place in 1..seats and a round of 1 or more.
void check_game(const game_outcome& game);

/// Each seat's place after the stated rule, in seat order: players who did not forfeit
/// placed again among themselves (ties share the best place of their group: 1, 1, 3), each
/// forfeited seat after all of them (all forfeited seats share that place). Checks `game`
/// (check_game).
std::vector<int> effective_places(const game_outcome& game);

/// Each seat's points, in seat order, after the stated rule. Checks `game` (check_game).
std::vector<fraction> game_points(const game_outcome& game);

}  // namespace loyang::server::tournaments
