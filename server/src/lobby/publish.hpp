#pragma once
// Internal: what the lobby tells the hub (events/events.hpp) when a game's record changes; on the
// lobby's strand, once the record is stored.
#include "../core/records.hpp"
#include "../events/hub.hpp"

namespace loyang::server {

/// game_created, and game_started when `g` started at once.
void publish_created(const events::hub& hub, const game_record& g);
/// What changed from `before` (nullptr: a game new here, as another node made it) to `g`: seats
/// departed or taken over, the game finished.
void publish_progress(const events::hub& hub, const game_record* before, const game_record& g);

}  // namespace loyang::server
