#pragma once
// Test support: a small event applier, written once here and not in the engine. It plays one
// command's events onto the quantities a viewer sees before the command (Cash, loans, Path,
// carts, shops, Storehouses, fields' vegetables, markers, Starting and Second player), so a
// test can check that the events alone explain every such change: applying them to the view
// before gives the view after (events_random_test).
#include <map>
#include <utility>

#include "loyang/engine/data.hpp"
#include "loyang/engine/events.hpp"

namespace loyang::engine::test {

/// The quantities a client follows from events, for every player.
struct followed {
  struct seat {
    std::int32_t cash = 0;
    std::int16_t loans = 0, position = 0;
    veg_counts cart, shop, storehouse;
    std::map<field_id, int> fields;       ///< vegetables on each field in front of him
    std::map<card_id, bool> red_markers;  ///< Regular customers: marker red?
    bool operator==(const seat&) const = default;
  };
  std::vector<seat> seats;
  player_id starting = no_player, second = no_player;
  bool operator==(const followed&) const = default;
};

/// What `v` (a view, or the full state) shows of the followed quantities.
inline followed follow(const state& v) {
  followed f;
  f.starting = v.starting;
  f.second = v.second;
  for (const auto& ps : v.players) {
    followed::seat q;
    q.cash = ps.cash;
    q.loans = ps.loans;
    q.position = ps.position;
    q.cart = ps.cart;
    q.shop = ps.shop;
    q.storehouse = ps.storehouse;
    for (const auto& fl : ps.fields) q.fields[fl.id] = fl.count;
    for (const auto& pc : ps.played)
      if (kind_of(pc.card) == card_kind::regular) q.red_markers[pc.card] = pc.red;
    f.seats.push_back(q);
  }
  return f;
}

inline veg_counts& place_of(followed::seat& q, ev::veg_place p) {
  static veg_counts elsewhere;  // supply, fields and stalls: kept apart
  switch (p) {
    case ev::veg_place::cart: return q.cart;
    case ev::veg_place::shop: return q.shop;
    case ev::veg_place::storehouse: return q.storehouse;
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
      if (m->from == ev::veg_place::field) q.fields[m->field] -= n;
      if (m->to == ev::veg_place::field) q.fields[m->field] += n;
      auto& from = place_of(q, m->from);
      for (veg v : all_vegs) from[v] = static_cast<std::int16_t>(from[v] - m->goods[v]);
      auto& to = place_of(q, m->to);
      for (veg v : all_vegs) to[v] = static_cast<std::int16_t>(to[v] + m->goods[v]);
    } else if (const auto* h = std::get_if<ev::harvested>(&e)) {
      seat(h->player).fields[h->field] = h->left;
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
      seat(r->player).fields.erase(r->field);
    } else if (const auto* d = std::get_if<ev::field_emptied>(&e)) {
      seat(d->player).fields.erase(d->field);
    } else if (const auto* p = std::get_if<ev::card_played>(&e)) {
      if (kind_of(p->card) == card_kind::common_field) seat(p->player).fields[common_field_of(p->card)] = 0;
      if (kind_of(p->card) == card_kind::regular) seat(p->player).red_markers[p->card] = false;
    } else if (const auto* g = std::get_if<ev::card_discarded>(&e)) {
      if (g->player != no_player) seat(g->player).red_markers.erase(g->card);
    } else if (const auto* k = std::get_if<ev::marker_turned>(&e)) {
      seat(k->player).red_markers[k->card] = k->red;
    } else if (const auto* o = std::get_if<ev::players_ordered>(&e)) {
      f.starting = o->starting;
      f.second = o->second;
    }
  }
}

}  // namespace loyang::engine::test
