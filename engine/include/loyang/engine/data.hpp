#pragma once
/// All component data of the game in one place: cards, fields, shop and Path of Prosperity.
/// Values the rulebook does not print (marked "inferred" in ../shared/rules/cards.md) live
/// only here, so they can be corrected in one place.
#include <array>
#include <optional>
#include <string_view>

#include "loyang/engine/types.hpp"

namespace loyang::engine {

enum class card_kind : std::uint8_t { common_field, market_stall, regular, casual, helper };

enum class helper_kind : std::uint8_t {
  none, book_keeper, con_man, deliveryman, foreman, haggler, harvest_helper, maid, market_crier,
  market_woman, merchant, messenger_boy, official, plough_man, saleswoman, shopper, squire,
  subsistence_farmer, tenant_farmer, tout, trader
};

/// One action card. Only the members of its kind are meaningful.
struct card_info {
  std::string_view id;  ///< the id used by cards.md and the wire format, e.g. "R09"
  card_kind kind;
  std::uint8_t field_size = 0;            ///< common field: 3, 4 or 5 spaces
  std::array<veg, 3> goods{};             ///< market stall goods; casual customer wants
  std::array<std::uint8_t, 3> costs{};    ///< market stall: vegetables given per good
  std::array<veg, 2> wants{};             ///< regular customer
  std::array<std::uint8_t, 4> pays{};     ///< regular: 1st..4th delivery; casual: pays[0]
  bool start = false;                     ///< regular: a START card of the Introductory version
  helper_kind helper = helper_kind::none;
};

inline constexpr int action_card_count = 70;
inline constexpr card_id first_stall = 6, first_regular = 20, first_casual = 34, first_helper = 48;

/// The card table entry; needs `c < action_card_count`.
const card_info& card(card_id c);
/// Looks a card up by its id string ("M01", "trader-2"); nullopt when unknown.
std::optional<card_id> card_by_name(std::string_view name);
inline card_kind kind_of(card_id c) { return card(c).kind; }

/// Field data: the Home field, the 8 private fields (set A then set B) and the 6 common fields.
inline constexpr int field_count = 15;
std::string_view field_name(field_id f);
std::optional<field_id> field_by_name(std::string_view name);
int field_size(field_id f);
/// Whether `v` may be sown on field `f` (the more spaces, the fewer types).
bool field_allows(field_id f, veg v);
inline field_id common_field_of(card_id c) { return static_cast<field_id>(first_common_field + c); }
inline bool is_common_field(field_id f) { return f >= first_common_field && f < field_count; }
inline card_id card_of_common_field(field_id f) { return static_cast<card_id>(f - first_common_field); }

/// Shop (player board).
int shop_spaces(veg v);
int shop_start_stock(veg v);
int buy_price(veg v);
int sell_price(veg v);

/// Rules constants.
inline constexpr int start_cash = 10;
inline constexpr int rounds = 9;
inline constexpr int hand_size = 4;
inline constexpr int path_start = 1;
inline constexpr int path_end = 20;
inline constexpr int loan_cash = 5;
inline constexpr int yucata_loan_limit = 31;
inline constexpr int common_field_cost = 2;
inline constexpr int regular_penalty = 2;
inline constexpr int storehouse_small = 1;
inline constexpr int storehouse_large = 4;
inline constexpr int storehouse_upgrade_cost = 2;
inline constexpr int casual_modifier = 2;

/// Cost of moving `steps` spaces from `position` in one round: 1 for the first step, then the
/// number of each further space moved to.
int path_cost(int position, int steps);

}  // namespace loyang::engine
