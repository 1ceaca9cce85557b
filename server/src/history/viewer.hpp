#pragma once
// Internal: whose point of view a history view takes.
#include <nlohmann/json.hpp>

#include "loyang/engine/types.hpp"

namespace loyang::server::history {

struct viewer_choice {
  enum class kind { seat, spectator, all };
  kind what = kind::spectator;
  engine::player_id seat = engine::no_player;  ///< for kind::seat
  /// The engine viewer: the seat, or no_player for the spectators (and for `all`, unused).
  engine::player_id engine_viewer() const { return what == kind::seat ? seat : engine::no_player; }
  /// As the answer's "view" says it: the seat number, "spectator" or "all".
  nlohmann::json to_json() const {
    if (what == kind::seat) return int(seat);
    return what == kind::all ? "all" : "spectator";
  }
  bool operator==(const viewer_choice&) const = default;
};

}  // namespace loyang::server::history
