// The lobby's side of the daily challenge: the day's game, started here as a game of the lobby's,
// and the day's board. Its figures come from the ratings room (rating_service.hpp), which counts
// every finished game on the lobby's strand.
#include <boost/asio/post.hpp>

#include "../api_errors.hpp"
#include "../games/extra.hpp"
#include "../games/visibility.hpp"
#include "../lobby.hpp"
#include "../notify/news.hpp"
#include "daily.hpp"
#include "loyang/persistence/error.hpp"
#include "loyang/protocol/options_json.hpp"

namespace loyang::server {
namespace {

/// The solo options of the daily challenge: the Yucata rules, the full game.
engine::options daily_options() { return {1, engine::ruleset::yucata, false}; }

api_reply daily_played_reply() {
  return api_error(http::status::conflict, "daily_played", "you have played today's challenge; come back tomorrow");
}

}  // namespace

void lobby::daily(identity who, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, reply = std::move(reply)] {
    const auto today = ratings::utc_date(self->accounts_->now());
    nlohmann::json played = nullptr;
    for (auto it = self->games_.rbegin(); it != self->games_.rend(); ++it) {
      const auto& g = it->second;
      if (g.creator != who.id || games::daily_of(g) != today) continue;
      played = {{"game", g.id}, {"status", status_name(g.status)}};
      if (const auto e = self->ratings_->tables().daily.entry(today, who.id)) {
        played["level"] = e->level;
        played["cash"] = e->cash;
        played["rank"] = e->rank;
      }
      break;
    }
    const auto streak = self->ratings_->tables().daily.streak_of(who.id, today);
    reply({http::status::ok,
           {{"date", today},
            {"options", protocol::options_to_json(daily_options())},
            {"played", played},
            {"players_today", self->ratings_->tables().daily.leaderboard(today).size()},
            {"streak", streak.current},
            {"best_streak", streak.best}}});
  });
}

void lobby::start_daily(identity who, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, reply = std::move(reply)] {
    const auto now = self->accounts_->now();
    const auto today = ratings::utc_date(now);
    for (const auto& [id, g] : self->games_) {
      if (g.creator == who.id && games::daily_of(g) == today) {
        auto no = daily_played_reply();
        no.body["game"] = id;
        return reply(no);
      }
    }
    game_record g;
    g.id = self->game_ids_.next();
    if (g.id == 0) return reply(storage_reply("storage_failed", "the game"));
    g.options = daily_options();
    g.creator = who.id;
    // Only its player watches it: another's game would show the day's cards.
    g.watch = watch_policy::players;
    g.seats.resize(1);
    g.seats[0].account_id = who.id;
    g.extra = {{"daily", today}};
    g.created_at = g.updated_at = g.waiting_since = now;
    g.revision = 1;  // as stored
    auto& stored = self->games_[g.id] = std::move(g);
    const game_record open = stored;
    self->start_game(stored, ratings::daily_seed(self->daily_secret_, today));
    auto notes = self->notify_->compose(notify::game_news(open, stored));
    const bool told = !notes.empty();
    self->store_.save_game(stored, std::move(notes), [self, told, id = stored.id, reply](const std::string& e) {
      if (e.empty() && told) self->notify_->poke();
      net::post(self->strand_, [self, id, reply, e] {
        if (e.empty()) {
          self->start_room(id);
          self->lists_->changed(nullptr, self->games_.at(id));
          self->publish_created(self->games_.at(id));
          return reply({http::status::created, self->summary(self->games_.at(id))});
        }
        self->games_.erase(id);
        self->rooms_.erase(id);
        self->pinned_.erase(id);
        // Another node started this account's daily challenge at the same moment.
        if (e == persistence::daily_played) {
          return reply(daily_played_reply());
        }
        reply(storage_reply(e, "the game"));
      });
    });
  });
}

void lobby::daily_board(identity who, std::string date, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, date = std::move(date), reply = std::move(reply)]() mutable {
    const auto today = ratings::utc_date(self->accounts_->now());
    if (date.empty()) date = today;
    if (!ratings::day_number(date)) {
      return reply(api_error(http::status::bad_request, "bad_query", "\"date\" must be a day written YYYY-MM-DD"));
    }
    if (*ratings::day_number(date) > *ratings::day_number(today)) {
      return reply(api_error(http::status::bad_request, "bad_query", "that day has not come yet"));
    }
    // Today's board only for those who played to the end: the others might learn from it.
    const auto mine = self->ratings_->tables().daily.entry(date, who.id);
    if (date == today && !mine) {
      return reply(api_error(http::status::forbidden, "play_first", "finish today's challenge to see today's board"));
    }
    auto out = nlohmann::json::array();
    for (const auto& e : self->ratings_->tables().daily.leaderboard(date)) {
      out.push_back({{"rank", e.rank},
                     {"name", self->accounts_->name_of(e.account)},
                     {"level", e.level},
                     {"cash", e.cash},
                     {"finished_at", e.finished_at}});
    }
    reply({http::status::ok, {{"date", date}, {"players", out}, {"you", mine ? nlohmann::json(mine->rank) : nlohmann::json(nullptr)}}});
  });
}

}  // namespace loyang::server
