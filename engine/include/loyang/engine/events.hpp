#pragma once
/// What happened: the events one accepted command caused, automatic steps included (the
/// harvest, deals, reveals, payments, the end of the game). Small structs in one variant, like
/// commands; the wire names (protocol layer) are the struct and member names, and
/// docs/protocol.md ("Events") has one example of each.
///
/// Collecting events is opt-in (apply's `events` argument): bots' playouts do not pay for it.
/// Events may name secrets (the cards dealt to a hand); redact() makes one viewer's copy,
/// hiding exactly what view() hides.
#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include "loyang/engine/game.hpp"
#include "loyang/engine/state.hpp"
#include "loyang/engine/types.hpp"

namespace loyang::engine {

/// Why Cash changed hands. `from`/`to` of a payment is no_player for the bank.
enum class pay_reason : std::uint8_t {
  home_field,   ///< planting the Home field at setup
  purchase,     ///< B: buying a vegetable from the own shop
  sale,         ///< C: selling a vegetable to the own shop
  customer,     ///< F/G: a customer paid for a delivery
  penalty,      ///< a red Regular customer skipped again
  two_pack,     ///< H: the Two-pack's price
  keep_card,    ///< keeping a Two-pack card
  loan,         ///< a loan taken
  storehouse,   ///< upgrading the Storehouse
  path,         ///< moving on the Path of Prosperity
  helper,       ///< a Helper's price or payout (the card names which)
  offer,        ///< solo: buying from the Offer
  common_field, ///< Card phase: a common field taken (its 2 Cash; `card` names it)
};

namespace ev {
/// A new round begins (1..9).
struct round_started { std::uint8_t round; bool operator==(const round_started&) const = default; };
/// A phase begins: harvest, card, action (finished: see game_ended).
struct phase_started { phase at; bool operator==(const phase_started&) const = default; };
/// Action phase: `player`'s turn begins.
struct turn_started { player_id player; bool operator==(const turn_started&) const = default; };
/// Harvest phase: the top of `player`'s field pile is turned and joins his fields. Also a field
/// the Tenant-farmer takes out of the pile (bought or swapped).
struct field_turned { player_id player; field_id field; bool operator==(const field_turned&) const = default; };
/// Harvest phase: the Storehouse's vegetables go back to the cart.
struct storehouse_emptied {
  player_id player;
  veg_counts goods;
  bool operator==(const storehouse_emptied&) const = default;
};
/// One field of `player` gave `amount` of `crop` to the cart of `to` (the harvest, a Harvest
/// helper, a Plough...: the owner; the Subsistence farmer: his user); `left` remain on it.
struct harvested {
  player_id player;
  field_id field;
  veg crop;
  std::uint8_t amount;
  std::uint8_t left;
  player_id to;
  bool operator==(const harvested&) const = default;
};
/// An emptied field leaves `player`'s area: a common field to the discard pile
/// (`to_discard`), the Home and private fields out of the game.
struct field_emptied {
  player_id player;
  field_id field;
  bool to_discard;
  bool operator==(const field_emptied&) const = default;
};
/// Cards dealt from the draw pile to `player`'s hand. Others see them as hidden_card.
struct cards_dealt {
  player_id player;
  std::vector<card_id> cards;
  bool operator==(const cards_dealt&) const = default;
};
/// Cards added to the Courtyard: from `player`'s hand (the rest of it after taking), or turned
/// from the draw pile (`from_draw_pile`: the 2-player reveal, `player` the revealing player).
struct cards_to_courtyard {
  player_id player;
  std::vector<card_id> cards;
  bool from_draw_pile;
  bool operator==(const cards_to_courtyard&) const = default;
};
/// Where a card entering a play area came from.
enum class card_source : std::uint8_t { hand, intro, courtyard, two_pack, offer, under, discard_pile, draw_pile };
/// A card enters `player`'s area (a play-area card, or a common field into his fields),
/// on top of `under` when it covers a kept Two-pack's lower card.
struct card_played {
  player_id player;
  card_id card;
  card_source from;
  card_id under;
  bool operator==(const card_played&) const = default;
};
/// Two cards drawn from the draw pile as a Two-pack (public, as the view shows them).
struct two_pack_drawn {
  player_id player;
  card_id top;
  card_id bottom;
  bool operator==(const two_pack_drawn&) const = default;
};
/// A Regular customer turned up from under an emptied Market stall or a harvested common
/// field (or any card that left the area); `due` says whether it must be served this round.
/// Follows the card_played (from `under`) of the same card.
struct customer_revealed {
  player_id player;
  card_id card;
  card_id from_under;
  bool due;
  bool operator==(const customer_revealed&) const = default;
};
/// Why a card went to the discard pile (or out of the game).
enum class discard_reason : std::uint8_t {
  helper_used, helper_discarded, stall_emptied, customer_done, casual_served, courtyard,
  two_pack_unkept, field_emptied, offer, out_of_game
};
/// A card leaves play to the discard pile (or out of the game: `reason` out_of_game).
struct card_discarded {
  player_id player;  ///< whose area or action it came from; no_player for the Courtyard
  card_id card;
  discard_reason reason;
  bool operator==(const card_discarded&) const = default;
};
/// The discard pile is shuffled into a new draw pile of `cards` cards (order secret).
struct reshuffled { std::uint8_t cards; bool operator==(const reshuffled&) const = default; };
/// Cash moved: `from` pays `to` (no_player: the bank), for `reason`, about `card` (or no_card).
struct payment {
  player_id from;
  player_id to;
  std::int32_t amount;
  pay_reason reason;
  card_id card;
  bool operator==(const payment&) const = default;
};
/// A Regular customer's Satisfaction marker turned (`red` true: to its red side).
struct marker_turned {
  player_id player;
  card_id card;
  bool red;
  bool operator==(const marker_turned&) const = default;
};
/// Original rules: the Foreman's holder took the Helper `card` just discarded by `from`.
struct foreman_took {
  player_id player;
  player_id from;
  card_id card;
  bool operator==(const foreman_took&) const = default;
};
/// `player` moved `steps` spaces on the Path, to `position`.
struct advanced {
  player_id player;
  std::int16_t steps;
  std::int16_t position;
  bool operator==(const advanced&) const = default;
};
/// A played card changes areas (Con man, Market woman, Tout): from `from`'s play area to `to`'s;
/// `to` is no_player when the solo Con man goes into the Offer.
struct card_moved {
  player_id from;
  player_id to;
  card_id card;
  bool operator==(const card_moved&) const = default;
};
/// Tenant-farmer: an unsown `field` of `player` goes under his field pile.
struct field_returned {
  player_id player;
  field_id field;
  bool operator==(const field_returned&) const = default;
};
/// Solo: `cards` turned from the draw pile into the Offer's empty places (top row first).
struct offer_refilled {
  std::vector<card_id> cards;
  bool operator==(const offer_refilled&) const = default;
};
/// Where vegetables lie: the general supply, a player's cart, shop, storehouse or field, or a
/// Market stall.
enum class veg_place : std::uint8_t { supply, cart, shop, storehouse, field, stall };
/// No field (vegetables_moved::field when neither end is a field).
inline constexpr field_id no_field = 0xFF;
/// `goods` moved from one place to another: `player`'s cart, shop, storehouse or field `field`,
/// the supply, or the Market stall `stall` of `owner` (another player's with the Trader, the
/// Market woman). A stall enters play (card_played) with the goods printed on it; a refill (the
/// Market crier, both stalls the Market woman swaps) is supply -> stall. What harvested and
/// storehouse_emptied tell is not told again here.
struct vegetables_moved {
  player_id player;
  veg_place from;
  veg_place to;
  veg_counts goods;
  field_id field;   ///< no_field unless from or to is field
  player_id owner;  ///< the stall's owner; no_player unless from or to is stall
  card_id stall;    ///< no_card unless from or to is stall
  bool operator==(const vegetables_moved&) const = default;
};
/// The Action phase's turn order: the end of the Card phase chose the Starting and Second
/// player (no_player: none; `partner` no_player), and with 4 players `choose_partner` then
/// names the Starting player's partner (told again with the same Starting and Second player).
struct players_ordered {
  player_id starting;
  player_id second;
  player_id partner;
  bool operator==(const players_ordered&) const = default;
};
/// The game is over.
struct game_ended { bool operator==(const game_ended&) const = default; };
/// End-game scoring, one per player: moved back one space per loan, then ranked.
/// `tie_break`: 0 decided by position, 1 by Cash, 2 by vegetables, 3 shared rank.
struct scored {
  player_id player;
  std::int16_t loans;
  std::int16_t position;  ///< after moving back
  std::int32_t cash;
  std::int16_t vegetables;
  std::uint8_t rank;
  std::uint8_t tie_break;
  bool operator==(const scored&) const = default;
};
/// Solo: the rating of the level reached.
struct solo_rated {
  std::int16_t level;
  solo_rating rating;
  bool operator==(const solo_rated&) const = default;
};
/// `undo`: the command that produced `version` was taken back. apply() cannot know that version
/// (the state keeps its undo history without versions) and gives 0; an undo_tracker names it.
struct undone { std::uint32_t version; bool operator==(const undone&) const = default; };
}  // namespace ev

using event = std::variant<ev::round_started, ev::phase_started, ev::turn_started, ev::field_turned,
                           ev::storehouse_emptied, ev::harvested, ev::field_emptied, ev::cards_dealt,
                           ev::cards_to_courtyard, ev::card_played, ev::two_pack_drawn,
                           ev::customer_revealed, ev::card_discarded, ev::reshuffled, ev::payment,
                           ev::marker_turned, ev::foreman_took, ev::advanced, ev::game_ended,
                           ev::scored, ev::solo_rated, ev::undone, ev::card_moved,
                           ev::field_returned, ev::offer_refilled, ev::vegetables_moved,
                           ev::players_ordered>;

/// The events of one command, in the order they happened.
using event_list = std::vector<event>;

/// Like apply(s, player, c) (game.hpp), and on success appends to `events` what the command
/// caused (left unchanged on a rule error). `events` may be null: then no event is collected.
std::optional<rule_error> apply(state& s, player_id player, const command& c, event_list* events);

/// Names the version each `undone` event takes back. Whoever applies a game's commands in
/// order from its start keeps one beside the game and calls on_applied after every accepted
/// command. It holds the versions an undo could still take back (at most one turn's worth).
class undo_tracker {
 public:
  /// `version`: the version the accepted command produced; `events`: what apply gave for it;
  /// `after`: the state after it. Sets the version of the `undone` event in `events`, if any.
  void on_applied(std::uint32_t version, event_list& events, const state& after);

 private:
  std::vector<std::uint32_t> undoable_;  // the versions in after.undo_log, oldest first
};

/// `viewer`'s copy of `events` (no_player: a spectator): cards another player was dealt become
/// hidden_card, exactly as view() hides them. Everything else in an event is public.
event_list redact(const event_list& events, player_id viewer);

/// The wire name of an event ("round_started", ...).
std::string_view event_name(const event& e);

}  // namespace loyang::engine
