// The easy bot's plan for its Action phase turn: which empty fields to sow with what, which
// customers to serve, and where the missing vegetables come from (cart, shop, Market stall).
// Remade before every command from the view, so it follows what really happened.
#pragma once
#include <optional>
#include <vector>

#include "loyang/engine/commands.hpp"
#include "loyang/engine/state.hpp"
#include "inline_list.hpp"

namespace loyang::bots::detail {

struct turn_plan {
  struct sowing {
    engine::field_id field;
    engine::veg crop;
    double net;
  };
  struct serving {
    engine::card_id card;
    bool regular;
    double net;  ///< payment (plus the penalty avoided) less what its vegetables are worth
  };
  // Inline lists (no allocation: the plan is remade before every command of every playout),
  // each as long as it can get: a sowing per field, a serving per card in play, a buy per
  // shop space (13), a trade per good on the 14 Market stalls (42).
  inline_list<sowing, 16> sows;           ///< best first
  inline_list<serving, 48> serves;        ///< best first
  inline_list<engine::veg, 16> buys;      ///< from the own shop, for a sowing or a customer
  inline_list<engine::cmd::trade, 48> trades;  ///< at own Market stalls, for a customer
  engine::veg_counts reserved;             ///< cart vegetables (and bought ones) spoken for
  engine::veg_counts spare;                ///< in the cart, not spoken for, not to be stored
};

/// The plan of `seat` (who is in his Action phase turn) in view `s`.
turn_plan make_plan(const engine::state& s, engine::player_id seat);

}  // namespace loyang::bots::detail
