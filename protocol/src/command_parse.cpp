// parse_command(): strict reading of {"type": name, ...parameters} into an engine command.
#include <algorithm>
#include <type_traits>
#include <vector>

#include "command_traits.hpp"
#include "json_reader.hpp"
#include "loyang/protocol/command_json.hpp"

namespace loyang::protocol {
namespace {

using detail::fail;
using detail::json;
using detail::object_reader;
namespace cmd = engine::cmd;

template <class T>
using tag = std::type_identity<T>;

/// The 1 or 2 vegetables of "give", in canonical order (give1 <= give2).
std::pair<engine::veg, std::optional<engine::veg>> read_give(object_reader& r) {
  const json& give = r.array("give");
  if (give.empty() || give.size() > 2) fail(r.where("give") + " must list 1 or 2 vegetables");
  const auto a = detail::read_veg(give[0], r.where("give"));
  if (give.size() == 1) return {a, std::nullopt};
  const auto b = detail::read_veg(give[1], r.where("give"));
  return {std::min(a, b), std::max(a, b)};
}

template <class T>
  requires detail::no_params<T>
T read(object_reader&, tag<T>) {
  return T{};
}

template <class T>
  requires detail::crop_only<T>
T read(object_reader& r, tag<T>) {
  return T{r.veg("crop")};
}

template <class T>
  requires detail::card_only<T>
T read(object_reader& r, tag<T>) {
  return T{r.card("card")};
}

cmd::take_cards read(object_reader& r, tag<cmd::take_cards>) {
  const auto hand = r.card("hand");
  return {hand, r.card_or_none("courtyard")};
}
cmd::choose_partner read(object_reader& r, tag<cmd::choose_partner>) { return {r.player("partner")}; }
cmd::sow read(object_reader& r, tag<cmd::sow>) {
  const auto crop = r.veg("crop");
  return {crop, r.field("field")};
}
cmd::trade read(object_reader& r, tag<cmd::trade>) {
  const auto stall = r.card("stall");
  const auto get = r.veg("get");
  const auto [give1, give2] = read_give(r);
  return {stall, get, give1, give2};
}
cmd::keep_two_pack read(object_reader& r, tag<cmd::keep_two_pack>) {
  const auto top = r.card_or_none("top");
  return {top, r.card_or_none("bottom")};
}
cmd::advance read(object_reader& r, tag<cmd::advance>) { return {r.integer("steps", -100, 100)}; }
cmd::con_man read(object_reader& r, tag<cmd::con_man>) {
  const auto owner = r.player("owner");
  return {owner, r.card("card")};
}
cmd::deliveryman read(object_reader& r, tag<cmd::deliveryman>) {
  const auto owner = r.player("owner");
  return {owner, r.card("customer")};
}
cmd::shopper read(object_reader& r, tag<cmd::shopper>) {
  const auto crop = r.veg("crop");
  const json* h = r.optional("with_haggler");
  if (h && !h->is_boolean()) fail(r.where("with_haggler") + " must be true or false");
  return {crop, h && h->get<bool>()};
}
cmd::merchant read(object_reader& r, tag<cmd::merchant>) {
  std::uint8_t crops = 0;
  for (const json& v : r.array("crops")) {
    const auto bit = static_cast<std::uint8_t>(1u << static_cast<int>(detail::read_veg(v, r.where("crops"))));
    if (crops & bit) fail(r.where("crops") + " lists a vegetable twice");
    crops = static_cast<std::uint8_t>(crops | bit);
  }
  const auto haggler = r.veg_or_none("haggler");
  return {crops, haggler, r.veg_or_none("shopper")};
}
cmd::harvest_helper read(object_reader& r, tag<cmd::harvest_helper>) {
  std::uint16_t fields = 0;
  for (const json& f : r.array("fields")) {
    const auto bit = static_cast<std::uint16_t>(1u << detail::read_field(f, r.where("fields")));
    if (fields & bit) fail(r.where("fields") + " lists a field twice");
    fields = static_cast<std::uint16_t>(fields | bit);
  }
  return {fields};
}
cmd::market_crier_sell read(object_reader& r, tag<cmd::market_crier_sell>) {
  const json& goods = r.array("goods");
  cmd::market_crier_sell c{};
  if (goods.empty() || goods.size() > c.goods.size()) fail(r.where("goods") + " must list 1 to 3 goods");
  std::vector<std::pair<engine::card_id, engine::veg>> sorted;
  for (const json& good : goods) {
    object_reader g(good, "a good of market_crier_sell");
    const auto stall = g.card("stall");
    sorted.emplace_back(stall, g.veg("good"));
    g.finish();
  }
  std::sort(sorted.begin(), sorted.end());  // the canonical order
  for (std::size_t i = 0; i < sorted.size() && i < c.goods.size(); ++i) {
    c.goods[i] = sorted[i];
    c.count = static_cast<std::uint8_t>(i + 1);
  }
  return c;
}
cmd::market_woman read(object_reader& r, tag<cmd::market_woman>) {
  const auto mine = r.card("mine");
  const auto owner = r.player("owner");
  return {mine, owner, r.card("theirs")};
}
cmd::plough_clear read(object_reader& r, tag<cmd::plough_clear>) { return {r.field("field")}; }
cmd::subsistence_farmer read(object_reader& r, tag<cmd::subsistence_farmer>) {
  const auto owner = r.player("owner");
  return {owner, r.field("field")};
}
cmd::tenant_buy_field read(object_reader& r, tag<cmd::tenant_buy_field>) { return {r.field("field")}; }
cmd::tenant_swap_field read(object_reader& r, tag<cmd::tenant_swap_field>) {
  const auto put = r.field("put");
  return {put, r.field("take")};
}
cmd::tout_swap read(object_reader& r, tag<cmd::tout_swap>) {
  const auto mine = r.card("mine");
  const auto owner = r.player("owner");
  return {mine, owner, r.card("theirs")};
}
cmd::tout_buy read(object_reader& r, tag<cmd::tout_buy>) {
  const auto owner = r.player("owner");
  return {owner, r.card("customer")};
}
cmd::trader read(object_reader& r, tag<cmd::trader>) {
  const auto card = r.card("card");
  const auto owner = r.player("owner");
  const auto stall = r.card("stall");
  const auto get = r.veg("get");
  const auto [give1, give2] = read_give(r);
  return {card, owner, stall, get, give1, give2};
}

/// Finds the variant alternative named `type` and reads its parameters.
template <std::size_t I = 0>
engine::command read_named(std::string_view type, object_reader& r) {
  if constexpr (I == std::variant_size_v<engine::command>) {
    fail("unknown command type '" + std::string(type) + "'");
  } else {
    using T = std::variant_alternative_t<I, engine::command>;
    if (engine::command_name(engine::command(std::in_place_index<I>)) == type) return read(r, tag<T>{});
    return read_named<I + 1>(type, r);
  }
}

}  // namespace

parsed<engine::command> parse_command(const nlohmann::json& j) {
  try {
    object_reader r(j, "the command");
    const json& type = r.required("type");
    if (!type.is_string()) fail("field 'type' of the command must be a string");
    const auto& name = type.get_ref<const std::string&>();
    object_reader params(j, name);
    params.optional("type");
    engine::command c = read_named(name, params);
    params.finish();
    return c;
  } catch (const detail::read_failure& e) {
    return parse_error{"bad_command", e.message};
  } catch (const nlohmann::json::exception& e) {  // not expected: the reader checks types first
    return parse_error{"bad_command", e.what()};
  }
}

}  // namespace loyang::protocol
