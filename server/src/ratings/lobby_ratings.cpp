// The lobby's side of ratings and statistics: entry limits of games.
#include "../api_errors.hpp"
#include "../games/extra.hpp"
#include "../lobby.hpp"

namespace loyang::server {

std::optional<api_reply> lobby::rating_refusal(const game_record& g, const identity& who) const {
  (void)g;
  (void)who;
  return std::nullopt;
}

}  // namespace loyang::server
