#include "visibility.hpp"

#include <algorithm>

namespace loyang::server::games {

bool is_seated(const game_record& g, const asker& who) {
  return !who.guest() && std::any_of(g.seats.begin(), g.seats.end(),
                                     [&](const seat_record& s) { return s.account_id == who.id; });
}

bool is_private(const game_record& g) { return !g.invited.empty(); }

bool is_invited(const game_record& g, const asker& who) {
  if (who.guest()) return false;
  if (g.creator == who.id) return true;
  if (std::find(g.invited.begin(), g.invited.end(), who.name) == g.invited.end()) return false;
  // An invitation declined is no invitation (the name stays listed: the game stays private).
  if (g.extra.is_object() && g.extra.contains("declined")) {
    const auto& declined = g.extra["declined"];
    return std::find(declined.begin(), declined.end(), who.name) == declined.end();
  }
  return true;
}

bool may_see(const game_record& g, const asker& who) {
  return !is_private(g) || is_seated(g, who) || is_invited(g, who);
}

bool may_watch(const game_record& g, const asker& who) {
  if (!may_see(g, who)) return false;
  return g.watch == watch_policy::everyone || is_seated(g, who);
}

std::optional<watch_policy> watch_from_json(const nlohmann::json& value) {
  if (!value.is_string()) return std::nullopt;
  for (auto w : {watch_policy::everyone, watch_policy::players}) {
    if (value.get<std::string>() == persistence::watch_name(w)) return w;
  }
  return std::nullopt;
}

}  // namespace loyang::server::games
