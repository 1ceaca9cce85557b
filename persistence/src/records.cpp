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

std::string_view watch_name(watch_policy w) {
  return w == watch_policy::players ? "players" : "everyone";
}

}  // namespace loyang::persistence
