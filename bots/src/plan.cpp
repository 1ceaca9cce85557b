#include "plan.hpp"

#include <algorithm>
#include <array>

#include "worth.hpp"
#include "loyang/engine/data.hpp"
#include "loyang/engine/game.hpp"

namespace loyang::bots::detail {

using namespace engine;

namespace {

/// An own Market stall and the goods still on it (bit g: goods[g]).
struct stall_goods {
  card_id first;
  std::uint8_t second;
};

/// What is left to draw on while planning; copied to try a customer, kept if he is chosen.
/// Small and inline (copied for every field, crop and customer tried): the buys and trades
/// of the one sowing or customer being tried, moved into the plan when he is chosen.
struct stock {
  veg_counts pool;  ///< cart vegetables not yet spoken for
  veg_counts shop;
  int cash = 0;
  inline_list<stall_goods, 16> stalls;  ///< own stalls (14 at most) and their goods left
  inline_list<veg, 3> buys;             ///< one per vegetable a customer wants (3 at most)
  inline_list<cmd::trade, 3> trades;
  veg_counts taken;  ///< from the cart (and bought) for this plan
};

/// `st` is chosen: its buys and trades join the plan's, in the order they were planned.
void commit(stock& st, turn_plan& plan) {
  for (veg v : st.buys) plan.buys.push_back(v);
  for (const auto& t : st.trades) plan.trades.push_back(t);
  st.buys.clear();
  st.trades.clear();
}

/// The cheapest unreserved cart vegetable (nullopt: none).
std::optional<veg> cheapest_in_pool(const veg_counts& pool) {
  std::optional<veg> best;
  for (veg v : all_vegs) {
    if (pool[v] <= 0) continue;
    if (!best || hold_worth(v) < hold_worth(*best)) best = v;
  }
  return best;
}

/// Gets one `v` the cheapest way into `st` (taken); returns what it costs, or a negative
/// number when `v` cannot be had.
double acquire(stock& st, veg v, bool use_stalls = true) {
  // 1. Already in the cart: it could otherwise be sold or stored.
  if (st.pool[v] > 0) {
    --st.pool[v];
    ++st.taken[v];
    return hold_worth(v);
  }
  double best = -1;
  int how = 0;  // 2: shop, 3: stall
  std::size_t stall_at = 0;
  int stall_good = 0;
  if (st.shop[v] > 0 && st.cash >= buy_price(v)) {
    best = buy_price(v);
    how = 2;
  }
  // 2. A Market stall that has it, for the cheapest spare vegetables of the cart.
  for (std::size_t i = 0; use_stalls && i < st.stalls.size(); ++i) {
    const auto& info = card(st.stalls[i].first);
    for (int g = 0; g < 3; ++g) {
      if (!(st.stalls[i].second & (1u << g)) || info.goods[static_cast<std::size_t>(g)] != v) continue;
      const int n = info.costs[static_cast<std::size_t>(g)];
      veg_counts pool = st.pool;
      double cost = 0;
      bool ok = true;
      for (int k = 0; k < n && ok; ++k) {
        const auto give = cheapest_in_pool(pool);
        ok = give.has_value();
        if (ok) {
          --pool[*give];
          cost += hold_worth(*give);
        }
      }
      if (ok && (best < 0 || cost < best)) {
        best = cost;
        how = 3;
        stall_at = i;
        stall_good = g;
      }
    }
  }
  if (how == 2) {
    --st.shop[v];
    st.cash -= buy_price(v);
    st.buys.push_back(v);
  } else if (how == 3) {
    auto& [stall, left] = st.stalls[stall_at];
    const int n = card(stall).costs[static_cast<std::size_t>(stall_good)];
    const veg a = *cheapest_in_pool(st.pool);
    --st.pool[a];
    cmd::trade t{stall, v, a, std::nullopt};
    if (n == 2) {  // the canonical order: give1 <= give2
      const veg b = *cheapest_in_pool(st.pool);
      --st.pool[b];
      t.give1 = std::min(a, b);
      t.give2 = std::max(a, b);
    }
    st.trades.push_back(t);
    left = static_cast<std::uint8_t>(left & ~(1u << stall_good));
  }
  if (how != 0) ++st.taken[v];
  return best;
}

/// What acquire(st, v, false) would cost, without taking it: a seed from the cart, else the shop.
double seed_cost(const stock& st, veg v) {
  if (st.pool[v] > 0) return hold_worth(v);
  if (st.shop[v] > 0 && st.cash >= buy_price(v)) return buy_price(v);
  return -1;
}

int casual_modifier(int regulars, int casuals) {
  return casuals < regulars ? engine::casual_modifier : casuals > regulars ? -engine::casual_modifier : 0;
}

}  // namespace

turn_plan make_plan(const state& s, player_id seat) {
  const auto& ps = s.players[static_cast<std::size_t>(seat)];
  turn_plan plan;
  stock st;
  st.pool = ps.cart;
  st.shop = ps.shop;
  st.cash = ps.cash;
  int regulars = 0, casuals = 0;
  for (const auto& pc : ps.played) {
    const auto k = kind_of(pc.card);
    if (k == card_kind::market_stall) st.stalls.push_back({pc.card, pc.stall_left});
    regulars += k == card_kind::regular;
    casuals += k == card_kind::casual;
  }

  // Sowing a big field early is the best use of a vegetable (a 6-field gives 6): plan the
  // clearly good sowings before the customers, the marginal ones after them.
  const auto plan_sows = [&](double at_least) {
    inline_list<field, 16> empty;
    for (const auto& f : ps.fields)
      if (f.count == 0) empty.push_back(f);
    std::sort(empty.begin(), empty.end(), [](const field& a, const field& b) { return field_size(a.id) > field_size(b.id); });
    for (const auto& f : empty) {
      if (std::any_of(plan.sows.begin(), plan.sows.end(), [&](const auto& x) { return x.field == f.id; })) continue;
      double best_net = at_least;
      std::optional<veg> best_crop;
      for (veg v : all_vegs) {
        if (!field_allows(f.id, v)) continue;
        const double cost = seed_cost(st, v);  // from the cart or the shop
        if (cost < 0) continue;
        const double net = sow_value(s, f.id, v) - cost;
        if (net > best_net) {
          best_net = net;
          best_crop = v;
        }
      }
      if (best_crop) {
        acquire(st, *best_crop, false);
        commit(st, plan);
        plan.sows.push_back({f.id, *best_crop, best_net});
      }
    }
  };
  plan_sows(3.0);

  // Customers, the most profitable first, while one still pays for its vegetables.
  inline_list<const played_card*, 48> open;
  for (const auto& pc : ps.played) {
    const auto k = kind_of(pc.card);
    if ((k == card_kind::regular && !pc.handled) || k == card_kind::casual) open.push_back(&pc);
  }
  while (!open.empty()) {
    double best_net = 0;
    std::size_t best_i = open.size();
    std::optional<stock> best_stock;
    for (std::size_t i = 0; i < open.size(); ++i) {
      const auto& info = card(open[i]->card);
      const bool regular = info.kind == card_kind::regular;
      stock trial = st;
      double cost = 0;
      bool ok = true;
      const auto need = [&](veg v) {
        const double c = ok ? acquire(trial, v) : -1;
        ok = c >= 0;
        cost += c;
      };
      double pay;
      if (regular) {
        need(info.wants[0]);
        need(info.wants[1]);
        pay = info.pays[static_cast<std::size_t>(std::min<int>(open[i]->deliveries, 3))];
        // Serving also avoids the skip: 2 Cash when red, a red marker (a later 2) when blue;
        // and an unserved customer stays until his 4th delivery, asking again every round.
        pay += open[i]->red ? 2 * regular_penalty : regular_penalty;
      } else {
        for (veg w : info.goods) need(w);
        pay = info.pays[0] + casual_modifier(regulars, casuals);
      }
      if (!ok) continue;
      if (pay - cost > best_net) {
        best_net = pay - cost;
        best_i = i;
        best_stock = std::move(trial);
      }
    }
    if (best_i == open.size()) break;
    st = *best_stock;
    commit(st, plan);
    const bool regular = kind_of(open[best_i]->card) == card_kind::regular;
    plan.serves.push_back({open[best_i]->card, regular, best_net});
    if (!regular) --casuals;
    open.erase(open.begin() + static_cast<std::ptrdiff_t>(best_i));
  }
  plan_sows(0.5);

  plan.reserved = st.taken;
  // What is not spoken for: the best of it is stored (the Storehouse will be upgraded when
  // that is cheap enough, see easy_bot.cpp), the rest is spare and may be sold now.
  int room = storehouse_capacity(ps);
  if (!ps.storehouse_upgraded && s.round <= 7 && ps.cash >= 4) room = storehouse_large;
  // The same std::sort of the same sequence as ever (its order among equally worthy kinds
  // decides which are spare), on the stack unless the cart is unusually full.
  std::array<veg, 64> small;
  std::vector<veg> large;
  std::size_t total = 0;
  for (veg v : all_vegs) total += static_cast<std::size_t>(std::max(0, static_cast<int>(st.pool[v])));
  if (total > small.size()) large.resize(total);
  veg* const left = total > small.size() ? large.data() : small.data();
  std::size_t n = 0;
  for (veg v : all_vegs)
    for (int i = 0; i < st.pool[v]; ++i) left[n++] = v;
  std::sort(left, left + n, [](veg a, veg b) { return hold_worth(a) > hold_worth(b); });
  for (std::size_t i = static_cast<std::size_t>(std::max(0, room)); i < n; ++i) ++plan.spare[left[i]];
  return plan;
}

}  // namespace loyang::bots::detail
