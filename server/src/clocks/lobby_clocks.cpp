// The lobby's side of the clocks: waking the rooms of games whose clocks came due, and the
// endpoints that change a running game's seats (resigning, voting on waiting). The checks of
// who sits where run on the lobby's strand; the change itself runs in the game's room, between
// its commands (clocks/timeouts.hpp).
#include <boost/asio/post.hpp>

#include "../lobby.hpp"
#include "loyang/protocol/error_envelope.hpp"
#include "timeouts.hpp"

namespace loyang::server {

void lobby::on_clocks_due(const std::vector<std::int64_t>& due) {
  // Another node leads: it keeps the clocks (this one arms them again when it comes to lead).
  if (!leads_->leads()) return;
  // A server back after a long stop may find thousands due at once: each wake may load its
  // game into memory, so at most this many are woken per second; the rest wait their turn.
  constexpr std::size_t per_wake = 256;
  const auto now = accounts_->now();
  for (std::size_t i = per_wake; i < due.size(); ++i) timer_->arm(due[i], now + std::int64_t(i / per_wake));
  for (std::size_t i = 0; i < std::min(due.size(), per_wake); ++i) {
    const auto id = due[i];
    if (id < 0) {  // an account's vacation ends (clocks/vacations.cpp)
      const auto account = -id;
      if (const auto* on = away(account, accounts_->now())) {
        timer_->arm(id, on->ends_at);  // a later vacation meanwhile
      } else {
        set_away(account, false);
      }
      continue;
    }
    const auto it = games_.find(id);
    if (it == games_.end() || it->second.status != game_status::active) continue;
    // A room loaded only for this is not kept pinned: it leaves memory once its wake (and any
    // bot moves after it) are done, unless someone opens it meanwhile.
    const bool was_pinned = pinned_.count(id) > 0;
    attach(id, engine::no_player, [self = shared_from_this(), id, was_pinned](room_grant grant) {
      if (grant.where) grant.where->wake();
      if (!was_pinned) self->pinned_.erase(id);
    });
  }
}

std::optional<engine::player_id> lobby::seat_in_running_game(std::int64_t game, const identity& who,
                                                          const reply_fn& reply) const {
  const auto* g = visible_game(game, who);
  if (!g) {
    reply({http::status::not_found, protocol::error_envelope("no_such_game", "there is no such game")});
    return std::nullopt;
  }
  engine::player_id seat = engine::no_player;
  for (std::size_t i = 0; i < g->seats.size(); ++i) {
    if (g->seats[i].account_id == who.id) seat = engine::player_id(i);
  }
  if (seat == engine::no_player) {
    reply({http::status::conflict, protocol::error_envelope("not_seated", "you do not sit at this game")});
    return std::nullopt;
  }
  if (g->status != game_status::active) {
    reply({http::status::conflict, protocol::error_envelope("not_active", "the game is not being played")});
    return std::nullopt;
  }
  return seat;
}

void lobby::change_seat(identity who, std::int64_t game,
                        std::function<room::record_change(engine::player_id seat)> make, reply_fn reply) {
  on_fresh(game, [self = shared_from_this(), who, game, make = std::move(make), reply = std::move(reply)] {
    const auto seat = self->seat_in_running_game(game, who, reply);
    if (!seat) return;
    self->attach(game, *seat, [self, game, change = make(*seat), reply](room_grant grant) {
      if (!grant.where) {
        return reply({http::status::service_unavailable, protocol::error_envelope(grant.code, grant.message)});
      }
      grant.where->change(change, [self, game, reply](std::optional<clocks::refusal> no) {
        if (no) return reply({http::status(no->status), protocol::error_envelope(no->code, no->message)});
        // The room's on_progress reached the strand before this: the summary is the new one.
        net::post(self->strand_, [self, game, reply] { reply({http::status::ok, self->summary(self->games_.at(game))}); });
      });
    });
  });
}

void lobby::resign(identity who, std::int64_t game, reply_fn reply) {
  auto stats = stats_;
  change_seat(
      who, game,
      [stats](engine::player_id seat) -> room::record_change {
        return [seat, stats](const game_record& g, std::int64_t now) {
          auto next = clocks::resign(g, seat, now);
          if (std::holds_alternative<game_record>(next)) ++stats->resignations;
          return next;
        };
      },
      std::move(reply));
}

void lobby::vote(identity who, std::int64_t game, nlohmann::json body, reply_fn reply) {
  if (!body.is_object() || !body.contains("wait") || !body["wait"].is_boolean() || body.size() != 1) {
    return reply({http::status::bad_request,
                  protocol::error_envelope("bad_request", "the body must be {\"wait\": true} or {\"wait\": false}")});
  }
  const bool wait = body["wait"].get<bool>();
  change_seat(
      who, game,
      [wait](engine::player_id seat) -> room::record_change {
        return [seat, wait](const game_record& g, std::int64_t now) { return clocks::cast_vote(g, seat, wait, now); };
      },
      std::move(reply));
}

}  // namespace loyang::server
