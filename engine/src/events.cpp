// Events: collection during apply, per-viewer redaction, names.
#include "loyang/engine/events.hpp"

#include <algorithm>
#include <cstddef>

#include "emit.hpp"

namespace loyang::engine {

std::optional<rule_error> apply(state& s, player_id player, const command& c, event_list* events) {
  if (events == nullptr) return apply(s, player, c);
  // The undo replays the turn on a copy of the saved state (no sink): only `undone` is told.
  const std::size_t size_before = events->size();
  detail::event_sink sink{events};
  struct attach {  // detached again even if apply throws (it does not for a bad command)
    state& s;
    attach(state& st, detail::event_sink* k) : s(st) { s.sink.set(k); }
    ~attach() { s.sink.set(nullptr); }
    attach(const attach&) = delete;
    attach& operator=(const attach&) = delete;
  };
  std::optional<rule_error> e;
  {
    const attach on(s, &sink);
    e = apply(s, player, c);
  }
  if (e) {
    events->resize(size_before);  // (nothing is emitted before a command passes its check)
  } else if (std::holds_alternative<cmd::undo>(c)) {
    events->push_back(ev::undone{0});
  }
  return e;
}

void undo_tracker::on_applied(std::uint32_t version, event_list& events, const state& after) {
  // An undo takes back the newest command not yet taken back; the engine's undo log says how
  // many of the newest commands are still in reach (none after a point of no return).
  ev::undone* undo = nullptr;
  for (auto& e : events) {
    if ((undo = std::get_if<ev::undone>(&e))) break;
  }
  if (undo) {
    if (!undoable_.empty()) {
      undo->version = undoable_.back();
      undoable_.pop_back();
    }
  } else {
    undoable_.push_back(version);
  }
  const std::size_t keep = std::min(undoable_.size(), after.undo_log.size());
  undoable_.erase(undoable_.begin(), undoable_.end() - std::ptrdiff_t(keep));
}

event_list redact(const event_list& events, player_id viewer) {
  event_list out = events;
  for (auto& e : out) {
    // A hand is the only secret an event names: the Courtyard, Two-pack, Offer, played cards
    // and fields are face up, and a reshuffle tells only the count.
    if (auto* d = std::get_if<ev::cards_dealt>(&e); d && d->player != viewer)
      for (auto& c : d->cards) c = hidden_card;
  }
  return out;
}

std::string_view event_name(const event& e) {
  static constexpr std::string_view names[] = {
      "round_started", "phase_started", "turn_started", "field_turned", "storehouse_emptied",
      "harvested", "field_emptied", "cards_dealt", "cards_to_courtyard", "card_played",
      "two_pack_drawn", "customer_revealed", "card_discarded", "reshuffled", "payment",
      "marker_turned", "foreman_took", "advanced", "game_ended", "scored", "solo_rated", "undone",
      "card_moved", "field_returned", "offer_refilled", "vegetables_moved", "players_ordered"};
  static_assert(std::size(names) == std::variant_size_v<event>);
  return names[e.index()];
}

}  // namespace loyang::engine
