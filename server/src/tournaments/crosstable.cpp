// The crosstable of crosstable.hpp.
#include "crosstable.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "scoring.hpp"

namespace loyang::server::tournaments {

crosstable cross_table(const std::vector<player_id>& players, const std::vector<game_outcome>& games) {
  std::map<player_id, std::size_t> index;
  for (std::size_t i = 0; i < players.size(); ++i) {
    if (!index.emplace(players[i], i).second) {
      throw std::invalid_argument("crosstable: player " + std::to_string(players[i]) + " twice");
    }
  }
  crosstable table{players, std::vector<std::vector<std::vector<meeting>>>(
                                players.size(), std::vector<std::vector<meeting>>(players.size()))};
  for (const auto& g : games) {
    const auto points = game_points(g);  // checks the game
    std::vector<std::size_t> at;
    for (const auto& s : g.seats) {
      const auto it = index.find(s.player);
      if (it == index.end()) {
        throw std::invalid_argument("crosstable: a game names player " + std::to_string(s.player) +
                                    ", who is not in the table");
      }
      at.push_back(it->second);
    }
    for (std::size_t a = 0; a < at.size(); ++a) {
      for (std::size_t b = 0; b < at.size(); ++b) {
        if (a != b) table.cells[at[a]][at[b]].push_back({g.round, points[a]});
      }
    }
  }
  for (auto& row : table.cells) {
    for (auto& cell : row) {
      std::stable_sort(cell.begin(), cell.end(), [](const meeting& x, const meeting& y) { return x.round < y.round; });
    }
  }
  return table;
}

}  // namespace loyang::server::tournaments
