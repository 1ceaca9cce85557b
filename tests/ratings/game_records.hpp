#pragma once
// Test support: finished game records as the server stores them (result JSON as
// server/src/games/result.cpp writes it), built from a line per seat.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "loyang/persistence/records.hpp"

namespace loyang::test {

using persistence::departure;
using persistence::game_record;
using persistence::game_status;

/// One seat: whose (0: a bot from the start), his rank, how he left, his final scores.
struct seat_line {
  std::int64_t account = 0;
  int rank = 1;
  departure gone = departure::none;
  int position = 10;
  int cash = 5;
};

inline nlohmann::json rated() { return {{"rated", true}}; }

/// A finished game `id` that finished at `at`, seats in seat order, ranked best first in the
/// result (ties by seat), each entry with its scores.
inline game_record finished(std::int64_t id, std::int64_t at, const std::vector<seat_line>& seats,
                            nlohmann::json extra = rated(),
                            engine::ruleset rules = engine::ruleset::yucata) {
  game_record g;
  g.id = id;
  g.options.players = static_cast<int>(seats.size());
  g.options.rules = rules;
  g.status = game_status::finished;
  g.created_at = at - 3600;
  g.updated_at = at;
  g.extra = std::move(extra);
  for (const auto& s : seats) {
    persistence::seat_record r;
    r.account_id = s.account;
    r.bot = s.account == 0 || s.gone != departure::none;
    r.gone = s.gone;
    r.gone_at = s.gone == departure::none ? 0 : at - 60;
    g.seats.push_back(r);
  }
  std::vector<std::size_t> order(seats.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return seats[a].rank < seats[b].rank; });
  auto ranking = nlohmann::json::array();
  for (const auto i : order) {
    ranking.push_back({{"player", i}, {"rank", seats[i].rank}, {"position", seats[i].position},
                       {"cash", seats[i].cash}, {"vegetables", 0}});
  }
  g.result = {{"ended", "normally"}, {"ranking", std::move(ranking)}, {"departures", nlohmann::json::array()}};
  return g;
}

/// A finished solo game of `account` reaching `level` with `cash`.
inline game_record solo(std::int64_t id, std::int64_t at, std::int64_t account, int level, int cash,
                        nlohmann::json extra = nullptr, departure gone = departure::none) {
  return finished(id, at, {{account, 1, gone, level, cash}}, std::move(extra));
}

/// A daily game of `date`.
inline game_record daily(std::int64_t id, std::int64_t at, std::int64_t account, const std::string& date, int level,
                         int cash) {
  return solo(id, at, account, level, cash, {{"daily", date}});
}

}  // namespace loyang::test
