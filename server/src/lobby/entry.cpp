#include "entry.hpp"

#include <algorithm>
#include <string>

#include "../core/api_errors.hpp"
#include "../ratings/rating_service.hpp"
#include "../social/relations.hpp"

namespace loyang::server::seat_entry {

std::optional<api_reply> refusal(const game_record& g, const identity& who, const social::relations& relations,
                                 const rating_service& ratings) {
  for (const auto& s : g.seats) {
    if (s.account_id != 0 && relations.blocked(s.account_id, who.id)) {
      return api_error(http::status::forbidden, "blocked", "a player at this game does not want to play with you");
    }
  }
  return ratings.refusal(g, who);
}

std::optional<api_reply> over_cap(const std::map<std::int64_t, game_record>& games, const identity& who, bool open,
                                  const lobby_limits& limits) {
  int opened = 0;
  int unfinished = 0;
  for (const auto& [id, g] : games) {
    if (g.status != game_status::open && g.status != game_status::active) continue;
    // A seat he left (resigned, timed out) is a bot's now: he can do nothing more there.
    if (std::none_of(g.seats.begin(), g.seats.end(), [&](const seat_record& s) {
          return s.account_id == who.id && s.gone == persistence::departure::none;
        })) {
      continue;
    }
    ++unfinished;
    if (g.status == game_status::open) ++opened;
  }
  if (open && opened >= limits.max_open_games_per_account) {
    return api_error(http::status::conflict, "too_many_games",
                 "you already sit in " + std::to_string(limits.max_open_games_per_account) +
                     " games waiting for players; start or leave one first");
  }
  if (unfinished >= limits.max_unfinished_games_per_account) {
    return api_error(http::status::conflict, "too_many_games",
                 "you already sit in " + std::to_string(limits.max_unfinished_games_per_account) +
                     " unfinished games; finish one first");
  }
  return std::nullopt;
}

}  // namespace loyang::server::seat_entry
