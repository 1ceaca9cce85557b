#include "worth.hpp"

#include <algorithm>
#include <array>

namespace loyang::bots::detail {

using namespace engine;

double hold_worth(veg v) {
  // Selling gives 1 (2 for bean and leek); keeping or trading is worth a little more.
  static constexpr std::array<double, veg_types> w{1.2, 1.4, 1.6, 1.6, 2.4, 2.4};
  return w[static_cast<std::size_t>(v)];
}

double crop_worth(veg v) {
  // Customers pay 2-3 Cash per vegetable, the dearer kinds a little more.
  static constexpr std::array<double, veg_types> w{1.8, 2.0, 2.2, 2.4, 2.8, 3.0};
  return w[static_cast<std::size_t>(v)];
}

int harvests_left(const state& s) { return std::max(0, rounds - static_cast<int>(s.round)); }

int deliveries_left(const state& s) { return std::clamp(rounds - static_cast<int>(s.round) + 1, 0, 4); }

double supply_cost(const state& s, player_id seat, veg v) {
  const auto& ps = s.players[static_cast<std::size_t>(seat)];
  bool grows = false, could_sow = false;
  for (const auto& f : ps.fields) {
    grows |= f.count >= 2 && f.crop == v;
    could_sow |= f.count == 0 && field_allows(f.id, v);
  }
  if (grows) return crop_worth(v) * 0.8;
  if (could_sow) return crop_worth(v) * 1.2;
  return buy_price(v) + 0.5;  // the shop (whose stock runs out), now and then a Market stall
}

double sow_value(const state& s, field_id f, veg v) {
  return std::min(field_size(f), harvests_left(s)) * crop_worth(v);
}

namespace {

double regular_value(const state& s, player_id seat, const card_info& info) {
  const double cost = supply_cost(s, seat, info.wants[0]) + supply_cost(s, seat, info.wants[1]);
  double v = 0;
  for (int i = 0; i < deliveries_left(s); ++i) {
    const double net = info.pays[static_cast<std::size_t>(i)] - cost;
    // A customer he cannot serve at a profit stays and costs up to 2 Cash a round.
    v += net > 0 ? net : -regular_penalty;
  }
  return v + 0.5;  // one more Regular customer: Casual customers pay 2 more
}

double casual_value(const state& s, player_id seat, const card_info& info) {
  int regulars = 0, casuals = 1;
  for (const auto& pc : s.players[static_cast<std::size_t>(seat)].played) {
    regulars += kind_of(pc.card) == card_kind::regular;
    casuals += kind_of(pc.card) == card_kind::casual;
  }
  const int modifier = casuals < regulars ? casual_modifier : casuals > regulars ? -casual_modifier : 0;
  double cost = 0;
  for (veg w : info.goods) cost += supply_cost(s, seat, w);
  // One payment, no obligation: discounted for the chance it is never served.
  return 0.8 * (info.pays[0] + modifier - cost);
}

bool easy_uses(helper_kind h) {
  return h == helper_kind::shopper || h == helper_kind::haggler || h == helper_kind::saleswoman ||
         h == helper_kind::plough_man || h == helper_kind::official;
}

}  // namespace

double card_value(const state& s, player_id seat, card_id c) {
  if (c >= action_card_count) return 0;  // no_card, hidden_card
  const auto& info = card(c);
  const auto& ps = s.players[static_cast<std::size_t>(seat)];
  switch (info.kind) {
    case card_kind::regular:
      return regular_value(s, seat, info);
    case card_kind::casual:
      return casual_value(s, seat, info);
    case card_kind::market_stall:
      // Turns spare vegetables into wanted ones for a few rounds; raises the Two-pack price.
      return 2.0 * std::min(1.0, deliveries_left(s) / 3.0) - 0.3;
    case card_kind::helper:
      return (easy_uses(info.helper) ? 1.0 : 0.2) - 0.3;
    case card_kind::common_field: {
      if (ps.cash < common_field_cost) return -10;  // would need a loan
      const field_id f = common_field_of(c);
      double best = 0;
      for (veg v : all_vegs)
        if (field_allows(f, v)) best = std::max(best, sow_value(s, f, v));
      return best - common_field_cost - 1.0;  // the price, and a vegetable to sow
    }
  }
  return 0;
}

}  // namespace loyang::bots::detail
