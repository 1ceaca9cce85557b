// Swiss pairing's front: checks the input, puts the players in ranking order, turns the history
// into "met" and "byes" per player, hands the grouping to swiss_pairs.cpp (2 players) or
// swiss_tables.cpp (3, 4), and seats each table (seating.hpp).
#include "pairing.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>

#include "seating.hpp"
#include "swiss_pairs.hpp"
#include "swiss_tables.hpp"

namespace loyang::server::tournaments {

pairing_history history_of(const std::vector<game_outcome>& games, const std::vector<bye_record>& byes) {
  pairing_history h;
  for (const auto& g : games) {
    table t;
    for (const auto& s : g.seats) t.push_back(s.player);
    h.tables.push_back(std::move(t));
  }
  for (const auto& b : byes) h.byes.push_back(b.player);
  return h;
}

namespace {

void check_input(const std::vector<swiss_player>& active, int table_size) {
  if (table_size < min_table_size || table_size > max_table_size) {
    throw std::invalid_argument("Swiss pairing: table size " + std::to_string(table_size) + " (2 to 4 allowed)");
  }
  const auto n = static_cast<int>(active.size());
  if (n < table_size) {
    throw std::invalid_argument("Swiss pairing: " + std::to_string(n) + " players cannot fill a table of " +
                                std::to_string(table_size));
  }
  if (n > max_swiss_players) {
    throw std::invalid_argument("Swiss pairing: " + std::to_string(n) + " players (at most " +
                                std::to_string(max_swiss_players) + ")");
  }
  std::set<player_id> ids;
  for (const auto& p : active) {
    if (!ids.insert(p.id).second) {
      throw std::invalid_argument("Swiss pairing: player " + std::to_string(p.id) + " twice");
    }
  }
}

/// Scores as integers over their common denominator, for the table search's sums.
std::vector<std::int64_t> common_scale(const std::vector<swiss_player>& ranked) {
  std::int64_t denominator = 1;
  for (const auto& p : ranked) {
    denominator = std::lcm(denominator, p.score.denominator());
    if (denominator > (std::int64_t{1} << 30)) throw std::invalid_argument("Swiss pairing: scores too finely divided");
  }
  std::vector<std::int64_t> scaled;
  for (const auto& p : ranked) scaled.push_back((p.score * fraction{denominator}).numerator());
  return scaled;
}

}  // namespace

round_pairing pair_swiss(const std::vector<swiss_player>& active, const pairing_history& past, int table_size) {
  check_input(active, table_size);
  auto ranked = active;
  std::sort(ranked.begin(), ranked.end(), [](const swiss_player& a, const swiss_player& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.rating != b.rating) return a.rating > b.rating;
    return a.id < b.id;
  });
  const auto n = ranked.size();
  std::map<player_id, std::size_t> index;
  for (std::size_t i = 0; i < n; ++i) index.emplace(ranked[i].id, i);

  std::vector<std::vector<char>> met(n, std::vector<char>(n, 0));
  seat_counts seats;
  for (const auto& t : past.tables) {
    seats.add(t);
    for (std::size_t a = 0; a < t.size(); ++a) {
      for (auto b = a + 1; b < t.size(); ++b) {
        const auto ia = index.find(t[a]);
        const auto ib = index.find(t[b]);
        if (ia == index.end() || ib == index.end() || ia->second == ib->second) continue;
        met[ia->second][ib->second] = met[ib->second][ia->second] = 1;
      }
    }
  }
  std::vector<int> byes(n, 0);
  for (const auto p : past.byes) {
    if (const auto it = index.find(p); it != index.end()) ++byes[it->second];
  }

  round_pairing result;
  const auto seat = [&](const std::vector<int>& members) {
    std::vector<player_id> ids;  // in ranking order: the higher ranked wins seat ties
    for (const auto i : members) ids.push_back(ranked[i].id);
    result.plan.tables.push_back(seat_order(ids, seats));
  };

  if (table_size == 2) {
    std::vector<fraction> scores;
    for (const auto& p : ranked) scores.push_back(p.score);
    const auto paired = detail::pair_two_player(scores, met, byes);
    for (const auto& [a, b] : paired.pairs) seat({a, b});
    if (paired.bye >= 0) result.plan.byes.push_back(ranked[paired.bye].id);
    result.repeated_pairs = paired.rematches;
    return result;
  }

  // The byes first: the fewest byes so far, then the lowest ranked.
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return byes[a] != byes[b] ? byes[a] < byes[b] : a > b;
  });
  std::vector<char> sits_out(n, 0);
  for (std::size_t i = 0; i < n % static_cast<std::size_t>(table_size); ++i) sits_out[order[i]] = 1;

  std::vector<int> playing;  // ranked indices
  for (std::size_t i = 0; i < n; ++i) {
    if (sits_out[i]) {
      result.plan.byes.push_back(ranked[i].id);
    } else {
      playing.push_back(static_cast<int>(i));
    }
  }
  const auto all_scores = common_scale(ranked);
  std::vector<std::int64_t> scores;
  std::vector<std::vector<char>> playing_met(playing.size(), std::vector<char>(playing.size(), 0));
  for (std::size_t a = 0; a < playing.size(); ++a) {
    scores.push_back(all_scores[playing[a]]);
    for (std::size_t b = 0; b < playing.size(); ++b) playing_met[a][b] = met[playing[a]][playing[b]];
  }
  const auto grouped = detail::group_tables(scores, playing_met, table_size);
  for (const auto& t : grouped.tables) {
    std::vector<int> members;
    for (const auto i : t) members.push_back(playing[i]);
    seat(members);
  }
  result.repeated_pairs = grouped.repeated_pairs;
  return result;
}

}  // namespace loyang::server::tournaments
