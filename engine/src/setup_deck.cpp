// setup_deck: taking a fixed setup's cards out of the deck with errors that name them.
#include "setup_deck.hpp"

#include <algorithm>
#include <stdexcept>

namespace loyang::engine::detail {

void setup_deck::remove(card_id c, const std::string& place, std::string where_now) {
  if (c >= action_card_count) throw std::invalid_argument(place + " names a card that does not exist");
  const auto it = std::find(deck_.begin(), deck_.end(), c);
  if (it == deck_.end()) {
    const std::string name(card(c).id);
    const std::string& was = where_[c];
    if (was.rfind("in ", 0) == 0)
      throw std::invalid_argument(name + " is used twice in the setup: in " + place + " and " + was);
    throw std::invalid_argument(name + " cannot be used in " + place + ": it is " +
                                (was.empty() ? std::string("not in the deck") : was));
  }
  deck_.erase(it);
  where_[c] = std::move(where_now);
}

void setup_deck::take(card_id c, const std::string& place) { remove(c, place, "in " + place); }

void setup_deck::set_aside(card_id c, std::string where_now) { remove(c, "the deck", std::move(where_now)); }

void setup_deck::put_back(card_id c) {
  where_[c].clear();
  deck_.push_back(c);
}

}  // namespace loyang::engine::detail
