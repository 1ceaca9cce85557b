#pragma once
// The easy bot's yardsticks, in Cash: what a vegetable, a field or a card is worth to a seat.
// Rough by design (docs/bots.md): enough to tell a good move from a poor one in one ply.
#include "loyang/engine/data.hpp"
#include "loyang/engine/state.hpp"

namespace loyang::bots::detail {

using engine::card_id;
using engine::player_id;
using engine::veg;

/// A vegetable in the cart: what else it could become (sold, stored, traded), a little more
/// than its selling price.
double hold_worth(veg v);
/// A vegetable still to be harvested: what serving customers makes of it on average.
double crop_worth(veg v);
/// Harvests still to come after this round (9 - round).
int harvests_left(const engine::state& s);
/// Deliveries a Regular customer played now can still receive (this round included).
int deliveries_left(const engine::state& s);
/// What getting one `v` per round costs `seat`: little when a field grows it, more when a
/// field could be sown with it, else about the shop price.
double supply_cost(const engine::state& s, player_id seat, veg v);
/// The value to `seat` of playing card `c` now (Cash, may be negative): customers by what
/// they pay less what their vegetables cost, fields by their harvests less their price,
/// stalls and the Helpers the easy bot uses a little (each raises the Two-pack price).
double card_value(const engine::state& s, player_id seat, card_id c);
/// What sowing field `f` with `v` yields by the end of the game.
double sow_value(const engine::state& s, engine::field_id f, veg v);

}  // namespace loyang::bots::detail
