// The component data table (see ../shared/rules/cards.md). Inferred values are marked.
#include "loyang/engine/data.hpp"

#include <algorithm>

namespace loyang::engine {
namespace {

constexpr veg W = veg::wheat, P = veg::pumpkin, T = veg::turnip, C = veg::cabbage, B = veg::bean,
              L = veg::leek;

constexpr card_info field_card(std::string_view id, std::uint8_t size) {
  card_info c{id, card_kind::common_field};
  c.field_size = size;
  return c;
}
constexpr card_info stall(std::string_view id, veg a, int ca, veg b, int cb, veg d, int cd) {
  card_info c{id, card_kind::market_stall};
  c.goods = {a, b, d};
  c.costs = {static_cast<std::uint8_t>(ca), static_cast<std::uint8_t>(cb), static_cast<std::uint8_t>(cd)};
  return c;
}
constexpr card_info regular(std::string_view id, veg a, veg b, int p1, int p2, int p3, int p4,
                            bool start = false) {
  card_info c{id, card_kind::regular};
  c.wants = {a, b};
  c.pays = {static_cast<std::uint8_t>(p1), static_cast<std::uint8_t>(p2), static_cast<std::uint8_t>(p3),
            static_cast<std::uint8_t>(p4)};
  c.start = start;
  return c;
}
constexpr card_info casual(std::string_view id, veg a, veg b, veg d, int price) {
  card_info c{id, card_kind::casual};
  c.goods = {a, b, d};
  c.pays = {static_cast<std::uint8_t>(price), 0, 0, 0};
  return c;
}
constexpr card_info helper(std::string_view id, helper_kind h) {
  card_info c{id, card_kind::helper};
  c.helper = h;
  return c;
}

using H = helper_kind;
constexpr std::array<card_info, action_card_count> cards{{
    field_card("CF3-1", 3), field_card("CF3-2", 3), field_card("CF4-1", 4),
    field_card("CF4-2", 4), field_card("CF5-1", 5), field_card("CF5-2", 5),
    stall("M01", P, 1, T, 1, C, 1), stall("M02", W, 1, T, 1, B, 1), stall("M03", W, 1, T, 1, L, 1),
    stall("M04", W, 1, C, 1, L, 1), stall("M05", W, 1, P, 1, L, 1), stall("M06", T, 1, C, 2, L, 2),
    stall("M07", P, 1, C, 1, L, 2), stall("M08", W, 1, B, 1, L, 2), stall("M09", P, 1, B, 2, L, 2),
    stall("M10", T, 1, B, 2, L, 2), stall("M11", W, 1, C, 1, B, 1), stall("M12", P, 1, C, 1, B, 1),
    stall("M13", P, 1, T, 1, B, 1), stall("M14", T, 1, C, 1, B, 2),
    regular("R01", W, P, 4, 5, 5, 6, true), regular("R02", W, W, 4, 5, 5, 6),
    regular("R03", P, T, 4, 5, 6, 7, true), regular("R04", W, C, 4, 5, 6, 7, true),
    regular("R05", T, T, 5, 6, 6, 7), regular("R06", P, C, 5, 6, 6, 7),
    regular("R07", P, B, 5, 6, 7, 8), regular("R08", W, L, 5, 6, 7, 8),
    regular("R09", T, C, 5, 6, 7, 8, true), regular("R10", T, B, 6, 7, 7, 8),
    regular("R11", P, L, 6, 7, 7, 8), regular("R12", C, B, 6, 7, 8, 9),
    regular("R13", C, L, 7, 8, 8, 9), regular("R14", B, L, 7, 8, 9, 10),
    casual("C01", W, P, T, 7), casual("C02", W, W, B, 8), casual("C03", W, T, T, 8),
    casual("C04", P, P, B, 9), casual("C05", W, C, C, 9), casual("C06", W, T, B, 9),
    casual("C07", P, T, C, 9), casual("C08", W, P, L, 9), casual("C09", P, C, B, 10),
    casual("C10", P, T, L, 10), casual("C11", W, C, L, 10), casual("C12", P, B, L, 11),
    casual("C13", T, C, L, 11), casual("C14", C, B, L, 12),
    helper("book-keeper", H::book_keeper), helper("con-man", H::con_man),
    helper("deliveryman", H::deliveryman), helper("foreman", H::foreman),
    helper("haggler", H::haggler), helper("harvest-helper", H::harvest_helper),
    helper("maid", H::maid), helper("market-crier", H::market_crier),
    helper("market-woman", H::market_woman), helper("merchant", H::merchant),
    helper("messenger-boy", H::messenger_boy), helper("official", H::official),
    helper("plough-man", H::plough_man), helper("saleswoman", H::saleswoman),
    helper("shopper", H::shopper), helper("squire", H::squire),
    helper("subsistence-farmer", H::subsistence_farmer), helper("tenant-farmer", H::tenant_farmer),
    helper("tout", H::tout), helper("trader-1", H::trader), helper("trader-2", H::trader),
    helper("trader-3", H::trader),
}};

// `kinds`: the first n vegetable types may be sown. Home field: rules text. Others inferred:
// 3 spaces all six, 4 no leek, 5 no bean or leek, 6 only wheat, pumpkin, turnip.
struct field_info {
  std::string_view name;
  std::uint8_t size;
  std::uint8_t kinds;
};
constexpr std::array<field_info, field_count> fields{{
    {"HOME", 9, 3},  {"PF3-A", 3, 6}, {"PF4-A", 4, 5}, {"PF5-A", 5, 4}, {"PF6-A", 6, 3},
    {"PF3-B", 3, 6}, {"PF4-B", 4, 5}, {"PF5-B", 5, 4}, {"PF6-B", 6, 3},
    {"CF3-1", 3, 6}, {"CF3-2", 3, 6}, {"CF4-1", 4, 5}, {"CF4-2", 4, 5}, {"CF5-1", 5, 4}, {"CF5-2", 5, 4},
}};

// Per vegetable: spaces, start stock, buy, sell. Inferred: the two empty spaces are bean and leek.
constexpr std::array<std::array<std::uint8_t, 4>, veg_types> shop{{
    {3, 3, 3, 1}, {2, 2, 4, 1}, {2, 2, 5, 1}, {2, 2, 5, 1}, {2, 1, 6, 2}, {2, 1, 6, 2},
}};

}  // namespace

const card_info& card(card_id c) { return cards[c]; }

std::optional<card_id> card_by_name(std::string_view name) {
  for (int i = 0; i < action_card_count; ++i)
    if (cards[i].id == name) return static_cast<card_id>(i);
  return std::nullopt;
}

std::string_view field_name(field_id f) { return f < field_count ? fields[f].name : "hidden"; }

std::optional<field_id> field_by_name(std::string_view name) {
  for (int i = 0; i < field_count; ++i)
    if (fields[i].name == name) return static_cast<field_id>(i);
  return std::nullopt;
}

int field_size(field_id f) { return fields[f].size; }

bool field_allows(field_id f, veg v) {
  return static_cast<int>(v) < fields[f].kinds;
}

int shop_spaces(veg v) { return shop[static_cast<int>(v)][0]; }
int shop_start_stock(veg v) { return shop[static_cast<int>(v)][1]; }
int buy_price(veg v) { return shop[static_cast<int>(v)][2]; }
int sell_price(veg v) { return shop[static_cast<int>(v)][3]; }

int path_cost(int position, int steps) {
  // Inferred: the value printed on a space is its number.
  int cost = 0;
  for (int i = 1; i <= steps; ++i) cost += i == 1 ? 1 : position + i;
  return cost;
}

std::string_view to_string(veg v) {
  static constexpr std::array<std::string_view, veg_types> names{"wheat",   "pumpkin", "turnip",
                                                                 "cabbage", "bean",    "leek"};
  return names[static_cast<int>(v)];
}

std::string_view to_string(ruleset r) { return r == ruleset::yucata ? "yucata" : "original"; }

}  // namespace loyang::engine
