// Vacations (docs/protocol.md, "Vacations"): a player declares an absence of whole days, within
// a yearly allowance the operator sets; his clocks stand in every running game meanwhile (and in
// games that start meanwhile), and his opponents see until when. The end is fired by the clocks'
// timer service, under the key -account, so it needs no game in memory and survives restarts.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <ctime>

#include "../lobby.hpp"
#include "game_clock.hpp"
#include "loyang/protocol/error_envelope.hpp"

namespace loyang::server {
namespace {

constexpr std::int64_t day = 24 * 3600;

int year_of(std::int64_t t) {
  const std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  return tm.tm_year + 1900;
}

// Days a vacation counts against its start's year: begun days, at least one.
std::int64_t days_of(const vacation_record& v) {
  return std::max<std::int64_t>(1, (v.ends_at - v.starts_at + day - 1) / day);
}

api_reply refuse(http::status status, std::string_view code, std::string_view message) {
  return {status, protocol::error_envelope(code, message)};
}

// A record whose clock has `seat` paused (away) or running again.
room::record_change pause_change(engine::player_id seat, bool away) {
  return [seat, away](const game_record& g, std::int64_t now) -> std::variant<game_record, clocks::refusal> {
    auto c = clocks::record_clock(g.clock);
    if (!c || g.status != game_status::active) return clocks::refusal{"no_clock", "", 409};
    if (away) {
      c->pause(seat, now);
    } else {
      c->resume(seat, now);
    }
    game_record next = g;
    next.clock = c->stored();
    return next;
  };
}

}  // namespace

const vacation_record* lobby::away(std::int64_t account, std::int64_t now) const {
  const auto it = vacations_.find(account);
  if (it == vacations_.end() || it->second.empty()) return nullptr;
  const auto& last = it->second.back();
  return last.starts_at <= now && now < last.ends_at ? &last : nullptr;
}

nlohmann::json lobby::vacation_json(std::int64_t account) const {
  const auto now = accounts_->now();
  std::int64_t used = 0;
  if (const auto it = vacations_.find(account); it != vacations_.end()) {
    for (const auto& v : it->second) {
      if (year_of(v.starts_at) == year_of(now)) used += days_of(v);
    }
  }
  const auto* on = away(account, now);
  const auto allowance = std::int64_t{limits_.vacation_days_per_year};
  return {{"away", on ? nlohmann::json{{"from", on->starts_at}, {"until", on->ends_at}} : nlohmann::json(nullptr)},
          {"days_per_year", allowance},
          {"used", used},
          {"left", std::max<std::int64_t>(0, allowance - used)}};
}

void lobby::set_away(std::int64_t account, bool away_now) {
  for (const auto& [id, g] : games_) {
    if (g.status != game_status::active || g.clock.is_null()) continue;
    for (std::size_t i = 0; i < g.seats.size(); ++i) {
      const auto& s = g.seats[i];
      if (s.account_id != account || s.gone != persistence::departure::none) continue;
      attach(id, engine::player_id(i), [seat = engine::player_id(i), away_now](room_grant grant) {
        if (grant.where) grant.where->change(pause_change(seat, away_now), [](std::optional<clocks::refusal>) {});
      });
    }
  }
}

void lobby::vacation(identity who, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, reply = std::move(reply)] {
    reply({http::status::ok, self->vacation_json(who.id)});
  });
}

void lobby::start_vacation(identity who, nlohmann::json body, reply_fn reply) {
  if (!body.is_object() || body.size() != 1 || !body.contains("days") || !body["days"].is_number_integer() ||
      body["days"].get<std::int64_t>() < 1 || body["days"].get<std::int64_t>() > 366) {
    return reply(refuse(http::status::bad_request, "bad_request", "the body must be {\"days\": N}, N from 1"));
  }
  const auto days = body["days"].get<std::int64_t>();
  net::post(strand_, [self = shared_from_this(), who, days, reply = std::move(reply)] {
    const auto now = self->accounts_->now();
    if (self->away(who.id, now)) {
      return reply(refuse(http::status::conflict, "already_away", "you are on vacation already; end it first"));
    }
    const auto left = self->vacation_json(who.id)["left"].get<std::int64_t>();
    if (days > left) {
      return reply(refuse(http::status::conflict, "no_vacation_left",
                          "you have " + std::to_string(left) + " vacation days left this year"));
    }
    const vacation_record v{who.id, now, now + days * day};
    self->store_.save_vacation(v, [self, v, reply](const std::string& e) {
      net::post(self->strand_, [self, v, reply, e] {
        if (!e.empty()) return reply(refuse(http::status::service_unavailable, e, "the vacation could not be stored"));
        self->vacations_[v.account].push_back(v);
        self->timer_->arm(-v.account, v.ends_at);
        self->set_away(v.account, true);
        reply({http::status::ok, self->vacation_json(v.account)});
      });
    });
  });
}

void lobby::end_vacation(identity who, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, reply = std::move(reply)] {
    const auto now = self->accounts_->now();
    const auto* on = self->away(who.id, now);
    if (!on) return reply(refuse(http::status::conflict, "not_away", "you are not on vacation"));
    auto v = *on;
    v.ends_at = now;
    self->store_.save_vacation(v, [self, v, reply](const std::string& e) {
      net::post(self->strand_, [self, v, reply, e] {
        if (!e.empty()) return reply(refuse(http::status::service_unavailable, e, "the vacation could not be stored"));
        self->vacations_[v.account].back() = v;
        self->timer_->arm(-v.account, std::nullopt);
        self->set_away(v.account, false);
        reply({http::status::ok, self->vacation_json(v.account)});
      });
    });
  });
}

}  // namespace loyang::server
