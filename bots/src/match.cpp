#include "loyang/bots/match.hpp"

namespace loyang::bots {

using namespace engine;

match_result play_match(const match_options& opt, const std::vector<bot*>& seats) {
  match_result r;
  state s = new_game(opt.game, opt.seed);
  std::vector<rng> randoms;
  for (std::size_t i = 0; i < seats.size(); ++i)
    randoms.emplace_back(opt.seed * 0x9E3779B97F4A7C15ULL + i + 1);
  // A turn: one seat acting in one phase of one round (the solo player acts all game).
  int last_turn = -1;
  int in_a_row = 0;
  while (s.current_phase != phase::finished && r.commands < opt.max_commands) {
    const player_id p = s.active;
    const int turn = (s.round * 8 + static_cast<int>(s.current_phase)) * 8 + p;
    in_a_row = turn == last_turn ? in_a_row + 1 : 1;
    last_turn = turn;
    if (in_a_row > opt.max_commands_per_turn) break;
    const auto i = static_cast<std::size_t>(p);
    const command c = seats[i]->choose(seat_view(s, p), randoms[i]);
    ++r.commands;
    if (apply(s, p, c)) {
      r.illegal = true;
      break;
    }
  }
  r.finished = s.current_phase == phase::finished;
  r.hash = state_hash(s);
  r.seats.resize(seats.size());
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const auto& ps = s.players[i];
    r.seats[i] = {0, ps.position - ps.loans, ps.loans, ps.cash};
  }
  if (r.finished) {
    for (const auto& e : s.ranking)
      if (static_cast<std::size_t>(e.player) < r.seats.size()) r.seats[static_cast<std::size_t>(e.player)].rank = e.rank;
    r.rating = s.rating;
  }
  return r;
}

}  // namespace loyang::bots
