#include "access.hpp"

#include <charconv>
#include <string>

#include "loyang/protocol/error_envelope.hpp"

namespace loyang::server::history {
namespace {

api_reply refuse(http::status status, std::string_view code, std::string_view message) {
  return {status, protocol::error_envelope(code, message)};
}

api_reply bad_request(std::string_view message) {
  return refuse(http::status::bad_request, "bad_request", message);
}

api_reply no_such_game() {
  return refuse(http::status::not_found, "no_such_game", "there is no such game");
}

std::optional<engine::player_id> seat_of(const game_record& g, const games::asker& who) {
  if (who.guest()) return std::nullopt;
  for (std::size_t i = 0; i < g.seats.size(); ++i) {
    if (g.seats[i].account_id == who.id) return engine::player_id(i);
  }
  return std::nullopt;
}

bool started(const game_record& g) {
  return g.status == game_status::active || g.status == game_status::finished;
}

}  // namespace

std::variant<history_query, api_reply> parse_query(std::string_view query) {
  history_query out;
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    const auto eq = pair.find('=');
    const auto key = pair.substr(0, eq);
    const auto value = eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
    if (key == "version") {
      std::uint32_t v = 0;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
      if (value.empty() || ec != std::errc() || end != value.data() + value.size()) {
        return bad_request("\"version\" must be a version number from 0 to the game's latest");
      }
      out.version = v;
    } else if (key == "view") {
      if (value == "spectator") {
        out.view = viewer_choice{viewer_choice::kind::spectator};
      } else if (value == "all") {
        out.view = viewer_choice{viewer_choice::kind::all};
      } else {
        unsigned seat = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), seat);
        if (value.empty() || ec != std::errc() || end != value.data() + value.size() || seat > 3) {
          return bad_request("\"view\" must be a seat number, \"spectator\" or \"all\"");
        }
        out.view = viewer_choice{viewer_choice::kind::seat, engine::player_id(seat)};
      }
    }
  }
  return out;
}

std::variant<viewer_choice, api_reply> decide_view(const game_record& g, const games::asker& who,
                                                   const std::optional<viewer_choice>& asked) {
  if (!games::may_see(g, who)) return no_such_game();
  if (!started(g)) {
    return refuse(http::status::conflict, "not_started", "this game has not started");
  }
  const auto mine = seat_of(g, who);
  viewer_choice view = asked ? *asked
                             : mine ? viewer_choice{viewer_choice::kind::seat, *mine}
                                    : viewer_choice{viewer_choice::kind::spectator};
  if (view.what == viewer_choice::kind::seat && std::size_t(view.seat) >= g.seats.size()) {
    return bad_request("this game has no seat " + std::to_string(view.seat));
  }
  // A player always sees his own game; anyone else must be allowed to watch it.
  if (!mine && !games::may_watch(g, who)) {
    return refuse(http::status::forbidden, "not_allowed",
                  "only the players of this game may watch it");
  }
  if (g.status == game_status::finished) return view;
  const bool own = view.what == viewer_choice::kind::spectator ||
                   (view.what == viewer_choice::kind::seat && mine && view.seat == *mine);
  if (!own) {
    return refuse(http::status::forbidden, "not_allowed",
                  mine ? "while the game is in progress you may look back in your own seat's "
                         "view or the spectators' only"
                       : "while the game is in progress only the spectators' view may be "
                         "looked back at");
  }
  return view;
}

std::optional<api_reply> record_refusal(const game_record& g, const games::asker& who) {
  if (!games::may_see(g, who)) return no_such_game();
  if (g.status != game_status::finished) {
    return refuse(http::status::conflict, "not_finished",
                  "a game's record can be downloaded once it has finished");
  }
  if (!seat_of(g, who) && !games::may_watch(g, who)) {
    return refuse(http::status::forbidden, "not_allowed",
                  "only the players of this game may watch it");
  }
  return std::nullopt;
}

}  // namespace loyang::server::history
