#pragma once
/// Determinization: a full state consistent with one seat's view, for the strong bot's search.
#include "loyang/engine/rng.hpp"
#include "loyang/engine/state.hpp"

namespace loyang::bots {

/// A full state that engine::view(result, seat) turns back into `view` (a state that
/// engine::view(full, seat) made): every hidden card (other hands, the draw pile, others'
/// START customers) is one of the cards seen nowhere in the view, dealt in an order drawn from
/// `random`; every field pile holds the player's private fields not seen in front of him, set A
/// on top of set B as at the setup; the generator gets a fresh seed from `random`. The result
/// passes engine::check_invariants when the game it came from did.
engine::state determinize(const engine::state& view, engine::player_id seat, engine::rng& random);

}  // namespace loyang::bots
