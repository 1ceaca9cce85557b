#pragma once
// Test support: a small event applier, written once here and not in the engine. It plays one
// command's events onto the quantities a viewer sees before the command (Cash, loans, Path,
// carts, shops, Storehouses, fields' vegetables, Market stalls' goods, markers, Starting and
// Second player and the 4-player partner), so a test can check that the events alone explain
// every such change: applying them to the view before gives the view after
// (events_random_test). What it knows besides the events is printed on the cards: a Market
// stall enters play with its three goods. Plain arrays, no maps: the random-game check
// follows every viewer after every command.
#include <array>
#include <cstdint>
#include <utility>

#include "loyang/engine/data.hpp"
#include "loyang/engine/events.hpp"
#include "loyang/engine/static_vector.hpp"

namespace loyang::engine::test {

/// The quantities a client follows from events, for every player.
struct followed {
  /// A Market stall in an area and the goods still on it.
  struct stall {
    bool in_play = false;
    veg_counts on;
    bool operator==(const stall&) const = default;
  };
  struct seat {
    std::int32_t cash = 0;
    std::int16_t loans = 0, position = 0;
    veg_counts cart, shop, storehouse;
    /// Vegetables on each field in front of him, by field id; -1: not in front of him.
    std::array<std::int8_t, field_count> fields;
    /// Regular customers in his area, by card: 1 marker red, 0 blue, -1 not there.
    std::array<std::int8_t, action_card_count> red_markers;
    std::array<stall, action_card_count> stalls;  ///< by card
    seat() {
      fields.fill(-1);
      red_markers.fill(-1);
    }
    bool operator==(const seat&) const = default;
  };
  static_vector<seat, 4> seats;
  player_id starting = no_player, second = no_player, partner = no_player;
  bool operator==(const followed&) const = default;
};

/// What `v` (a view, or the full state) shows of the followed quantities.
inline followed follow(const state& v) {
  followed f;
  f.starting = v.starting;
  f.second = v.second;
  f.partner = v.partner;
  for (const auto& ps : v.players) {
    followed::seat q;
    q.cash = ps.cash;
    q.loans = ps.loans;
    q.position = ps.position;
    q.cart = ps.cart;
    q.shop = ps.shop;
    q.storehouse = ps.storehouse;
    for (const auto& fl : ps.fields) q.fields[fl.id] = static_cast<std::int8_t>(fl.count);
    for (const auto& pc : ps.played) {
      if (kind_of(pc.card) == card_kind::regular) q.red_markers[pc.card] = pc.red ? 1 : 0;
      if (kind_of(pc.card) == card_kind::market_stall) {
        auto& st = q.stalls[pc.card];
        st.in_play = true;
        for (std::size_t slot = 0; slot < 3; ++slot)
          if (pc.stall_left & (1u << slot)) ++st.on[card(pc.card).goods[slot]];
      }
    }
    f.seats.push_back(q);
  }
  return f;
}

/// The goods at one end of `m`: `q` is the seat of m.player, `f` every seat (a stall's owner).
inline veg_counts& place_of(followed& f, followed::seat& q, const ev::vegetables_moved& m, ev::veg_place p) {
  static veg_counts elsewhere;  // supply and fields (counted apart): not followed as goods
  switch (p) {
    case ev::veg_place::cart: return q.cart;
    case ev::veg_place::shop: return q.shop;
    case ev::veg_place::storehouse: return q.storehouse;
    case ev::veg_place::stall: return f.seats[static_cast<std::size_t>(m.owner)].stalls[m.stall].on;
    default: elsewhere = {}; return elsewhere;
  }
}

/// Plays `events` onto `f` (the quantities before the command).
inline void apply_events(followed& f, const event_list& events) {
  const auto seat = [&](player_id p) -> followed::seat& { return f.seats[static_cast<std::size_t>(p)]; };
  for (const auto& e : events) {
    if (const auto* x = std::get_if<ev::payment>(&e)) {
      if (x->from != no_player) seat(x->from).cash -= x->amount;
      if (x->to != no_player) seat(x->to).cash += x->amount;
      if (x->reason == pay_reason::loan) ++seat(x->to).loans;
    } else if (const auto* a = std::get_if<ev::advanced>(&e)) {
      seat(a->player).position = a->position;
    } else if (const auto* m = std::get_if<ev::vegetables_moved>(&e)) {
      auto& q = seat(m->player);
      const int n = m->goods.total();
      if (m->from == ev::veg_place::field) q.fields[m->field] = static_cast<std::int8_t>(q.fields[m->field] - n);
      if (m->to == ev::veg_place::field) q.fields[m->field] = static_cast<std::int8_t>(q.fields[m->field] + n);
      auto& from = place_of(f, q, *m, m->from);
      for (veg v : all_vegs) from[v] = static_cast<std::int16_t>(from[v] - m->goods[v]);
      auto& to = place_of(f, q, *m, m->to);
      for (veg v : all_vegs) to[v] = static_cast<std::int16_t>(to[v] + m->goods[v]);
    } else if (const auto* h = std::get_if<ev::harvested>(&e)) {
      seat(h->player).fields[h->field] = static_cast<std::int8_t>(h->left);
      auto& cart = seat(h->to).cart;
      cart[h->crop] = static_cast<std::int16_t>(cart[h->crop] + h->amount);
    } else if (const auto* s = std::get_if<ev::storehouse_emptied>(&e)) {
      auto& q = seat(s->player);
      for (veg v : all_vegs) {
        q.cart[v] = static_cast<std::int16_t>(q.cart[v] + s->goods[v]);
        q.storehouse[v] = static_cast<std::int16_t>(q.storehouse[v] - s->goods[v]);
      }
    } else if (const auto* t = std::get_if<ev::field_turned>(&e)) {
      seat(t->player).fields[t->field] = 0;
    } else if (const auto* r = std::get_if<ev::field_returned>(&e)) {
      seat(r->player).fields[r->field] = -1;
    } else if (const auto* d = std::get_if<ev::field_emptied>(&e)) {
      seat(d->player).fields[d->field] = -1;
    } else if (const auto* p = std::get_if<ev::card_played>(&e)) {
      auto& q = seat(p->player);
      if (kind_of(p->card) == card_kind::common_field) q.fields[common_field_of(p->card)] = 0;
      if (kind_of(p->card) == card_kind::regular) q.red_markers[p->card] = 0;
      if (kind_of(p->card) == card_kind::market_stall) {
        q.stalls[p->card] = {true, {}};
        for (veg v : card(p->card).goods) ++q.stalls[p->card].on[v];
      }
    } else if (const auto* g = std::get_if<ev::card_discarded>(&e)) {
      if (g->player != no_player && g->card < action_card_count) {
        seat(g->player).red_markers[g->card] = -1;
        seat(g->player).stalls[g->card] = {};
      }
    } else if (const auto* c = std::get_if<ev::card_moved>(&e)) {
      // A card changing areas keeps what lies on it (a refill follows as supply -> stall).
      auto& from = seat(c->from);
      if (c->to != no_player) {
        seat(c->to).stalls[c->card] = from.stalls[c->card];
        seat(c->to).red_markers[c->card] = from.red_markers[c->card];
      }
      from.stalls[c->card] = {};
      from.red_markers[c->card] = -1;
    } else if (const auto* k = std::get_if<ev::marker_turned>(&e)) {
      seat(k->player).red_markers[k->card] = k->red ? 1 : 0;
    } else if (const auto* o = std::get_if<ev::players_ordered>(&e)) {
      f.starting = o->starting;
      f.second = o->second;
      f.partner = o->partner;
    }
  }
}

}  // namespace loyang::engine::test
