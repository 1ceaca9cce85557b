#include "loyang/persistence/records.hpp"

namespace loyang::persistence {

std::string_view status_name(game_status s) {
  switch (s) {
    case game_status::open: return "open";
    case game_status::active: return "active";
    case game_status::finished: return "finished";
    case game_status::cancelled: return "cancelled";
  }
  return "open";
}

std::string_view relation_name(relation_kind k) {
  switch (k) {
    case relation_kind::friend_of: return "friend";
    case relation_kind::mute: return "mute";
    case relation_kind::block: return "block";
  }
  return "friend";
}

std::string_view watch_name(watch_policy w) {
  return w == watch_policy::players ? "players" : "everyone";
}

std::string_view departure_name(departure d) {
  switch (d) {
    case departure::timed_out: return "timeout";
    case departure::resigned: return "resigned";
    case departure::none: break;
  }
  return "";
}

departure parse_departure(std::string_view name) {
  if (name == "timeout") return departure::timed_out;
  if (name == "resigned") return departure::resigned;
  return departure::none;
}

}  // namespace loyang::persistence
