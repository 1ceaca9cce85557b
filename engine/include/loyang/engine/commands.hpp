#pragma once
/// Everything a player can tell the engine, as small structs in one variant. The wire names
/// (protocol layer) are the struct names; docs/protocol.md has one example of each.
#include <optional>
#include <string_view>
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
}  // namespace cmd

using command = std::variant<cmd::plant_home, cmd::reveal_courtyard, cmd::place_in_courtyard,
                             cmd::take_cards, cmd::choose_partner, cmd::sow, cmd::buy, cmd::sell,
                             cmd::trade, cmd::discard_helper, cmd::serve_regular,
                             cmd::skip_regular, cmd::serve_casual, cmd::buy_two_pack,
                             cmd::keep_two_pack, cmd::take_loan, cmd::end_turn,
                             cmd::upgrade_storehouse, cmd::discard_veg, cmd::advance, cmd::undo>;

/// The wire name of a command's type ("plant_home", "take_cards", ...).
std::string_view command_name(const command& c);

}  // namespace loyang::engine
