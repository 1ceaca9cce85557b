#pragma once
// Internal: who may read which moment of a game, from whose point of view (docs/protocol.md,
// "History"). A finished game is public to whoever may watch it: any version, any seat's view,
// the spectators' or every card face up ("all"). A game in progress may be stepped back by its
// players in their own view (or the spectators'), and by others who may watch it in the
// spectators' view only: no one learns what he could not see at the time.
#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

#include "../core/api_reply.hpp"
#include "../games/visibility.hpp"
#include "../core/records.hpp"
#include "viewer.hpp"

namespace loyang::server::history {

/// A history request's query: `version` (nullopt: the latest) and `view` (nullopt: the asker's
/// default).
struct history_query {
  std::optional<std::uint32_t> version;
  std::optional<viewer_choice> view;
};

/// Reads `version=V&view=W` (other keys are ignored, as the other endpoints do). A `version`
/// that is not a decimal number, or a `view` that is not a seat number, `spectator` or `all`,
/// is a 400 bad_request (the range is checked later: seats against the game, V against its
/// latest version).
std::variant<history_query, api_reply> parse_query(std::string_view query);

/// The view `who` gets of the started game `g` for `asked` (nullopt: his seat when he has one,
/// else the spectators'), or the refusal: 404 no_such_game when `who` may not know of the game,
/// 409 not_started for a game still open (or cancelled), 400 bad_request for a seat the game
/// does not have, 403 not_allowed for a view `who` may not take now.
std::variant<viewer_choice, api_reply> decide_view(const game_record& g, const games::asker& who,
                                                   const std::optional<viewer_choice>& asked);

/// Why `who` may not download the record of `g`, or nullopt when he may: 404 no_such_game as
/// above, 409 not_finished for a game not finished, 403 not_allowed when he may not watch it.
std::optional<api_reply> record_refusal(const game_record& g, const games::asker& who);

}  // namespace loyang::server::history
