// command_to_json(): one JSON object per command, {"type": name, ...parameters}.
#include "command_traits.hpp"
#include "json_names.hpp"
#include "loyang/protocol/command_json.hpp"

namespace loyang::protocol {
namespace {

using detail::card_json;
using detail::field_json;
using detail::json;
using detail::veg_json;
namespace cmd = engine::cmd;

json give_json(engine::veg give1, const std::optional<engine::veg>& give2) {
  json give = json::array({veg_json(give1)});
  if (give2) give.push_back(veg_json(*give2));
  return give;
}

json player_json(engine::player_id p) { return static_cast<int>(p); }

/// Writes the parameters of one command into `j`.
struct param_writer {
  json& j;

  template <class T>
    requires detail::no_params<T>
  void operator()(const T&) {}

  template <class T>
    requires detail::crop_only<T>
  void operator()(const T& c) { j["crop"] = veg_json(c.crop); }

  template <class T>
    requires detail::card_only<T>
  void operator()(const T& c) { j["card"] = card_json(c.card); }

  void operator()(const cmd::take_cards& c) {
    j["hand"] = card_json(c.hand);
    j["courtyard"] = card_json(c.courtyard);
  }
  void operator()(const cmd::choose_partner& c) { j["partner"] = player_json(c.partner); }
  void operator()(const cmd::sow& c) {
    j["crop"] = veg_json(c.crop);
    j["field"] = field_json(c.field);
  }
  void operator()(const cmd::trade& c) {
    j["stall"] = card_json(c.stall);
    j["get"] = veg_json(c.get);
    j["give"] = give_json(c.give1, c.give2);
  }
  void operator()(const cmd::keep_two_pack& c) {
    j["top"] = card_json(c.top);
    j["bottom"] = card_json(c.bottom);
  }
  void operator()(const cmd::advance& c) { j["steps"] = c.steps; }
  void operator()(const cmd::con_man& c) {
    j["owner"] = player_json(c.owner);
    j["card"] = card_json(c.card);
  }
  void operator()(const cmd::deliveryman& c) {
    j["owner"] = player_json(c.owner);
    j["customer"] = card_json(c.customer);
  }
  void operator()(const cmd::shopper& c) {
    j["crop"] = veg_json(c.crop);
    j["with_haggler"] = c.with_haggler;
  }
  void operator()(const cmd::merchant& c) {
    json crops = json::array();
    for (engine::veg v : engine::all_vegs)
      if ((c.crops >> static_cast<int>(v)) & 1u) crops.push_back(veg_json(v));
    j["crops"] = std::move(crops);
    j["haggler"] = c.haggler ? veg_json(*c.haggler) : json(nullptr);
    j["shopper"] = c.shopper ? veg_json(*c.shopper) : json(nullptr);
  }
  void operator()(const cmd::harvest_helper& c) {
    json fields = json::array();
    for (int f = 0; f < engine::field_count; ++f)
      if ((c.fields >> f) & 1u) fields.push_back(field_json(static_cast<engine::field_id>(f)));
    j["fields"] = std::move(fields);
  }
  void operator()(const cmd::market_crier_sell& c) {
    json goods = json::array();
    for (std::size_t i = 0; i < c.count && i < c.goods.size(); ++i)
      goods.push_back({{"stall", card_json(c.goods[i].first)}, {"good", veg_json(c.goods[i].second)}});
    j["goods"] = std::move(goods);
  }
  void operator()(const cmd::market_woman& c) {
    j["mine"] = card_json(c.mine);
    j["owner"] = player_json(c.owner);
    j["theirs"] = card_json(c.theirs);
  }
  void operator()(const cmd::plough_clear& c) { j["field"] = field_json(c.field); }
  void operator()(const cmd::subsistence_farmer& c) {
    j["owner"] = player_json(c.owner);
    j["field"] = field_json(c.field);
  }
  void operator()(const cmd::tenant_buy_field& c) { j["field"] = field_json(c.field); }
  void operator()(const cmd::tenant_swap_field& c) {
    j["put"] = field_json(c.put);
    j["take"] = field_json(c.take);
  }
  void operator()(const cmd::tout_swap& c) {
    j["mine"] = card_json(c.mine);
    j["owner"] = player_json(c.owner);
    j["theirs"] = card_json(c.theirs);
  }
  void operator()(const cmd::tout_buy& c) {
    j["owner"] = player_json(c.owner);
    j["customer"] = card_json(c.customer);
  }
  void operator()(const cmd::trader& c) {
    j["card"] = card_json(c.card);
    j["owner"] = player_json(c.owner);
    j["stall"] = card_json(c.stall);
    j["get"] = veg_json(c.get);
    j["give"] = give_json(c.give1, c.give2);
  }
};

}  // namespace

nlohmann::json command_to_json(const engine::command& c) {
  json j = json::object();
  j["type"] = std::string(engine::command_name(c));
  std::visit(param_writer{j}, c);
  return j;
}

}  // namespace loyang::protocol
