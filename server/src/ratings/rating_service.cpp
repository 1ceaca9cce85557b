// The ratings room (rating_service.hpp): the figures counted as games finish, the entry limits
// a creator may set (a rating, a finishing record), and the public profile, rating history and
// leaderboard read from them.
#include "rating_service.hpp"

#include <boost/asio/post.hpp>

#include <cmath>

#include "../core/api_errors.hpp"
#include "../games/extra.hpp"
#include "daily.hpp"

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

/// A profile's best solo result; its game and time only for an asker who may see the game.
nlohmann::json best_solo_json(const ratings::solo_best& b, bool seen) {
  return {{"level", b.level},
          {"cash", b.cash},
          {"game", seen ? nlohmann::json(b.game) : nlohmann::json(nullptr)},
          {"finished_at", seen ? nlohmann::json(b.finished_at) : nlohmann::json(nullptr)}};
}

}  // namespace

rating_service::rating_service(strand_type games_strand, lookups look)
    : strand_(std::move(games_strand)), look_(std::move(look)) {}

void rating_service::load(const std::vector<game_record>& all) { tables_ = ratings::compute(all); }

void rating_service::add(const game_record& g) { tables_.add(g); }

bool rating_service::seen_game(std::int64_t game, const games::asker& who) const {
  const auto* g = look_.game(game);
  return g && games::may_see(*g, who);
}

std::optional<api_reply> rating_service::refusal(const game_record& g, const identity& who) const {
  if (games::rated(g) && !look_.rated_bot_games) {
    // Ratings measure people against people (and bots against bots): not the two mixed.
    const bool bot = look_.accounts->is_bot_account(who.id);
    for (const auto& s : g.seats) {
      if (s.account_id == 0 || s.account_id == who.id || look_.accounts->is_bot_account(s.account_id) == bot) continue;
      return api_error(http::status::forbidden, "bot_unrated",
                       bot ? "this is a rated game of people: a bot account plays unrated games with people"
                           : "this is a rated game of a bot account: people play bots in unrated games");
    }
  }
  if (const auto least = games::min_rating(g)) {
    const auto* r = tables_.elo.find(who.id);
    const auto mine = ratings::shown_rating(r ? r->rating : ratings::initial_rating);
    if (mine < *least) {
      return api_error(http::status::forbidden, "rating_too_low",
                       "this game is for players rated " + std::to_string(*least) + " or more; yours is " +
                           std::to_string(mine));
    }
  }
  if (const auto least = games::min_finished(g)) {
    const auto* s = tables_.stats.find(who.id);
    if (s && s->games >= finishing_record_after && s->finish_share().value_or(1.0) < *least) {
      return api_error(http::status::forbidden, "finishing_record_too_low",
                       "this game is for players who finish at least " + std::to_string(int(std::lround(*least * 100))) +
                           "% of their games; you finished " + std::to_string(s->finished) + " of " +
                           std::to_string(s->games));
    }
  }
  return std::nullopt;
}

void rating_service::profile(std::optional<identity> who, const std::string& name, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, name, reply = std::move(reply)] {
    const auto id = self->look_.accounts->id_of(name);
    if (!id) return reply(no_such_player_reply());
    const auto record = self->look_.accounts->record_of(*id);
    const auto* r = self->tables_.elo.find(*id);
    const auto* s = self->tables_.stats.find(*id);
    const auto today = ratings::utc_date(self->look_.accounts->now());
    const auto streak = self->tables_.daily.streak_of(*id, today);
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
        const auto* seen = self->look_.game(g.game);
        if (!seen || !games::may_see(*seen, asker)) continue;
        const bool open = games::may_watch(*seen, asker);
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
        {"name", self->look_.accounts->name_of(*id)},
        {"created_at", record ? record->created_at : 0},
        // To the hour: when he plays, not what he does minute by minute.
        {"last_seen", [&] {
           const auto seen = self->look_.accounts->last_seen(*id);
           return seen ? nlohmann::json(*seen - *seen % 3600) : nlohmann::json(nullptr);
         }()},
        {"operator", record && record->operator_account},
        {"bot_account", record && record->bot_account},
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
      out["friend"] = self->look_.relations->has(who->id, *id, persistence::relation_kind::friend_of);
      out["muted"] = self->look_.relations->has(who->id, *id, persistence::relation_kind::mute);
      out["blocked"] = self->look_.relations->has(who->id, *id, persistence::relation_kind::block);
    }
    if (!self->look_.move_times) return reply({http::status::ok, out});
    self->look_.move_times(*id, [out = std::move(out), reply](std::optional<persistence::store::move_times> t) mutable {
      // Whole seconds; null until a move of his followed another player's.
      out["average_move_seconds"] =
          t && t->moves > 0 ? nlohmann::json((t->seconds + t->moves / 2) / t->moves) : nlohmann::json(nullptr);
      out["moves_timed"] = t ? t->moves : 0;
      reply({http::status::ok, std::move(out)});
    });
  });
}

void rating_service::rating_history(std::optional<identity> who, const std::string& name, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, name, reply = std::move(reply)] {
    const auto id = self->look_.accounts->id_of(name);
    if (!id) return reply(no_such_player_reply());
    const games::asker asker = who ? games::asker{who->id, who->name} : games::asker{};
    auto history = nlohmann::json::array();
    if (const auto* r = self->tables_.elo.find(*id)) {
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
    reply({http::status::ok, {{"name", self->look_.accounts->name_of(*id)}, {"history", history}}});
  });
}

void rating_service::leaderboard(std::size_t offset, std::size_t limit, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), offset, limit, reply = std::move(reply)] {
    const auto board = self->tables_.elo.leaderboard();
    auto out = nlohmann::json::array();
    for (std::size_t i = offset; i < board.size() && i < offset + limit; ++i) {
      const auto& e = board[i];
      out.push_back({{"rank", e.rank},
                     {"name", self->look_.accounts->name_of(e.account)},
                     {"bot_account", self->look_.accounts->is_bot_account(e.account)},
                     {"rating", e.rating},
                     {"games", e.games}});
    }
    const bool more = offset + limit < board.size();
    reply({http::status::ok,
           {{"players", out}, {"total", board.size()}, {"next_offset", more ? nlohmann::json(offset + limit) : nlohmann::json(nullptr)}}});
  });
}

}  // namespace loyang::server
