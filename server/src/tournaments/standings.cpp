// The standings of standings.hpp: points first (every tie-break needs every player's final
// points), then the tie-breaks, then the sort and the shared ranks.
#include "standings.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "scoring.hpp"

namespace loyang::server::tournaments {

namespace {

using index_of = std::map<player_id, std::size_t>;

std::size_t find_player(const index_of& index, player_id id, const char* where) {
  const auto it = index.find(id);
  if (it == index.end()) {
    throw std::invalid_argument(std::string("standings: ") + where + " names player " + std::to_string(id) +
                                ", who is not in the tournament");
  }
  return it->second;
}

/// Head-to-head among each group of rows equal on points and Sonneborn-Berger.
void add_head_to_head(std::vector<standing_row>& rows, const index_of& index, const std::vector<game_outcome>& games,
                      const std::vector<std::vector<fraction>>& points_of_game) {
  for (std::size_t g = 0; g < games.size(); ++g) {
    const auto& seats = games[g].seats;
    for (std::size_t a = 0; a < seats.size(); ++a) {
      for (std::size_t b = 0; b < seats.size(); ++b) {
        if (a == b) continue;
        auto& row = rows[index.at(seats[a].player)];
        const auto& other = rows[index.at(seats[b].player)];
        if (row.points != other.points || row.sonneborn_berger != other.sonneborn_berger) continue;
        const auto& mine = points_of_game[g][a];
        const auto& theirs = points_of_game[g][b];
        if (mine > theirs) {
          row.head_to_head += 1;
        } else if (mine == theirs && !seats[a].forfeited && !seats[b].forfeited) {
          row.head_to_head += fraction{1, 2};
        }
      }
    }
  }
}

/// Whether a and b are equal on every key of the format but rating and id.
bool equal_on_results(tournament_format format, const standing_row& a, const standing_row& b) {
  if (a.points != b.points || a.sonneborn_berger != b.sonneborn_berger || a.wins != b.wins) return false;
  return format == tournament_format::swiss ? a.buchholz == b.buchholz : a.head_to_head == b.head_to_head;
}

bool before(tournament_format format, const standing_row& a, const standing_row& b) {
  if (a.points != b.points) return a.points > b.points;
  if (format == tournament_format::swiss) {
    if (a.buchholz != b.buchholz) return a.buchholz > b.buchholz;
    if (a.sonneborn_berger != b.sonneborn_berger) return a.sonneborn_berger > b.sonneborn_berger;
  } else {
    if (a.sonneborn_berger != b.sonneborn_berger) return a.sonneborn_berger > b.sonneborn_berger;
    if (a.head_to_head != b.head_to_head) return a.head_to_head > b.head_to_head;
  }
  if (a.wins != b.wins) return a.wins > b.wins;
  if (a.rating != b.rating) return a.rating > b.rating;
  return a.id < b.id;
}

}  // namespace

std::vector<standing_row> standings(tournament_format format, const std::vector<entrant>& players,
                                    const std::vector<game_outcome>& games, const std::vector<bye_record>& byes) {
  index_of index;
  std::vector<standing_row> rows;
  for (const auto& p : players) {
    if (!index.emplace(p.id, rows.size()).second) {
      throw std::invalid_argument("standings: player " + std::to_string(p.id) + " twice");
    }
    standing_row row;
    row.id = p.id;
    row.rating = p.rating;
    row.withdrawn = p.withdrawn;
    rows.push_back(row);
  }

  std::vector<std::vector<fraction>> points_of_game;
  for (const auto& g : games) {
    points_of_game.push_back(game_points(g));  // checks the game
    for (std::size_t s = 0; s < g.seats.size(); ++s) {
      auto& row = rows[find_player(index, g.seats[s].player, "a game")];
      row.points += points_of_game.back()[s];
      ++row.games_played;
      if (points_of_game.back()[s] == 1) ++row.wins;
    }
  }
  for (const auto& b : byes) {
    if (b.round < 1) throw std::invalid_argument("standings: a bye in round " + std::to_string(b.round));
    auto& row = rows[find_player(index, b.player, "a bye")];
    row.points += bye_points();
    ++row.games_played;
    ++row.byes;
  }

  // Tie-breaks read the final points of everybody.
  for (std::size_t g = 0; g < games.size(); ++g) {
    const auto& seats = games[g].seats;
    fraction total;
    for (const auto& s : seats) total += rows[index.at(s.player)].points;
    const auto opponents = static_cast<std::int64_t>(seats.size()) - 1;
    for (std::size_t s = 0; s < seats.size(); ++s) {
      auto& row = rows[index.at(seats[s].player)];
      const auto opponents_mean = (total - row.points) / fraction{opponents};
      if (format == tournament_format::swiss) row.buchholz += opponents_mean;
      row.sonneborn_berger += points_of_game[g][s] * opponents_mean;
    }
  }
  if (format == tournament_format::round_robin) add_head_to_head(rows, index, games, points_of_game);

  std::sort(rows.begin(), rows.end(),
            [&](const standing_row& a, const standing_row& b) { return before(format, a, b); });
  for (std::size_t i = 0; i < rows.size(); ++i) {
    rows[i].rank = static_cast<int>(i) + 1;
    rows[i].shared_rank =
        i > 0 && equal_on_results(format, rows[i - 1], rows[i]) ? rows[i - 1].shared_rank : rows[i].rank;
    rows[i].points_shown = rows[i].points.to_double();
  }
  return rows;
}

}  // namespace loyang::server::tournaments
