// The solo game's flow: the imaginary opponent and the Offer at setup, the start and end of the
// Card phase, the one reshuffle of the discard pile and the rating. See docs/rules-decisions.md.
#include <algorithm>

#include "emit.hpp"
#include "internal.hpp"

namespace loyang::engine::detail {
namespace {

card_id draw_top(state& s) {
  const card_id c = s.draw_pile.back();
  s.draw_pile.pop_back();
  return c;
}

/// Fills the Offer's gaps from the draw pile, row by row from the top (no reshuffle).
void fill_offer(state& s) {
  std::vector<card_id> turned;
  for (auto& slot : s.offer)
    if (slot == no_card && !s.draw_pile.empty()) {
      slot = draw_top(s);
      if (collecting(s)) turned.push_back(slot);
    }
  if (!turned.empty()) emit(s, ev::offer_refilled{std::move(turned)});
}

}  // namespace

void setup_solo(state& s) {
  // Turn cards until the opponent has 2 Market stalls, 2 Regular and 2 Casual customers.
  int stalls = 2, regulars = 2, casuals = 2;
  while ((stalls > 0 || regulars > 0 || casuals > 0) && !s.draw_pile.empty()) {
    const card_id c = draw_top(s);
    int* wanted = nullptr;
    switch (kind_of(c)) {
      case card_kind::market_stall: wanted = &stalls; break;
      case card_kind::regular: wanted = &regulars; break;
      case card_kind::casual: wanted = &casuals; break;
      default: break;
    }
    if (wanted != nullptr && *wanted > 0) {
      --*wanted;
      put_in_play(s, solo_opponent, c, no_card, card_source::draw_pile);  // stalls arrive filled
    } else {
      s.discard_pile.push_back(c);
    }
  }
  fill_offer(s);
}

void start_solo_card_phase(state& s) {
  // No hands are dealt and the discard pile stays (it is shuffled in only once, see harvest).
  s.current_phase = phase::card;
  s.current_step = step::offer;
  s.active = 0;
  s.offer_bought = 0;
  s.squire_left = 0;
  pl(s, 0).turn_done = false;
}

void end_solo_card_phase(state& s) {
  // The rest of row 2 goes to the discard pile; each column moves up; the gaps at the bottom
  // are filled from the draw pile.
  for (int col = 0; col < offer_columns; ++col) {
    card_id& second_row = s.offer[static_cast<std::size_t>(offer_columns + col)];
    if (second_row != no_card) {
      s.discard_pile.push_back(second_row);
      emit(s, ev::card_discarded{no_player, second_row, discard_reason::offer});
    }
    second_row = no_card;
    int to = 0;
    for (int row = 0; row < offer_rows; ++row) {
      const card_id c = s.offer[static_cast<std::size_t>(row * offer_columns + col)];
      s.offer[static_cast<std::size_t>(row * offer_columns + col)] = no_card;
      if (c != no_card) s.offer[static_cast<std::size_t>(to++ * offer_columns + col)] = c;
    }
  }
  fill_offer(s);
  s.offer_bought = 0;
  s.squire_left = 0;
  s.starting = 0;
  s.second = no_player;
  begin_action_phase(s);
}

void solo_field_discarded(state& s) {
  if (s.solo_reshuffled) return;
  s.solo_reshuffled = true;
  s.draw_pile.insert(s.draw_pile.end(), s.discard_pile.begin(), s.discard_pile.end());
  s.discard_pile.clear();
  s.random.shuffle(s.draw_pile);
  emit(s, ev::reshuffled{static_cast<std::uint8_t>(s.draw_pile.size())});
}

solo_rating rating_for_level(int level) {
  if (level >= 19) return solo_rating::master;
  if (level == 18) return solo_rating::very_good;
  if (level == 17) return solo_rating::good;
  return solo_rating::none;
}

}  // namespace loyang::engine::detail
