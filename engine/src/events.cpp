// Events: collection during apply, per-viewer redaction, names.
// (Interface in place; the engine's emission of each event kind is being built: issue 20.)
#include "loyang/engine/events.hpp"

namespace loyang::engine {

std::optional<rule_error> apply(state& s, player_id player, const command& c, event_list* events) {
  (void)events;
  return apply(s, player, c);
}

event_list redact(const event_list& events, player_id viewer) {
  event_list out = events;
  for (auto& e : out) {
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
      "marker_turned", "foreman_took", "advanced", "game_ended", "scored", "solo_rated", "undone"};
  static_assert(std::size(names) == std::variant_size_v<event>);
  return names[e.index()];
}

}  // namespace loyang::engine
