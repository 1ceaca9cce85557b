#pragma once
/// Everything a player can tell the engine, as small structs in one variant. The wire names
/// (protocol layer) are the struct names; docs/protocol.md has one example of each.
#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <string_view>
#include <type_traits>
#include <variant>

#include "loyang/engine/types.hpp"

namespace loyang::engine {

namespace cmd {
/// Setup: buy one wheat, pumpkin or turnip from the own shop and plant the Home field.
struct plant_home { veg crop; bool operator==(const plant_home&) const = default; };
/// Card phase, 2 players: turn the top card of the draw pile into the Courtyard (start of turn).
struct reveal_courtyard { bool operator==(const reveal_courtyard&) const = default; };
/// Card phase: put one hand card into the Courtyard.
struct place_in_courtyard { card_id card; bool operator==(const place_in_courtyard&) const = default; };
/// Card phase: play one hand card (or the Introductory START customer) and one Courtyard card.
/// `courtyard` is no_card only when the Courtyard is empty and the player must take.
struct take_cards {
  card_id hand;
  card_id courtyard;
  bool operator==(const take_cards&) const = default;
};
/// 4 players, start of the Action phase: the Starting player chooses his partner.
struct choose_partner { player_id partner; bool operator==(const choose_partner&) const = default; };
/// A: sow one vegetable from the cart on an unsown field.
struct sow { veg crop; field_id field; bool operator==(const sow&) const = default; };
/// B: buy one vegetable from the own shop.
struct buy { veg crop; bool operator==(const buy&) const = default; };
/// C: sell one vegetable from the cart to the own shop (any time).
struct sell { veg crop; bool operator==(const sell&) const = default; };
/// D: trade at an own Market stall: get one good for one or two vegetables from the cart.
/// `give2` is set exactly when the good costs 2; then give1 <= give2 (the canonical order).
struct trade {
  card_id stall;
  veg get;
  veg give1;
  std::optional<veg> give2;
  bool operator==(const trade&) const = default;
};
/// E: discard an uncovered Helper without using it (any time).
struct discard_helper { card_id card; bool operator==(const discard_helper&) const = default; };
/// F: deliver the two vegetables to a Regular customer.
struct serve_regular { card_id card; bool operator==(const serve_regular&) const = default; };
/// F: do not deliver this round: blue marker turns red, red costs a 2 Cash penalty.
struct skip_regular { card_id card; bool operator==(const skip_regular&) const = default; };
/// G: serve a Casual customer.
struct serve_casual { card_id card; bool operator==(const serve_casual&) const = default; };
/// H: pay and draw a Two-pack (once per Action phase).
struct buy_two_pack { bool operator==(const buy_two_pack&) const = default; };
/// H: keep none (both no_card), one (top only) or both (top covers bottom) of the drawn cards.
struct keep_two_pack {
  card_id top;
  card_id bottom;
  bool operator==(const keep_two_pack&) const = default;
};
/// Take a loan of 5 Cash (any time).
struct take_loan { bool operator==(const take_loan&) const = default; };
/// End the Action phase turn; then store vegetables and move on the Path.
struct end_turn { bool operator==(const end_turn&) const = default; };
/// Store step: upgrade the Storehouse to hold 4 (2 Cash, once).
struct upgrade_storehouse { bool operator==(const upgrade_storehouse&) const = default; };
/// Store step: return one vegetable from the cart to the supply.
struct discard_veg { veg crop; bool operator==(const discard_veg&) const = default; };
/// Move `steps` spaces on the Path of Prosperity (0 allowed); ends the turn.
struct advance { int steps; bool operator==(const advance&) const = default; };
/// Take back the own last command of this turn, back to the last point of no return.
struct undo { bool operator==(const undo&) const = default; };

// --- Helpers (see docs/rules-decisions.md for every interpretation) ---

/// Book-keeper [2,3]: start arranging the own shop (then shop_add / shop_remove / book_keeper_done).
struct use_book_keeper { bool operator==(const use_book_keeper&) const = default; };
/// Book-keeper: put one vegetable from the supply on a free shop space.
struct shop_add { veg crop; bool operator==(const shop_add&) const = default; };
/// Book-keeper: return one vegetable from the shop to the supply.
struct shop_remove { veg crop; bool operator==(const shop_remove&) const = default; };
/// Book-keeper: finish; 1 Cash per own field sown with `crop` (yucata: the best crop only).
struct book_keeper_done { veg crop; bool operator==(const book_keeper_done&) const = default; };
/// Con man: swap him for an uncovered Helper of a player who has finished his Action phase.
struct con_man { player_id owner; card_id card; bool operator==(const con_man&) const = default; };
/// Deliveryman: deliver to another player's Regular customer and keep the payment.
struct deliveryman { player_id owner; card_id customer; bool operator==(const deliveryman&) const = default; };
/// Foreman (original rules): take the Helper just discarded, or let it go.
struct foreman_take { bool operator==(const foreman_take&) const = default; };
struct foreman_pass { bool operator==(const foreman_pass&) const = default; };
/// Haggler: two of one vegetable from the own shop for the price of one.
struct haggler { veg crop; bool operator==(const haggler&) const = default; };
/// Shopper: one vegetable from the supply for 2 less than the shop price; with the Haggler, two.
struct shopper { veg crop; bool with_haggler; bool operator==(const shopper&) const = default; };
/// Merchant: 1 Cash each for one of every vegetable in `crops` (bit per veg) that the own Regular
/// customers still want at least twice this round. Optionally one of them twice for 1 with the
/// Haggler, or one of them from the supply for 0 with the Shopper (not both).
struct merchant {
  std::uint8_t crops;
  std::optional<veg> haggler;
  std::optional<veg> shopper;
  bool operator==(const merchant&) const = default;
};
/// Harvest helper option 1 (Harvest phase turn): one more vegetable from each listed field
/// (bit per field_id) that still holds at least 3 after the harvest; not the Home field.
struct harvest_helper { std::uint16_t fields; bool operator==(const harvest_helper&) const = default; };
/// Harvest phase: keep the Harvest helper for later.
struct skip_harvest_helper { bool operator==(const skip_harvest_helper&) const = default; };
/// Maid, Official, Messenger-boy, Saleswoman (bonus) or Harvest helper (option 2): activate for
/// this Action phase.
struct activate_helper { card_id card; bool operator==(const activate_helper&) const = default; };
/// Saleswoman option 1: all own Satisfaction markers to blue (her card, or her option 1
/// activated earlier in this Action phase with activate_saleswoman_blue).
struct saleswoman_blue { bool operator==(const saleswoman_blue&) const = default; };
/// Market crier option 1: refill all own Market stalls.
struct market_crier_refill { bool operator==(const market_crier_refill&) const = default; };
/// Market crier option 2: sell 1-3 goods from own stalls to the own shop, at most 3 Cash.
struct market_crier_sell {
  std::array<std::pair<card_id, veg>, 3> goods;
  std::uint8_t count;
  bool operator==(const market_crier_sell&) const = default;
};
/// Market woman: swap an own Market stall for another player's; both are refilled.
struct market_woman {
  card_id mine;
  player_id owner;
  card_id theirs;
  bool operator==(const market_woman&) const = default;
};
/// Messenger-boy active: deliver twice at once to a Regular customer, paid twice for its row.
struct serve_regular_twice { card_id card; bool operator==(const serve_regular_twice&) const = default; };
/// Plough-man option 1: empty an own field with at least 2 vegetables (not Home); it can be re-sown.
struct plough_clear { field_id field; bool operator==(const plough_clear&) const = default; };
/// Plough-man option 2: harvest every own field with exactly one vegetable (not Home).
struct plough_harvest { bool operator==(const plough_harvest&) const = default; };
/// Squire (Card phase, after taking): take one more Courtyard card (up to 2 more).
struct squire_take { card_id card; bool operator==(const squire_take&) const = default; };
/// End the own Distribution turn after taking (when a Squire could be used).
struct finish_taking { bool operator==(const finish_taking&) const = default; };
/// Subsistence farmer: take 1 vegetable from another player's field (4+, not Home), pay him 1.
struct subsistence_farmer {
  player_id owner;
  field_id field;
  bool operator==(const subsistence_farmer&) const = default;
};
/// Tenant-farmer option 1: pay 3 and take a field out of the own field pile.
struct tenant_buy_field { field_id field; bool operator==(const tenant_buy_field&) const = default; };
/// Tenant-farmer option 2: put an unsown field under the field pile and take another from it.
struct tenant_swap_field {
  field_id put;
  field_id take;
  bool operator==(const tenant_swap_field&) const = default;
};
/// Tout option 1: swap an own Casual customer for another player's.
struct tout_swap {
  card_id mine;
  player_id owner;
  card_id theirs;
  bool operator==(const tout_swap&) const = default;
};
/// Tout option 2: buy another player's Casual customer for 2 and serve it at once.
struct tout_buy { player_id owner; card_id customer; bool operator==(const tout_buy&) const = default; };
/// Trader: trade at another player's Market stall (round 8: pay him 1, round 9: 2).
struct trader {
  card_id card;
  player_id owner;
  card_id stall;
  veg get;
  veg give1;
  std::optional<veg> give2;
  bool operator==(const trader&) const = default;
};

// --- Solo game ---

/// Solo Card phase: buy a card from the Offer (row 1 free, row 2 1 Cash, rows 3-4 2 Cash; a
/// common field costs its 2 Cash on top). Up to 2 cards, with a usable Squire up to 4.
struct buy_from_offer { card_id card; bool operator==(const buy_from_offer&) const = default; };
/// Solo Card phase: stop buying; the Offer is then discarded from, moved up and refilled.
struct finish_offer { bool operator==(const finish_offer&) const = default; };
/// Solo Con man: swap him for a Helper in the Offer (he takes its place there).
struct con_man_offer { card_id card; bool operator==(const con_man_offer&) const = default; };
/// Solo Subsistence farmer: buy one wheat, pumpkin or turnip from the supply for 1 Cash.
struct subsistence_farmer_supply { veg crop; bool operator==(const subsistence_farmer_supply&) const = default; };

// --- Added later (a new command goes last: stored states encode commands by their index) ---

/// Saleswoman option 1 activated for this Action phase without using it yet: she goes to the
/// discard pile now (a cheaper Two-pack), saleswoman_blue turns the markers later.
struct activate_saleswoman_blue { bool operator==(const activate_saleswoman_blue&) const = default; };
}  // namespace cmd

using command = std::variant<cmd::plant_home, cmd::reveal_courtyard, cmd::place_in_courtyard,
                             cmd::take_cards, cmd::choose_partner, cmd::sow, cmd::buy, cmd::sell,
                             cmd::trade, cmd::discard_helper, cmd::serve_regular,
                             cmd::skip_regular, cmd::serve_casual, cmd::buy_two_pack,
                             cmd::keep_two_pack, cmd::take_loan, cmd::end_turn,
                             cmd::upgrade_storehouse, cmd::discard_veg, cmd::advance, cmd::undo,
                             cmd::use_book_keeper, cmd::shop_add, cmd::shop_remove,
                             cmd::book_keeper_done, cmd::con_man, cmd::deliveryman,
                             cmd::foreman_take, cmd::foreman_pass, cmd::haggler, cmd::shopper,
                             cmd::merchant, cmd::harvest_helper, cmd::skip_harvest_helper,
                             cmd::activate_helper, cmd::saleswoman_blue, cmd::market_crier_refill,
                             cmd::market_crier_sell, cmd::market_woman, cmd::serve_regular_twice,
                             cmd::plough_clear, cmd::plough_harvest, cmd::squire_take,
                             cmd::finish_taking, cmd::subsistence_farmer, cmd::tenant_buy_field,
                             cmd::tenant_swap_field, cmd::tout_swap, cmd::tout_buy, cmd::trader,
                             cmd::buy_from_offer, cmd::finish_offer, cmd::con_man_offer,
                             cmd::subsistence_farmer_supply, cmd::activate_saleswoman_blue>;

/// The index of command type T in `command` (command{T{}}.index()), e.g. for sets of command
/// types as bit masks (candidate_commands).
template <class T, std::size_t I = 0>
constexpr std::size_t command_index() {
  if constexpr (std::is_same_v<std::variant_alternative_t<I, command>, T>) {
    return I;
  } else {
    return command_index<T, I + 1>();
  }
}
/// The bit of command type T in such a mask.
template <class... T>
inline constexpr std::uint64_t command_bits = ((std::uint64_t{1} << command_index<T>()) | ... | 0);
static_assert(std::variant_size_v<command> <= 64);

/// The wire name of a command's type ("plant_home", "take_cards", ...).
std::string_view command_name(const command& c);

}  // namespace loyang::engine
