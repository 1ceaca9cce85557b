#pragma once
// The deck while new_game takes a fixed setup's cards out of it, remembering where each card
// went, so that an impossible setup names the card and both places.
#include <array>
#include <string>
#include <vector>

#include "loyang/engine/data.hpp"

namespace loyang::engine::detail {

class setup_deck {
 public:
  /// Works on `deck` (the cards not yet placed), which must outlive this object.
  explicit setup_deck(std::vector<card_id>& deck) : deck_(deck) {}

  /// Takes `c` out of the deck for the setup member `place` (e.g. "hands[0]", "deck").
  /// Throws std::invalid_argument naming the card and where it already is.
  void take(card_id c, const std::string& place);
  /// Takes `c` out for a reason of the rules; `where_now` completes "c is ..." in a later
  /// error (e.g. "out of the game (...)").
  void set_aside(card_id c, std::string where_now);
  /// Puts a card set aside back into the deck (at the bottom; the deck is shuffled later).
  void put_back(card_id c);

 private:
  void remove(card_id c, const std::string& place, std::string where_now);

  std::vector<card_id>& deck_;
  std::array<std::string, action_card_count> where_{};  ///< empty while the card is in the deck
};

}  // namespace loyang::engine::detail
