// engine::setup_override <-> JSON.
#include "json_names.hpp"
#include "json_reader.hpp"
#include "loyang/protocol/setup_json.hpp"

namespace loyang::protocol {
namespace {

using detail::json;

json cards_json(const std::vector<engine::card_id>& cards) {
  json out = json::array();
  for (auto c : cards) out.push_back(detail::card_json(c));
  return out;
}

std::vector<engine::card_id> read_cards(const json& list, const std::string& what) {
  if (!list.is_array()) detail::fail(what + " must be a list of card ids");
  std::vector<engine::card_id> out;
  for (const json& c : list) out.push_back(detail::read_card(c, what));
  return out;
}

// A fixed order after a reshuffle: top card first; a final "..." leaves the rest shuffled.
constexpr const char* rest_marker = "...";

json order_json(const engine::fixed_order& o) {
  json out = cards_json(o.cards);
  if (o.rest_shuffled) out.push_back(rest_marker);
  return out;
}

engine::fixed_order read_order(const json& list, const std::string& what) {
  if (!list.is_array()) detail::fail(what + " must be a list of card ids");
  engine::fixed_order o;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i] == rest_marker && i + 1 == list.size()) {
      o.rest_shuffled = true;
    } else {
      if (list[i] == rest_marker) detail::fail(what + ": \"...\" may only end the list");
      o.cards.push_back(detail::read_card(list[i], what));
    }
  }
  return o;
}

std::vector<engine::field_id> read_fields(const json& list, const std::string& what) {
  if (!list.is_array()) detail::fail(what + " must be a list of field names");
  std::vector<engine::field_id> out;
  for (const json& f : list) out.push_back(detail::read_field(f, what));
  return out;
}

}  // namespace

nlohmann::json setup_to_json(const engine::setup_override& s) {
  json j = json::object();
  if (!s.deck.empty()) j["deck"] = cards_json(s.deck);
  if (!s.field_piles.empty()) {
    json piles = json::array();
    for (const auto& pile : s.field_piles) {
      json p = json::array();
      for (auto f : pile) p.push_back(detail::field_json(f));
      piles.push_back(std::move(p));
    }
    j["field_piles"] = std::move(piles);
  }
  if (!s.hands.empty()) {
    json hands = json::array();
    for (const auto& h : s.hands) hands.push_back(cards_json(h));
    j["hands"] = std::move(hands);
  }
  if (!s.intro.empty()) j["intro"] = cards_json(s.intro);
  if (s.starting != engine::no_player) j["starting"] = static_cast<int>(s.starting);
  if (!s.reshuffles.empty()) {
    json orders = json::array();
    for (const auto& o : s.reshuffles) orders.push_back(order_json(o));
    j["reshuffles"] = std::move(orders);
  }
  return j;
}

parsed<engine::setup_override> parse_setup(const nlohmann::json& j) {
  try {
    detail::object_reader r(j, "the setup");
    engine::setup_override s;
    if (const json* deck = r.optional("deck")) s.deck = read_cards(*deck, r.where("deck"));
    if (const json* piles = r.optional("field_piles")) {
      if (!piles->is_array()) detail::fail(r.where("field_piles") + " must be a list of lists");
      for (const json& p : *piles) s.field_piles.push_back(read_fields(p, r.where("field_piles")));
    }
    if (const json* hands = r.optional("hands")) {
      if (!hands->is_array()) detail::fail(r.where("hands") + " must be a list of lists");
      for (const json& h : *hands) s.hands.push_back(read_cards(h, r.where("hands")));
    }
    if (const json* intro = r.optional("intro")) s.intro = read_cards(*intro, r.where("intro"));
    if (r.optional("starting")) s.starting = r.player("starting");
    if (const json* orders = r.optional("reshuffles")) {
      if (!orders->is_array()) detail::fail(r.where("reshuffles") + " must be a list of lists");
      for (const json& o : *orders) s.reshuffles.push_back(read_order(o, r.where("reshuffles")));
    }
    r.finish();
    return s;
  } catch (const detail::read_failure& e) {
    return parse_error{"bad_setup", e.message};
  }
}

}  // namespace loyang::protocol
