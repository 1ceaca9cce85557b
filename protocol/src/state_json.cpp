// The whole game state as JSON; secrets only with `full`.
#include "loyang/protocol/state_json.hpp"

#include <cstdio>
#include <string>

#include "json_names.hpp"
#include "loyang/engine/game.hpp"
#include "loyang/protocol/options_json.hpp"
#include "player_json.hpp"
#include "state_names.hpp"

namespace loyang::protocol {
namespace {

using detail::card_json;
using detail::json;
using detail::player_json;

template <class Container>
json cards_json(const Container& cards) {
  json out = json::array();
  for (auto c : cards) out.push_back(card_json(c));
  return out;
}

template <class Container>
json players_json(const Container& players) {
  json out = json::array();
  for (auto p : players) out.push_back(player_json(p));
  return out;
}

std::string hex64(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

json ranking_json(const engine::state& s) {
  json out = json::array();
  for (const auto& r : s.ranking)
    out.push_back({{"player", static_cast<int>(r.player)},
                   {"position", r.position},
                   {"cash", r.cash},
                   {"vegetables", r.vegetables},
                   {"rank", r.rank}});
  return out;
}

}  // namespace

namespace detail {

std::size_t players_in_json(const engine::state& s) {
  return s.players.size() - (s.opts.players == 1 ? 1 : 0);  // the solo opponent is written apart
}

nlohmann::json state_top_json(const engine::state& s, bool full) {
  json two_pack = json::array();
  for (auto c : s.two_pack)
    if (c != engine::no_card) two_pack.push_back(card_json(c));

  json j{{"options", options_to_json(s.opts)},
         {"version", s.version},
         {"round", s.round},
         {"phase", std::string(detail::phase_name(s.current_phase))},
         {"step", std::string(detail::step_name(s.current_step))},
         {"active", s.current_phase == engine::phase::finished ? json(nullptr) : player_json(s.active)},
         {"starting", player_json(s.starting)},
         {"second", player_json(s.second)},
         {"partner", player_json(s.partner)},
         {"action_order", players_json(s.action_order)},
         {"turn_index", s.turn_index},
         {"revealed_this_turn", s.revealed_this_turn},
         {"took_order", players_json(s.took_order)},
         {"draw_pile_count", s.draw_pile.size()},
         {"discard_pile", cards_json(s.discard_pile)},
         {"courtyard", cards_json(s.courtyard)},
         {"two_pack", std::move(two_pack)},
         {"squire_left", s.squire_left},
         {"harvest_queue", players_json(s.harvest_queue)},
         {"foreman_offer", card_json(s.foreman_offer)},
         {"out_of_game", cards_json(s.out_of_game)},
         {"ranking", ranking_json(s)}};
  if (s.opts.players == 1) detail::add_solo_json(s, j);
  if (full) {
    json draw = json::array();
    for (auto it = s.draw_pile.rbegin(); it != s.draw_pile.rend(); ++it) draw.push_back(card_json(*it));
    j["draw_pile"] = std::move(draw);
    j["seed"] = std::to_string(s.seed);
    j["state_hash"] = hex64(engine::state_hash(s));
  }
  return j;
}

}  // namespace detail

nlohmann::json state_to_json(const engine::state& s, bool full) {
  json j = detail::state_top_json(s, full);
  json players = json::array();
  for (std::size_t p = 0; p < detail::players_in_json(s); ++p)
    players.push_back(detail::player_to_json(s, static_cast<engine::player_id>(p), full));
  j["players"] = std::move(players);
  return j;
}

nlohmann::json view_to_json(const engine::state& s, engine::player_id viewer) {
  return state_to_json(engine::view(s, viewer), false);
}

}  // namespace loyang::protocol
