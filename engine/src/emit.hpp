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

template <class E>
inline void emit(state& s, E&& e) {
  if (event_sink* k = s.sink.get()) [[unlikely]]
    k->events->emplace_back(std::forward<E>(e));
}

/// A payment of `amount` (nothing when 0); `from`/`to` no_player for the bank.
inline void paid(state& s, player_id from, player_id to, int amount, pay_reason why, card_id about = no_card) {
  if (amount != 0 && collecting(s))
    emit(s, ev::payment{from, to, static_cast<std::int32_t>(amount), why, about});
}

}  // namespace loyang::engine::detail
