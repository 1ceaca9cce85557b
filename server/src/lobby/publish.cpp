#include "publish.hpp"

#include "../events/hub.hpp"

namespace loyang::server {

void publish_created(const events::hub& hub, const game_record& g) {
  hub.publish(events::game_created{g.id, g.creator});
  if (g.status == game_status::active) hub.publish(events::game_started{g.id});
}

void publish_progress(const events::hub& hub, const game_record* before, const game_record& g) {
  // A seat's change is told when the lobby saw the seat before it (a game another node made is
  // new here with its seats as they are); a game's end always, once.
  for (std::size_t i = 0; before && i < g.seats.size() && i < before->seats.size(); ++i) {
    const auto& now = g.seats[i];
    const auto& was = before->seats[i];
    if (now.account_id == 0) continue;
    if (now.gone != persistence::departure::none && was.gone == persistence::departure::none) {
      hub.publish(events::seat_departed{g.id, engine::player_id(i), now.account_id, now.gone});
    }
    if (now.bot && !was.bot) {
      hub.publish(events::seat_taken_over{g.id, engine::player_id(i), now.account_id});
    }
  }
  if (g.status == game_status::finished && (!before || before->status != game_status::finished)) {
    hub.publish(events::game_finished{g});
  }
}

}  // namespace loyang::server
