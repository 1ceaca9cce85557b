// Engine events as JSON: one function per event type, members named as in events.hpp.
#include "loyang/protocol/event_json.hpp"

#include "json_names.hpp"
#include "player_json.hpp"
#include "state_names.hpp"

namespace loyang::protocol {
namespace {

using detail::card_json;
using detail::cards_json;
using detail::field_json;
using detail::player_json;
using detail::veg_json;
using nlohmann::json;
namespace ev = engine::ev;

std::string_view reason_name(engine::pay_reason r) {
  switch (r) {
    case engine::pay_reason::home_field: return "home_field";
    case engine::pay_reason::purchase: return "purchase";
    case engine::pay_reason::sale: return "sale";
    case engine::pay_reason::customer: return "customer";
    case engine::pay_reason::penalty: return "penalty";
    case engine::pay_reason::two_pack: return "two_pack";
    case engine::pay_reason::keep_card: return "keep_card";
    case engine::pay_reason::loan: return "loan";
    case engine::pay_reason::storehouse: return "storehouse";
    case engine::pay_reason::path: return "path";
    case engine::pay_reason::helper: return "helper";
    case engine::pay_reason::offer: return "offer";
    case engine::pay_reason::common_field: return "common_field";
  }
  return "unknown";
}

std::string_view source_name(ev::card_source s) {
  switch (s) {
    case ev::card_source::hand: return "hand";
    case ev::card_source::intro: return "intro";
    case ev::card_source::courtyard: return "courtyard";
    case ev::card_source::two_pack: return "two_pack";
    case ev::card_source::offer: return "offer";
    case ev::card_source::under: return "under";
    case ev::card_source::discard_pile: return "discard_pile";
    case ev::card_source::draw_pile: return "draw_pile";
  }
  return "unknown";
}

std::string_view discard_name(ev::discard_reason r) {
  switch (r) {
    case ev::discard_reason::helper_used: return "helper_used";
    case ev::discard_reason::helper_discarded: return "helper_discarded";
    case ev::discard_reason::stall_emptied: return "stall_emptied";
    case ev::discard_reason::customer_done: return "customer_done";
    case ev::discard_reason::casual_served: return "casual_served";
    case ev::discard_reason::courtyard: return "courtyard";
    case ev::discard_reason::two_pack_unkept: return "two_pack_unkept";
    case ev::discard_reason::field_emptied: return "field_emptied";
    case ev::discard_reason::offer: return "offer";
    case ev::discard_reason::out_of_game: return "out_of_game";
  }
  return "unknown";
}

std::string_view place_name(ev::veg_place p) {
  switch (p) {
    case ev::veg_place::supply: return "supply";
    case ev::veg_place::cart: return "cart";
    case ev::veg_place::shop: return "shop";
    case ev::veg_place::storehouse: return "storehouse";
    case ev::veg_place::field: return "field";
    case ev::veg_place::stall: return "stall";
  }
  return "unknown";
}

json str(std::string_view s) { return std::string(s); }

// The members of each event; "type" is added by event_to_json.
json members(const ev::round_started& e) { return {{"round", e.round}}; }
json members(const ev::phase_started& e) { return {{"at", str(detail::phase_name(e.at))}}; }
json members(const ev::turn_started& e) { return {{"player", player_json(e.player)}}; }
json members(const ev::field_turned& e) {
  return {{"player", player_json(e.player)}, {"field", field_json(e.field)}};
}
json members(const ev::storehouse_emptied& e) {
  return {{"player", player_json(e.player)}, {"goods", detail::counts_json(e.goods)}};
}
json members(const ev::harvested& e) {
  return {{"player", player_json(e.player)}, {"field", field_json(e.field)}, {"crop", veg_json(e.crop)},
          {"amount", e.amount}, {"left", e.left}, {"to", player_json(e.to)}};
}
json members(const ev::field_emptied& e) {
  return {{"player", player_json(e.player)}, {"field", field_json(e.field)}, {"to_discard", e.to_discard}};
}
json members(const ev::cards_dealt& e) {
  return {{"player", player_json(e.player)}, {"cards", cards_json(e.cards)}};
}
json members(const ev::cards_to_courtyard& e) {
  return {{"player", player_json(e.player)}, {"cards", cards_json(e.cards)}, {"from_draw_pile", e.from_draw_pile}};
}
json members(const ev::card_played& e) {
  return {{"player", player_json(e.player)}, {"card", card_json(e.card)}, {"from", str(source_name(e.from))},
          {"under", card_json(e.under)}};
}
json members(const ev::two_pack_drawn& e) {
  return {{"player", player_json(e.player)}, {"top", card_json(e.top)}, {"bottom", card_json(e.bottom)}};
}
json members(const ev::customer_revealed& e) {
  return {{"player", player_json(e.player)}, {"card", card_json(e.card)}, {"from_under", card_json(e.from_under)},
          {"due", e.due}};
}
json members(const ev::card_discarded& e) {
  return {{"player", player_json(e.player)}, {"card", card_json(e.card)}, {"reason", str(discard_name(e.reason))}};
}
json members(const ev::reshuffled& e) { return {{"cards", e.cards}}; }
json members(const ev::payment& e) {
  return {{"from", player_json(e.from)}, {"to", player_json(e.to)}, {"amount", e.amount},
          {"reason", str(reason_name(e.reason))}, {"card", card_json(e.card)}};
}
json members(const ev::marker_turned& e) {
  return {{"player", player_json(e.player)}, {"card", card_json(e.card)}, {"red", e.red}};
}
json members(const ev::foreman_took& e) {
  return {{"player", player_json(e.player)}, {"from", player_json(e.from)}, {"card", card_json(e.card)}};
}
json members(const ev::advanced& e) {
  return {{"player", player_json(e.player)}, {"steps", e.steps}, {"position", e.position}};
}
json members(const ev::game_ended&) { return json::object(); }
json members(const ev::scored& e) {
  return {{"player", player_json(e.player)}, {"loans", e.loans},   {"position", e.position},
          {"cash", e.cash},                  {"vegetables", e.vegetables}, {"rank", e.rank},
          {"tie_break", e.tie_break}};
}
json members(const ev::solo_rated& e) { return {{"level", e.level}, {"rating", str(detail::rating_name(e.rating))}}; }
json members(const ev::undone& e) { return {{"version", e.version}}; }
json members(const ev::card_moved& e) {
  return {{"from", player_json(e.from)}, {"to", player_json(e.to)}, {"card", card_json(e.card)}};
}
json members(const ev::field_returned& e) {
  return {{"player", player_json(e.player)}, {"field", field_json(e.field)}};
}
json members(const ev::offer_refilled& e) { return {{"cards", cards_json(e.cards)}}; }
json members(const ev::vegetables_moved& e) {
  return {{"player", player_json(e.player)},
          {"from", str(place_name(e.from))},
          {"to", str(place_name(e.to))},
          {"goods", detail::counts_json(e.goods)},
          {"field", e.field == ev::no_field ? json(nullptr) : field_json(e.field)},
          {"owner", player_json(e.owner)},
          {"stall", card_json(e.stall)}};
}
json members(const ev::players_ordered& e) {
  return {{"starting", player_json(e.starting)}, {"second", player_json(e.second)}, {"partner", player_json(e.partner)}};
}

}  // namespace

nlohmann::json event_to_json(const engine::event& e) {
  json j = std::visit([](const auto& x) { return members(x); }, e);
  j["type"] = std::string(engine::event_name(e));
  return j;
}

nlohmann::json events_to_json(const engine::event_list& events) {
  auto out = nlohmann::json::array();
  for (const auto& e : events) out.push_back(event_to_json(e));
  return out;
}

}  // namespace loyang::protocol
