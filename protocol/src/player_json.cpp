// One player's board, hand and play area as JSON.
#include "player_json.hpp"

#include <algorithm>

#include "json_names.hpp"
#include "loyang/engine/game.hpp"
#include "state_names.hpp"

namespace loyang::protocol::detail {
json field_to_json(const engine::field& f) {
  json allows = json::array();
  const bool known = f.id < engine::field_count;
  if (known)
    for (engine::veg v : engine::all_vegs)
      if (engine::field_allows(f.id, v)) allows.push_back(veg_json(v));
  return {{"id", field_json(f.id)},
          {"crop", f.count > 0 ? veg_json(f.crop) : json(nullptr)},
          {"count", f.count},
          {"size", known ? engine::field_size(f.id) : 0},
          {"allows", std::move(allows)},
          {"under", card_json(f.under)}};
}

namespace {

/// The goods still on a Market stall, in the card's order.
json stall_left_json(const engine::played_card& pc) {
  json left = json::array();
  const auto& info = engine::card(pc.card);
  for (std::size_t g = 0; g < info.goods.size(); ++g)
    if ((pc.stall_left >> g) & 1u) left.push_back(veg_json(info.goods[g]));
  return left;
}

}  // namespace

json played_to_json(const engine::played_card& pc) {
  json j{{"card", card_json(pc.card)}, {"under", card_json(pc.under)}};
  if (pc.card >= engine::action_card_count) return j;
  const auto kind = engine::kind_of(pc.card);
  j["kind"] = std::string(kind_name(kind));
  switch (kind) {
    case engine::card_kind::market_stall:
      j["stall_left"] = stall_left_json(pc);
      break;
    case engine::card_kind::regular:
      j["deliveries"] = pc.deliveries;
      j["red"] = pc.red;
      j["handled"] = pc.handled;
      j["served"] = pc.served;
      break;
    case engine::card_kind::helper:
      j["round_played"] = pc.round_played;
      break;
    case engine::card_kind::casual:
    case engine::card_kind::common_field:
      break;
  }
  return j;
}

namespace {

json effects_json(std::uint8_t effects) {
  static constexpr std::pair<std::uint8_t, const char*> names[] = {
      {engine::effect_maid, "maid"},
      {engine::effect_official, "official"},
      {engine::effect_messenger, "messenger_boy"},
      {engine::effect_saleswoman, "saleswoman"},
      {engine::effect_harvest_sow, "harvest_helper"},
      {engine::effect_harvest_sow_twice, "harvest_helper"},
      {engine::effect_saleswoman_blue, "saleswoman_blue"}};
  json out = json::array();
  for (const auto& [bit, name] : names)
    if (effects & bit) out.push_back(name);
  return out;
}

}  // namespace

json counts_json(const engine::veg_counts& c) {
  json j = json::object();
  for (engine::veg v : engine::all_vegs) j[std::string(engine::to_string(v))] = c[v];
  return j;
}

json fields_json(const engine::player_state& ps) {
  json fields = json::array();
  for (const auto& f : ps.fields) fields.push_back(field_to_json(f));
  return fields;
}

json played_json(const engine::player_state& ps) {
  json played = json::array();
  for (const auto& pc : ps.played) played.push_back(played_to_json(pc));
  return played;
}

const std::vector<player_part>& player_top_parts() {
  using S = const engine::state&;
  using P = engine::player_id;
  using PS = const engine::player_state&;
  static const auto ps = [](S s, P p) -> PS { return s.players[static_cast<std::size_t>(p)]; };
  static const std::vector<player_part> parts = {
      {"cash", [](S s, P p) { return json(ps(s, p).cash); }, [](PS a, PS b) { return a.cash == b.cash; }},
      {"loans", [](S s, P p) { return json(ps(s, p).loans); },
       [](PS a, PS b) { return a.loans == b.loans; }},
      {"position", [](S s, P p) { return json(ps(s, p).position); },
       [](PS a, PS b) { return a.position == b.position; }},
      {"storehouse_upgraded", [](S s, P p) { return json(ps(s, p).storehouse_upgraded); },
       [](PS a, PS b) { return a.storehouse_upgraded == b.storehouse_upgraded; }},
      {"storehouse_capacity", [](S s, P p) { return json(engine::storehouse_capacity(ps(s, p))); },
       [](PS a, PS b) { return a.storehouse_upgraded == b.storehouse_upgraded; }},
      {"shop", [](S s, P p) { return counts_json(ps(s, p).shop); },
       [](PS a, PS b) { return a.shop == b.shop; }},
      {"cart", [](S s, P p) { return counts_json(ps(s, p).cart); },
       [](PS a, PS b) { return a.cart == b.cart; }},
      {"storehouse", [](S s, P p) { return counts_json(ps(s, p).storehouse); },
       [](PS a, PS b) { return a.storehouse == b.storehouse; }},
      {"field_pile_count", [](S s, P p) { return json(ps(s, p).field_pile.size()); },
       [](PS a, PS b) { return a.field_pile.size() == b.field_pile.size(); }},
      {"hand", [](S s, P p) { return cards_json(ps(s, p).hand); },
       [](PS a, PS b) { return a.hand == b.hand; }},
      {"hand_count", [](S s, P p) { return json(ps(s, p).hand.size()); },
       [](PS a, PS b) { return a.hand.size() == b.hand.size(); }},
      {"intro", [](S s, P p) { return card_json(ps(s, p).intro); },
       [](PS a, PS b) { return a.intro == b.intro; }},
      {"in_distribution", [](S s, P p) { return json(ps(s, p).in_distribution); },
       [](PS a, PS b) { return a.in_distribution == b.in_distribution; }},
      {"turn_done", [](S s, P p) { return json(ps(s, p).turn_done); },
       [](PS a, PS b) { return a.turn_done == b.turn_done; }},
      {"bought_two_pack", [](S s, P p) { return json(ps(s, p).bought_two_pack); },
       [](PS a, PS b) { return a.bought_two_pack == b.bought_two_pack; }},
      // The price counts the player's Helpers and Market stalls, unless his Official is active.
      {"two_pack_price", [](S s, P p) { return json(engine::two_pack_price(s, p)); },
       [](PS a, PS b) { return a.effects == b.effects && a.played == b.played; }},
      {"effects", [](S s, P p) { return effects_json(ps(s, p).effects); },
       [](PS a, PS b) { return a.effects == b.effects; }},
  };
  return parts;
}

json player_top_json(const engine::state& s, engine::player_id p, bool full) {
  const auto& ps = s.players[static_cast<std::size_t>(p)];
  json j = json::object();
  for (const auto& part : player_top_parts()) j[part.key] = part.build(s, p);
  const bool pile_known = std::none_of(ps.field_pile.begin(), ps.field_pile.end(),
                                       [](engine::field_id f) { return f >= engine::field_count; });
  if (full && pile_known) {
    json pile = json::array();
    for (auto it = ps.field_pile.rbegin(); it != ps.field_pile.rend(); ++it) pile.push_back(field_json(*it));
    j["field_pile"] = std::move(pile);
  }
  return j;
}

json player_to_json(const engine::state& s, engine::player_id p, bool full) {
  const auto& ps = s.players[static_cast<std::size_t>(p)];
  json j = player_top_json(s, p, full);
  j["fields"] = fields_json(ps);
  j["played"] = played_json(ps);
  return j;
}

}  // namespace loyang::protocol::detail
