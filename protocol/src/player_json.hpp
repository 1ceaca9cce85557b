#pragma once
// Internal: one player's part of the state JSON.
#include <nlohmann/json.hpp>

#include <vector>

#include "json_names.hpp"
#include "loyang/engine/state.hpp"

namespace loyang::protocol::detail {

/// The cards' ids, in order (a hand, the discard pile, ...).
template <class Container>
nlohmann::json cards_json(const Container& cards) {
  nlohmann::json out = nlohmann::json::array();
  for (auto c : cards) out.push_back(card_json(c));
  return out;
}

/// {"wheat": n, ..., "leek": n}.
nlohmann::json counts_json(const engine::veg_counts& c);

/// One field: {"id", "crop", "count", "size", "allows", "under"}.
nlohmann::json field_to_json(const engine::field& f);

/// One card of a play area: {"card", "kind", "under", ...by kind}.
nlohmann::json played_to_json(const engine::played_card& pc);

/// Solo game: the Offer, the imaginary opponent and the rating, added to the state's JSON `j`.
void add_solo_json(const engine::state& s, nlohmann::json& j);

/// How many seats game.players holds: all but the solo game's imaginary opponent.
std::size_t players_in_json(const engine::state& s);

/// The state's JSON without "players" (see state_to_json): with the players' objects added
/// under "players" it is state_to_json(s, full).
nlohmann::json state_top_json(const engine::state& s, bool full);

/// One key of the state's JSON without "players" (solo keys apart): `build` makes its value,
/// and `same` says whether two states give it the same value (comparing engine data only).
struct top_part {
  const char* key;
  nlohmann::json (*build)(const engine::state&);
  bool (*same)(const engine::state&, const engine::state&);
};
/// Every key of state_top_json(s, false) but those add_solo_json writes, in one table.
const std::vector<top_part>& top_parts();

/// One key of a player's JSON without "fields" and "played" (player_top_json, not `full`).
struct player_part {
  const char* key;
  nlohmann::json (*build)(const engine::state&, engine::player_id);
  bool (*same)(const engine::player_state&, const engine::player_state&);
};
const std::vector<player_part>& player_top_parts();

/// A player's "fields" and "played" arrays.
nlohmann::json fields_json(const engine::player_state& ps);
nlohmann::json played_json(const engine::player_state& ps);

/// Player `p` of `s` without "fields" and "played" (with them it is player_to_json).
nlohmann::json player_top_json(const engine::state& s, engine::player_id p, bool full);

/// Player `p` of `s` (which depends on nothing but s.players[p]); the field pile ids only when
/// `full` and none is hidden.
nlohmann::json player_to_json(const engine::state& s, engine::player_id p, bool full);

}  // namespace loyang::protocol::detail
