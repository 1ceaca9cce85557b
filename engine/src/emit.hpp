#pragma once
// Recording events from inside the engine: apply(s, p, c, &events) points s.sink at its list
// for the duration of the command; the code that changes the state calls emit() where a thing
// happens. Without a list (bots, plain apply) each call is one test of a null pointer.
#include <utility>

#include "internal.hpp"
#include "loyang/engine/events.hpp"

namespace loyang::engine::detail {

struct event_sink {
  event_list* events;
};

/// Whether events are being collected (for events that are costly to build, e.g. card lists).
inline bool collecting(const state& s) { return s.sink.get() != nullptr; }

/// Out of line and cold, so that the commands' code stays as small as without events (the
/// inliner's budget for legal_commands and apply is shared with it under LTO).
template <class E>
[[gnu::noinline, gnu::cold]] void push_event(event_sink* k, E&& e) {
  k->events->emplace_back(std::forward<E>(e));
}

template <class E>
inline void emit(state& s, E&& e) {
  if (event_sink* k = s.sink.get()) [[unlikely]]
    push_event(k, std::forward<E>(e));
}

/// A payment of `amount` (nothing when 0); `from`/`to` no_player for the bank.
inline void paid(state& s, player_id from, player_id to, int amount, pay_reason why, card_id about = no_card) {
  if (event_sink* k = s.sink.get(); k && amount != 0) [[unlikely]]
    push_event(k, ev::payment{from, to, static_cast<std::int32_t>(amount), why, about});
}

/// Vegetables moved (nothing when `goods` is empty); see ev::vegetables_moved.
inline void moved(state& s, player_id p, ev::veg_place from, ev::veg_place to, const veg_counts& goods,
                  field_id f = ev::no_field, player_id owner = no_player, card_id stall = no_card) {
  if (event_sink* k = s.sink.get(); k && goods.total() != 0) [[unlikely]]
    push_event(k, ev::vegetables_moved{p, from, to, goods, f, owner, stall});
}
/// One vegetable.
inline veg_counts one(veg v, int n = 1) {
  veg_counts c;
  c[v] = static_cast<std::int16_t>(n);
  return c;
}

}  // namespace loyang::engine::detail
