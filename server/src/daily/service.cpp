// The daily challenge's room (service.hpp): the day's game, started as a game of the lobby's,
// and the day's board. Its figures come from the ratings room (ratings/rating_service.hpp),
// which counts every finished game on the games' strand.
#include "service.hpp"

#include <boost/asio/post.hpp>

#include "../core/api_errors.hpp"
#include "loyang/persistence/error.hpp"
#include "loyang/protocol/options_json.hpp"

namespace loyang::server::daily {
namespace {

/// The solo options of the daily challenge: the Yucata rules, the full game.
engine::options daily_options() { return {1, engine::ruleset::yucata, false}; }

api_reply daily_played_reply() {
  return api_error(http::status::conflict, "daily_played", "you have played today's challenge; come back tomorrow");
}

}  // namespace

service::service(strand_type games_strand, lookups look)
    : strand_(std::move(games_strand)), look_(std::move(look)) {}

void service::today(identity who, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, reply = std::move(reply)] {
    const auto today = ratings::utc_date(self->look_.accounts->now());
    const auto& table = self->look_.table();
    nlohmann::json played = nullptr;
    if (const auto* g = self->look_.game_of_day(who.id, today)) {
      played = {{"game", g->id}, {"status", status_name(g->status)}};
      if (const auto e = table.entry(today, who.id)) {
        played["level"] = e->level;
        played["cash"] = e->cash;
        played["rank"] = e->rank;
      }
    }
    const auto streak = table.streak_of(who.id, today);
    reply({http::status::ok,
           {{"date", today},
            {"options", protocol::options_to_json(daily_options())},
            {"played", played},
            {"players_today", table.leaderboard(today).size()},
            {"streak", streak.current},
            {"best_streak", streak.best}}});
  });
}

void service::start_game(identity who, reply_fn reply) {
  if (look_.accounts->is_bot_account(who.id)) return reply(bot_account_reply("the daily challenge"));
  net::post(strand_, [self = shared_from_this(), who, reply = std::move(reply)] {
    const auto today = ratings::utc_date(self->look_.accounts->now());
    if (const auto* played = self->look_.game_of_day(who.id, today)) {
      auto no = daily_played_reply();
      no.body["game"] = played->id;
      return reply(no);
    }
    game_record g;
    g.options = daily_options();
    g.creator = who.id;
    // Only its player watches it: another's game would show the day's cards.
    g.watch = watch_policy::players;
    g.seats.resize(1);
    g.seats[0].account_id = who.id;
    g.extra = {{"daily", today}};
    self->look_.start_game(std::move(g), ratings::daily_seed(self->secret_, today),
                           [reply](const std::string& e, nlohmann::json summary) {
                             if (e.empty()) return reply({http::status::created, std::move(summary)});
                             // Another node started this account's daily challenge at the same moment.
                             if (e == persistence::daily_played) return reply(daily_played_reply());
                             reply(storage_reply(e, "the game"));
                           });
  });
}

void service::board(identity who, std::string date, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, date = std::move(date), reply = std::move(reply)]() mutable {
    const auto today = ratings::utc_date(self->look_.accounts->now());
    if (date.empty()) date = today;
    if (!ratings::day_number(date)) {
      return reply(api_error(http::status::bad_request, "bad_query", "\"date\" must be a day written YYYY-MM-DD"));
    }
    if (*ratings::day_number(date) > *ratings::day_number(today)) {
      return reply(api_error(http::status::bad_request, "bad_query", "that day has not come yet"));
    }
    // Today's board only for those who played to the end: the others might learn from it.
    const auto mine = self->look_.table().entry(date, who.id);
    if (date == today && !mine) {
      return reply(api_error(http::status::forbidden, "play_first", "finish today's challenge to see today's board"));
    }
    auto out = nlohmann::json::array();
    for (const auto& e : self->look_.table().leaderboard(date)) {
      out.push_back({{"rank", e.rank},
                     {"name", self->look_.accounts->name_of(e.account)},
                     {"level", e.level},
                     {"cash", e.cash},
                     {"finished_at", e.finished_at}});
    }
    reply({http::status::ok, {{"date", date}, {"players", out}, {"you", mine ? nlohmann::json(mine->rank) : nlohmann::json(nullptr)}}});
  });
}

}  // namespace loyang::server::daily
