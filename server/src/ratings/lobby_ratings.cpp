// The lobby's side of ratings, statistics and the daily challenge: public profiles, rating
// histories, the leaderboard, the day's game and board, and the entry limits a creator may set
// (a rating, a finishing record). All figures come from ratings_, which counts every finished
// game (ratings/summary.hpp) on the lobby's strand.
#include <boost/asio/post.hpp>

#include <cmath>

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

/// Below this many finished games a player's finishing record is not held against him: a
/// newcomer has none yet.
constexpr int finishing_record_after = 3;

nlohmann::json rounded(double v, int digits) {
  const double scale = std::pow(10.0, digits);
  return std::round(v * scale) / scale;
}

template <class T>
nlohmann::json or_null(const std::optional<T>& v, int digits = 2) {
  return v ? rounded(*v, digits) : nlohmann::json(nullptr);
}

/// The solo options of the daily challenge: the Yucata rules, the full game.
engine::options daily_options() { return {1, engine::ruleset::yucata, false}; }

/// A profile's best solo result; its game and time only for an asker who may see the game.
nlohmann::json best_solo_json(const ratings::solo_best& b, bool seen) {
  return {{"level", b.level},
          {"cash", b.cash},
          {"game", seen ? nlohmann::json(b.game) : nlohmann::json(nullptr)},
          {"finished_at", seen ? nlohmann::json(b.finished_at) : nlohmann::json(nullptr)}};
}

api_reply daily_played_reply() {
  return api_error(http::status::conflict, "daily_played", "you have played today's challenge; come back tomorrow");
}

}  // namespace

std::optional<api_reply> lobby::rating_refusal(const game_record& g, const identity& who) const {
  if (const auto least = games::min_rating(g)) {
    const auto* r = ratings_.elo.find(who.id);
    const auto mine = ratings::shown_rating(r ? r->rating : ratings::initial_rating);
    if (mine < *least) {
      return api_error(http::status::forbidden, "rating_too_low",
                       "this game is for players rated " + std::to_string(*least) + " or more; yours is " +
                           std::to_string(mine));
    }
  }
  if (const auto least = games::min_finished(g)) {
    const auto* s = ratings_.stats.find(who.id);
    if (s && s->games >= finishing_record_after && s->finish_share().value_or(1.0) < *least) {
      return api_error(http::status::forbidden, "finishing_record_too_low",
                       "this game is for players who finish at least " + std::to_string(int(std::lround(*least * 100))) +
                           "% of their games; you finished " + std::to_string(s->finished) + " of " +
                           std::to_string(s->games));
    }
  }
  return std::nullopt;
}

bool lobby::seen_game(std::int64_t game, const games::asker& who) const {
  const auto it = games_.find(game);
  return it != games_.end() && games::may_see(it->second, who);
}

void lobby::profile(std::optional<identity> who, const std::string& name, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, name, reply = std::move(reply)] {
    const auto id = self->accounts_->id_of(name);
    if (!id) return reply(no_such_player_reply());
    const auto record = self->accounts_->record_of(*id);
    const auto* r = self->ratings_.elo.find(*id);
    const auto* s = self->ratings_.stats.find(*id);
    const auto today = ratings::utc_date(self->accounts_->now());
    const auto streak = self->ratings_.daily.streak_of(*id, today);
    nlohmann::json kinds = nlohmann::json::array(), recent = nlohmann::json::array();
    const games::asker asker = who ? games::asker{who->id, who->name} : games::asker{};
    if (s) {
      for (const auto& k : s->kinds) {
        kinds.push_back({{"players", k.players},
                         {"ruleset", k.ruleset},
                         {"games", k.games},
                         {"finished", k.finished},
                         {"wins", k.wins},
                         {"average_rank", rounded(k.average_rank(), 2)}});
      }
      for (const auto& g : s->recent) {
        // A private game the asker may not see is not there at all (its id, time and rank
        // would tell of it); one he may not watch is listed without its replay.
        const auto it = self->games_.find(g.game);
        if (it == self->games_.end() || !games::may_see(it->second, asker)) continue;
        const bool open = games::may_watch(it->second, asker);
        recent.push_back({{"game", g.game},
                          {"players", g.players},
                          {"ruleset", g.ruleset},
                          {"rank", g.rank},
                          {"rated", g.rated},
                          {"finished_at", g.finished_at},
                          {"record", open ? nlohmann::json("/api/games/" + std::to_string(g.game) + "/record")
                                          : nlohmann::json(nullptr)}});
      }
    }
    nlohmann::json out{
        {"name", self->accounts_->name_of(*id)},
        {"created_at", record ? record->created_at : 0},
        {"operator", record && record->operator_account},
        {"rating", r ? nlohmann::json({{"value", ratings::shown_rating(r->rating)},
                                       {"games", r->games},
                                       {"provisional", r->games < ratings::provisional_games}})
                     : nlohmann::json(nullptr)},
        {"games", s ? s->games : 0},
        {"multiplayer_games", s ? s->multiplayer_games : 0},
        {"wins", s ? s->wins : 0},
        {"average_rank", s ? or_null(s->average_rank()) : nlohmann::json(nullptr)},
        {"finished", s ? s->finished : 0},
        {"timed_out", s ? s->timed_out : 0},
        {"resigned", s ? s->resigned : 0},
        {"finish_share", s ? or_null(s->finish_share(), 3) : nlohmann::json(nullptr)},
        {"by_kind", kinds},
        {"recent", recent},
        {"best_solo", s && s->best_solo ? best_solo_json(*s->best_solo, self->seen_game(s->best_solo->game, asker))
                                        : nlohmann::json(nullptr)},
        {"daily", {{"streak", streak.current}, {"best_streak", streak.best}}}};
    if (who && who->id != *id) {
      out["friend"] = self->relations_->has(who->id, *id, persistence::relation_kind::friend_of);
      out["muted"] = self->relations_->has(who->id, *id, persistence::relation_kind::mute);
      out["blocked"] = self->relations_->has(who->id, *id, persistence::relation_kind::block);
    }
    reply({http::status::ok, out});
  });
}

void lobby::rating_history(std::optional<identity> who, const std::string& name, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, name, reply = std::move(reply)] {
    const auto id = self->accounts_->id_of(name);
    if (!id) return reply(no_such_player_reply());
    const games::asker asker = who ? games::asker{who->id, who->name} : games::asker{};
    auto history = nlohmann::json::array();
    if (const auto* r = self->ratings_.elo.find(*id)) {
      for (const auto& c : r->history) {
        // A private game the asker may not see leaves no line: the next line's "before" shows
        // the rating it left.
        if (!self->seen_game(c.game, asker)) continue;
        history.push_back({{"game", c.game},
                           {"at", c.at},
                           {"before", ratings::shown_rating(c.before)},
                           {"after", ratings::shown_rating(c.after)}});
      }
    }
    reply({http::status::ok, {{"name", self->accounts_->name_of(*id)}, {"history", history}}});
  });
}

void lobby::leaderboard(std::size_t offset, std::size_t limit, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), offset, limit, reply = std::move(reply)] {
    const auto board = self->ratings_.elo.leaderboard();
    auto out = nlohmann::json::array();
    for (std::size_t i = offset; i < board.size() && i < offset + limit; ++i) {
      const auto& e = board[i];
      out.push_back({{"rank", e.rank}, {"name", self->accounts_->name_of(e.account)}, {"rating", e.rating}, {"games", e.games}});
    }
    const bool more = offset + limit < board.size();
    reply({http::status::ok,
           {{"players", out}, {"total", board.size()}, {"next_offset", more ? nlohmann::json(offset + limit) : nlohmann::json(nullptr)}}});
  });
}

void lobby::daily(identity who, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, reply = std::move(reply)] {
    const auto today = ratings::utc_date(self->accounts_->now());
    nlohmann::json played = nullptr;
    for (auto it = self->games_.rbegin(); it != self->games_.rend(); ++it) {
      const auto& g = it->second;
      if (g.creator != who.id || games::daily_of(g) != today) continue;
      played = {{"game", g.id}, {"status", status_name(g.status)}};
      if (const auto e = self->ratings_.daily.entry(today, who.id)) {
        played["level"] = e->level;
        played["cash"] = e->cash;
        played["rank"] = e->rank;
      }
      break;
    }
    const auto streak = self->ratings_.daily.streak_of(who.id, today);
    reply({http::status::ok,
           {{"date", today},
            {"options", protocol::options_to_json(daily_options())},
            {"played", played},
            {"players_today", self->ratings_.daily.leaderboard(today).size()},
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
        self->timer_->arm(id, std::nullopt);
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
    const auto mine = self->ratings_.daily.entry(date, who.id);
    if (date == today && !mine) {
      return reply(api_error(http::status::forbidden, "play_first", "finish today's challenge to see today's board"));
    }
    auto out = nlohmann::json::array();
    for (const auto& e : self->ratings_.daily.leaderboard(date)) {
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
