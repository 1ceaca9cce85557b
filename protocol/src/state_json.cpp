// The whole game state as JSON; secrets only with `full`.
#include "loyang/protocol/state_json.hpp"

#include <cstdio>
#include <string>
#include <vector>

#include "json_names.hpp"
#include "loyang/engine/game.hpp"
#include "loyang/protocol/options_json.hpp"
#include "player_json.hpp"
#include "state_names.hpp"

namespace loyang::protocol {
namespace {

using detail::card_json;
using detail::cards_json;
using detail::json;
using detail::player_json;

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

// One entry per key of the state's JSON (solo keys apart): the view patcher builds a key's
// JSON only when `same` says the engine data it is made of changed.
const std::vector<top_part>& top_parts() {
  using S = const engine::state&;
  static const std::vector<top_part> parts = {
      {"options", [](S s) { return options_to_json(s.opts); },
       [](S a, S b) { return a.opts == b.opts; }},
      {"version", [](S s) { return json(s.version); }, [](S a, S b) { return a.version == b.version; }},
      {"round", [](S s) { return json(s.round); }, [](S a, S b) { return a.round == b.round; }},
      {"phase", [](S s) { return json(std::string(detail::phase_name(s.current_phase))); },
       [](S a, S b) { return a.current_phase == b.current_phase; }},
      {"step", [](S s) { return json(std::string(detail::step_name(s.current_step))); },
       [](S a, S b) { return a.current_step == b.current_step; }},
      {"active",
       [](S s) {
         return s.current_phase == engine::phase::finished ? json(nullptr) : player_json(s.active);
       },
       [](S a, S b) {
         return (a.current_phase == engine::phase::finished) ==
                    (b.current_phase == engine::phase::finished) &&
                a.active == b.active;
       }},
      {"starting", [](S s) { return player_json(s.starting); },
       [](S a, S b) { return a.starting == b.starting; }},
      {"second", [](S s) { return player_json(s.second); },
       [](S a, S b) { return a.second == b.second; }},
      {"partner", [](S s) { return player_json(s.partner); },
       [](S a, S b) { return a.partner == b.partner; }},
      {"action_order", [](S s) { return players_json(s.action_order); },
       [](S a, S b) { return a.action_order == b.action_order; }},
      {"turn_index", [](S s) { return json(s.turn_index); },
       [](S a, S b) { return a.turn_index == b.turn_index; }},
      {"revealed_this_turn", [](S s) { return json(s.revealed_this_turn); },
       [](S a, S b) { return a.revealed_this_turn == b.revealed_this_turn; }},
      {"took_order", [](S s) { return players_json(s.took_order); },
       [](S a, S b) { return a.took_order == b.took_order; }},
      {"draw_pile_count", [](S s) { return json(s.draw_pile.size()); },
       [](S a, S b) { return a.draw_pile.size() == b.draw_pile.size(); }},
      {"discard_pile", [](S s) { return cards_json(s.discard_pile); },
       [](S a, S b) { return a.discard_pile == b.discard_pile; }},
      {"courtyard", [](S s) { return cards_json(s.courtyard); },
       [](S a, S b) { return a.courtyard == b.courtyard; }},
      {"two_pack",
       [](S s) {
         json two_pack = json::array();
         for (auto c : s.two_pack)
           if (c != engine::no_card) two_pack.push_back(card_json(c));
         return two_pack;
       },
       [](S a, S b) { return a.two_pack == b.two_pack; }},
      {"squire_left", [](S s) { return json(s.squire_left); },
       [](S a, S b) { return a.squire_left == b.squire_left; }},
      {"harvest_queue", [](S s) { return players_json(s.harvest_queue); },
       [](S a, S b) { return a.harvest_queue == b.harvest_queue; }},
      {"foreman_offer", [](S s) { return card_json(s.foreman_offer); },
       [](S a, S b) { return a.foreman_offer == b.foreman_offer; }},
      {"out_of_game", [](S s) { return cards_json(s.out_of_game); },
       [](S a, S b) { return a.out_of_game == b.out_of_game; }},
      {"ranking", [](S s) { return ranking_json(s); },
       [](S a, S b) { return a.ranking == b.ranking; }},
  };
  return parts;
}

nlohmann::json state_top_json(const engine::state& s, bool full) {
  json j = json::object();
  for (const auto& part : top_parts()) j[part.key] = part.build(s);
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
