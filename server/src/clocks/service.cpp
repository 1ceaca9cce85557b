// The clocks room (service.hpp): its timer, the vacations, and resigning and voting. The checks
// of who sits where run on the games' strand; each change runs in the game's room, between its
// commands. A vacation's end is fired by the timer under the key -account, so it needs no game
// in memory and survives restarts.
#include "service.hpp"

#include "nudge.hpp"

#include <boost/asio/post.hpp>

#include <algorithm>
#include <ctime>

#include "../core/api_errors.hpp"
#include "../games/running_seat.hpp"
#include "game_clock.hpp"

namespace loyang::server::clocks {
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

// A record whose clock has `seat` paused (away) or running again.
record_change pause_change(engine::player_id seat, bool away) {
  return [seat, away](const game_record& g, std::int64_t now) -> std::variant<game_record, refusal> {
    auto c = record_clock(g.clock);
    if (!c || g.status != game_status::active) return refusal{"no_clock", "", 409};
    if (away) {
      c->pause(seat, now);
    } else {
      c->resume(seat, now);
    }
    game_record next = g;
    next.clock = c->stored();
    next.updated_at = now;  // also what makes each absence news of its own (notify/news.cpp)
    return next;
  };
}

}  // namespace

service::service(strand_type games_strand, storage& store, options o, std::shared_ptr<metrics> stats, lookups look)
    : strand_(std::move(games_strand)), store_(store), options_(o), stats_(std::move(stats)), look_(std::move(look)) {}

void service::load(std::vector<vacation_record> vacations) {
  timer_ = std::make_shared<timer_service>(
      strand_, timer_service::settings{look_.now, options_.max_sleep}, stats_,
      [weak = weak_from_this()](std::vector<std::int64_t> due) {
        if (auto self = weak.lock()) self->on_due(due);
      });
  for (auto& v : vacations) vacations_[v.account].push_back(std::move(v));
}

void service::start() { timer_->start(); }

void service::stop() { timer_->stop(); }

void service::game_changed(std::int64_t game) {
  const auto* g = look_.game(game);
  timer_->arm(game, g ? next_wake(*g) : std::nullopt);
}

void service::on_due(const std::vector<std::int64_t>& due) {
  // Another node leads: it keeps the clocks (this one arms them again when it comes to lead).
  if (!look_.leads()) return;
  // A server back after a long stop may find thousands due at once: each wake may load its
  // game into memory, so at most this many are woken per second; the rest wait their turn.
  constexpr std::size_t per_wake = 256;
  const auto now = look_.now();
  for (std::size_t i = per_wake; i < due.size(); ++i) timer_->arm(due[i], now + std::int64_t(i / per_wake));
  for (std::size_t i = 0; i < std::min(due.size(), per_wake); ++i) {
    const auto id = due[i];
    if (id < 0) {  // an account's vacation ends
      const auto account = -id;
      if (const auto* on = away(account, look_.now())) {
        timer_->arm(id, on->ends_at);  // a later vacation meanwhile
      } else {
        set_away(account, false);
      }
      continue;
    }
    const auto* g = look_.game(id);
    if (!g || g->status != game_status::active) continue;
    look_.wake(id);
  }
}

void service::merge_vacations(std::int64_t account, const std::vector<vacation_record>& rows) {
  auto& mine = vacations_[account];
  mine.clear();
  for (const auto& v : rows) {
    if (v.account == account) mine.push_back(v);
  }
  if (!mine.empty()) timer_->arm(-account, mine.back().ends_at);
}

void service::wake_all() {
  // Deadlines are stored with the games: the timer is filled from them.
  look_.each_game([this](const game_record& g) { timer_->arm(g.id, next_wake(g)); });
  // A vacation's end (-account): also one that passed while no node led, lately enough that
  // its clocks may still stand (resuming is harmless when they run already).
  const auto now = look_.now();
  for (const auto& [account, list] : vacations_) {
    if (!list.empty() && list.back().ends_at > now - 7 * day) timer_->arm(-account, list.back().ends_at);
  }
}

// ---- resigning and voting ------------------------------------------------------------------

void service::change_seat(identity who, std::int64_t game, std::function<record_change(engine::player_id)> make,
                          reply_fn reply) {
  look_.fresh(game, [self = shared_from_this(), who, game, make = std::move(make), reply = std::move(reply)] {
    auto seat = games::running_seat(self->look_.game(game), games::asker{who.id, who.name});
    if (auto* no = std::get_if<api_reply>(&seat)) return reply(std::move(*no));
    self->look_.change(game, make(std::get<engine::player_id>(seat)), [self, game, reply](std::optional<refusal> no) {
      if (no) return reply(api_error(http::status(no->status), no->code, no->message));
      // The lobby took the room's new record before this: the summary is the new one.
      net::post(self->strand_, [self, game, reply] { reply({http::status::ok, self->look_.summary(game)}); });
    });
  });
}

void service::resign(identity who, std::int64_t game, reply_fn reply) {
  auto stats = stats_;
  change_seat(
      who, game,
      [stats](engine::player_id seat) -> record_change {
        return [seat, stats](const game_record& g, std::int64_t now) {
          auto next = clocks::resign(g, seat, now);
          if (std::holds_alternative<game_record>(next)) ++stats->resignations;
          return next;
        };
      },
      std::move(reply));
}

void service::vote(identity who, std::int64_t game, nlohmann::json body, reply_fn reply) {
  if (!body.is_object() || !body.contains("wait") || !body["wait"].is_boolean() || body.size() != 1) {
    return reply(api_error(http::status::bad_request, "bad_request",
                           "the body must be {\"wait\": true} or {\"wait\": false}"));
  }
  const bool wait = body["wait"].get<bool>();
  change_seat(
      who, game,
      [wait](engine::player_id seat) -> record_change {
        return [seat, wait](const game_record& g, std::int64_t now) { return cast_vote(g, seat, wait, now); };
      },
      std::move(reply));
}

void service::nudge(identity who, std::int64_t game, reply_fn reply) {
  change_seat(
      who, game,
      [](engine::player_id seat) -> record_change {
        return [seat](const game_record& g, std::int64_t now) { return clocks::nudge(g, seat, now); };
      },
      std::move(reply));
}

// ---- vacations ---------------------------------------------------------------------------------

const vacation_record* service::away(std::int64_t account, std::int64_t now) const {
  const auto it = vacations_.find(account);
  if (it == vacations_.end() || it->second.empty()) return nullptr;
  const auto& last = it->second.back();
  return last.starts_at <= now && now < last.ends_at ? &last : nullptr;
}

nlohmann::json service::vacation_json(std::int64_t account) const {
  const auto now = look_.now();
  std::int64_t used = 0;
  if (const auto it = vacations_.find(account); it != vacations_.end()) {
    for (const auto& v : it->second) {
      if (year_of(v.starts_at) == year_of(now)) used += days_of(v);
    }
  }
  const auto* on = away(account, now);
  const auto allowance = std::int64_t{options_.vacation_days_per_year};
  return {{"away", on ? nlohmann::json{{"from", on->starts_at}, {"until", on->ends_at}} : nlohmann::json(nullptr)},
          {"days_per_year", allowance},
          {"used", used},
          {"left", std::max<std::int64_t>(0, allowance - used)}};
}

void service::set_away(std::int64_t account, bool away_now, std::function<void()> done) {
  std::vector<std::pair<std::int64_t, engine::player_id>> seats;
  look_.each_game([&](const game_record& g) {
    if (g.status != game_status::active || g.clock.is_null()) return;
    for (std::size_t i = 0; i < g.seats.size(); ++i) {
      const auto& s = g.seats[i];
      if (s.account_id == account && s.gone == persistence::departure::none) seats.emplace_back(g.id, engine::player_id(i));
    }
  });
  if (seats.empty()) {
    if (done) net::post(strand_, std::move(done));
    return;
  }
  // `done` once every game's clock has changed (stored, and held by the lobby) or could not:
  // the answer to a vacation comes after its effect. Asked after the walk: a room's change may
  // reach the games held before it returns.
  auto left = std::make_shared<std::size_t>(seats.size());
  auto finish = [self = shared_from_this(), left, done = std::move(done)](std::optional<refusal>) {
    net::post(self->strand_, [left, done] {
      if (--*left == 0 && done) done();
    });
  };
  for (const auto& [game, seat] : seats) look_.change(game, pause_change(seat, away_now), finish);
}

void service::vacation(identity who, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, reply = std::move(reply)] {
    reply({http::status::ok, self->vacation_json(who.id)});
  });
}

void service::start_vacation(identity who, nlohmann::json body, reply_fn reply) {
  if (!body.is_object() || body.size() != 1 || !body.contains("days") || !body["days"].is_number_integer() ||
      body["days"].get<std::int64_t>() < 1 || body["days"].get<std::int64_t>() > 366) {
    return reply(api_error(http::status::bad_request, "bad_request", "the body must be {\"days\": N}, N from 1"));
  }
  const auto days = body["days"].get<std::int64_t>();
  net::post(strand_, [self = shared_from_this(), who, days, reply = std::move(reply)] {
    const auto now = self->look_.now();
    if (self->away(who.id, now)) {
      return reply(api_error(http::status::conflict, "already_away", "you are on vacation already; end it first"));
    }
    const auto left = self->vacation_json(who.id)["left"].get<std::int64_t>();
    if (days > left) {
      return reply(api_error(http::status::conflict, "no_vacation_left",
                             "you have " + std::to_string(left) + " vacation days left this year"));
    }
    const vacation_record v{who.id, now, now + days * day};
    self->store_.save_vacation(v, [self, v, reply](const std::string& e) {
      net::post(self->strand_, [self, v, reply, e] {
        if (!e.empty()) return reply(api_error(http::status::service_unavailable, e, "the vacation could not be stored"));
        self->vacations_[v.account].push_back(v);
        self->timer_->arm(-v.account, v.ends_at);
        self->set_away(v.account, true, [self, v, reply] { reply({http::status::ok, self->vacation_json(v.account)}); });
      });
    });
  });
}

void service::end_vacation(identity who, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, reply = std::move(reply)] {
    const auto now = self->look_.now();
    const auto* on = self->away(who.id, now);
    if (!on) return reply(api_error(http::status::conflict, "not_away", "you are not on vacation"));
    auto v = *on;
    v.ends_at = now;
    self->store_.save_vacation(v, [self, v, reply](const std::string& e) {
      net::post(self->strand_, [self, v, reply, e] {
        if (!e.empty()) return reply(api_error(http::status::service_unavailable, e, "the vacation could not be stored"));
        self->vacations_[v.account].back() = v;
        self->timer_->arm(-v.account, std::nullopt);
        self->set_away(v.account, false, [self, v, reply] { reply({http::status::ok, self->vacation_json(v.account)}); });
      });
    });
  });
}

}  // namespace loyang::server::clocks
