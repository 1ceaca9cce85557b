#pragma once
// Rule failures as static (code, sentence) pairs: checks return a pointer, so that
// legal_commands can test many candidates without building strings.
#include <string_view>

namespace loyang::engine::detail {

struct rule_fail {
  std::string_view code;
  std::string_view message;
};
using check = const rule_fail*;  // nullptr: allowed
inline constexpr check ok = nullptr;

namespace fail {
#define LOYANG_FAIL(name, text) inline constexpr rule_fail name{#name, text};
LOYANG_FAIL(game_over, "The game is over.")
LOYANG_FAIL(not_your_turn, "It is not your turn.")
LOYANG_FAIL(wrong_step, "That is not possible at this point of the game.")
LOYANG_FAIL(bad_player, "There is no such player in this game.")
LOYANG_FAIL(not_home_crop, "The Home field can only be planted with wheat, pumpkins or turnips.")
LOYANG_FAIL(crop_taken, "Two players have already planted that vegetable on their Home field.")
LOYANG_FAIL(not_in_shop, "Your shop has none of that vegetable left.")
LOYANG_FAIL(not_enough_cash, "You do not have enough Cash; sell vegetables or take a loan first.")
LOYANG_FAIL(not_in_cart, "You do not have those vegetables on your cart.")
LOYANG_FAIL(shop_full, "There is no free space for that vegetable in your shop.")
LOYANG_FAIL(loan_limit, "You cannot take more than 31 loans.")
LOYANG_FAIL(not_two_players, "Only in a 2-player game may a card be turned into the Courtyard.")
LOYANG_FAIL(already_revealed, "You may turn over only one card at the start of your turn.")
LOYANG_FAIL(draw_pile_empty, "The draw pile is empty.")
LOYANG_FAIL(not_in_hand, "That card is not in your hand.")
LOYANG_FAIL(must_take, "You must take cards now: you cannot add your last card to the Courtyard.")
LOYANG_FAIL(not_in_courtyard, "That card is not in the Courtyard.")
LOYANG_FAIL(courtyard_card_needed, "You must take exactly one card from the Courtyard.")
LOYANG_FAIL(bad_partner, "Choose one of the two players who hold no Starting player token.")
LOYANG_FAIL(no_such_field, "You have no such field.")
LOYANG_FAIL(field_sown, "That field is already sown.")
LOYANG_FAIL(crop_not_allowed, "That vegetable cannot be sown on that field.")
LOYANG_FAIL(no_such_stall, "You have no such Market stall in play.")
LOYANG_FAIL(good_not_on_stall, "That vegetable is not on the Market stall.")
LOYANG_FAIL(wrong_give_count, "That good costs a different number of vegetables.")
LOYANG_FAIL(give_order, "List the two vegetables you give in the order of the vegetable list.")
LOYANG_FAIL(no_such_helper, "You have no such uncovered Helper in play.")
LOYANG_FAIL(no_such_customer, "You have no such uncovered customer in play.")
LOYANG_FAIL(customer_handled, "That Regular customer has already been dealt with this round.")
LOYANG_FAIL(two_pack_bought, "You have already bought a Two-pack this round.")
LOYANG_FAIL(no_cards_left, "There are no action cards left to draw.")
LOYANG_FAIL(not_in_two_pack, "Keep only cards of the Two-pack you drew.")
LOYANG_FAIL(regulars_pending, "Deliver to or skip each of your Regular customers before ending your turn.")
LOYANG_FAIL(storehouse_upgraded, "Your Storehouse is already upgraded.")
LOYANG_FAIL(nothing_to_undo, "There is nothing in this turn you can take back.")
LOYANG_FAIL(bad_steps, "You cannot move that many spaces on the Path of Prosperity.")
LOYANG_FAIL(no_such_helper_kind, "You have no such uncovered Helper in play.")
LOYANG_FAIL(not_other_player, "Choose another player (in a 4-player game: your partner).")
LOYANG_FAIL(not_finished_yet, "That player has not finished his Action phase yet.")
LOYANG_FAIL(starting_player_con_man, "The Starting player cannot use the Con man.")
LOYANG_FAIL(not_wanted_twice, "Your Regular customers do not want that vegetable twice this round.")
LOYANG_FAIL(merchant_choice, "Choose the Merchant's vegetables, and the Haggler's or the Shopper's among them.")
LOYANG_FAIL(no_fields_chosen, "Choose fields that still hold at least 3 vegetables (not the Home field).")
LOYANG_FAIL(already_active, "That Helper's effect is already active this Action phase.")
LOYANG_FAIL(not_activatable, "That Helper is used directly, not activated.")
LOYANG_FAIL(crier_choice, "Choose 1 to 3 different goods from your Market stalls with free shop spaces.")
LOYANG_FAIL(crier_limit, "The Market crier earns at most 3 Cash.")
LOYANG_FAIL(messenger_inactive, "Activate the Messenger-boy first.")
LOYANG_FAIL(field_too_small, "That field does not hold enough vegetables.")
LOYANG_FAIL(not_in_field_pile, "That field is not in your field pile.")
LOYANG_FAIL(no_book_keeper_best, "On Yucata the Book-keeper pays for the vegetable that gives the most.")
LOYANG_FAIL(shop_space, "That shop space cannot take or give a vegetable.")
LOYANG_FAIL(nothing_to_refill, "You have no Market stall to refill.")
LOYANG_FAIL(solo_only, "That is only possible in the solo game.")
LOYANG_FAIL(not_in_offer, "That card is not in the Offer.")
LOYANG_FAIL(offer_limit, "You may buy only 2 cards from the Offer (up to 4 with a Squire).")
LOYANG_FAIL(no_helper_in_offer, "Choose a Helper from the Offer.")
LOYANG_FAIL(subsistence_crop, "The Subsistence farmer buys only wheat, pumpkins or turnips.")
LOYANG_FAIL(squire_just_played, "Your Squire was played this round; he can be used from the next round on.")
LOYANG_FAIL(crier_action_phase, "In the original rules the Market crier is used in the Action phase only.")
LOYANG_FAIL(book_keeper_no_field, "In the Card phase the Book-keeper may only help pay for a new field you cannot afford.")
LOYANG_FAIL(older_edition, "This game keeps the rules edition it was created under, which does not allow that.")
LOYANG_FAIL(saleswoman_active, "The Saleswoman's option 1 is already activated; use it with saleswoman_blue.")
#undef LOYANG_FAIL
}  // namespace fail

}  // namespace loyang::engine::detail
