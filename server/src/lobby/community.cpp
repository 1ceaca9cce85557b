// The lobby's games and seats, continued (lobby.hpp): rematches of finished games, declining an
// invitation, the list of running games to watch, and who may join a game (blocks and entry
// limits). They make, change and list the lobby's games, so they are the lobby's own.
#include <boost/asio/post.hpp>

#include <algorithm>

#include "../core/api_errors.hpp"
#include "../accounts/accounts.hpp"
#include "../events/hub.hpp"
#include "../games/live_lists.hpp"
#include "../notify/service.hpp"
#include "../social/relations.hpp"
#include "entry.hpp"
#include "publish.hpp"
#include "../games/bot_levels.hpp"
#include "../clocks/game_clock.hpp"
#include "../games/extra.hpp"
#include "../games/visibility.hpp"
#include "lobby.hpp"
#include "../notify/news.hpp"

namespace loyang::server {

void lobby::rematch(identity who, std::int64_t game, reply_fn reply) {
  fresh(game, [self = shared_from_this(), who, game, reply = std::move(reply)]() mutable {
    const auto* old = self->visible_game(game, who);
    if (!old) return reply(no_such_game_reply());
    const auto me = std::find_if(old->seats.begin(), old->seats.end(), [&](const seat_record& s) { return s.account_id == who.id; });
    if (me == old->seats.end()) return reply(api_error(http::status::conflict, "not_seated", "you did not play this game"));
    if (old->status != game_status::finished) {
      return reply(api_error(http::status::conflict, "not_finished", "a rematch is for a finished game"));
    }
    if (const auto it = self->rematches_.find(game); it != self->rematches_.end()) {
      auto no = api_error(http::status::conflict, "rematch_exists", "this game has a rematch already: join it");
      no.body["game"] = it->second;
      return reply(no);
    }
    if (auto no = seat_entry::over_cap(self->games_, who, true, self->limits_)) return reply(*no);
    game_record g;
    g.id = self->game_ids_.next();
    if (g.id == 0) return reply(storage_reply("storage_failed", "the game"));
    g.options = old->options;
    g.creator = who.id;
    g.watch = old->watch;
    g.seats.resize(old->seats.size());
    g.seats[0].account_id = who.id;
    // The people who sat at it are invited (also one who resigned: a rematch is his revenge);
    // a seat a bot had from the start is a bot again.
    std::vector<std::int64_t> invited_ids;
    std::size_t bots = 0;
    for (const auto& s : old->seats) {
      if (s.account_id == who.id) continue;
      if (s.account_id == 0) {
        ++bots;
        continue;
      }
      if (self->relations_->blocked(s.account_id, who.id)) {
        return reply(api_error(http::status::forbidden, "blocked", self->accounts_->name_of(s.account_id) +
                                                                       " does not accept invitations from you"));
      }
      invited_ids.push_back(s.account_id);
      g.invited.push_back(self->accounts_->name_of(s.account_id));
    }
    g.extra = nlohmann::json::object();
    bot_seats::seat(g, bot_seats::starting_levels(*old));  // the same bots at the same levels
    if (old->extra.is_object()) {
      for (const char* key : {"rated", "min_rating", "min_finished", "chat", "takeover_level"}) {
        if (old->extra.contains(key)) g.extra[key] = old->extra[key];
      }
    }
    if (bots > 0) g.extra.erase("rated");  // a rated game has no bots
    g.extra["rematch_of"] = game;
    g.created_at = g.updated_at = g.waiting_since = self->accounts_->now();
    const auto old_clock = clocks::record_clock(old->clock);
    g.clock = old_clock ? clocks::new_record_clock(old_clock->control(), g.seats.size()) : nlohmann::json(nullptr);
    if (g.invited.empty()) {
      return reply(api_error(http::status::conflict, "nobody_to_invite", "nobody else played this game"));
    }
    g.revision = 1;  // as stored
    auto& stored = self->games_[g.id] = std::move(g);
    self->rematches_[game] = stored.id;
    auto notes = self->notify_->compose(notify::invite_news(stored, invited_ids));
    const bool told = !notes.empty();
    self->store_.save_game(stored, std::move(notes), [self, told, game, id = stored.id, reply](const std::string& e) {
      if (e.empty() && told) self->notify_->poke();
      net::post(self->strand_, [self, game, id, reply, e] {
        if (e.empty()) {
          self->lists_->changed(nullptr, self->games_.at(id));
          publish_created(*self->events_, self->games_.at(id));
          return reply({http::status::created, self->summary(self->games_.at(id))});
        }
        self->games_.erase(id);
        self->rematches_.erase(game);
        reply(storage_reply(e, "the rematch"));
      });
    });
  });
}

void lobby::decline(identity who, std::int64_t game, reply_fn reply) {
  fresh(game, [self = shared_from_this(), who, game, reply = std::move(reply)] {
    const auto* seen = self->visible_game(game, who);
    if (!seen) return reply(no_such_game_reply());
    auto& g = self->games_.at(game);
    const bool seated = std::any_of(g.seats.begin(), g.seats.end(), [&](const seat_record& s) { return s.account_id == who.id; });
    if (!games::is_private(g) || seated || g.creator == who.id) {
      return reply(api_error(http::status::conflict, "not_invited", "you have no invitation to decline here"));
    }
    if (g.status != game_status::open) return reply(api_error(http::status::conflict, "not_open", "this game is not open"));
    const game_record before = g;
    if (!g.extra.is_object()) g.extra = nlohmann::json::object();
    g.extra["declined"].push_back(who.name);
    g.updated_at = self->accounts_->now();
    ++g.revision;
    // A private game whose free seats its open invitations cannot fill never starts.
    const auto free = std::count_if(g.seats.begin(), g.seats.end(), [](const seat_record& s) { return !s.taken(); });
    const auto can_come = std::count_if(g.invited.begin(), g.invited.end(), [&](const std::string& n) {
      const auto id = self->accounts_->id_of(n);
      return id && games::is_invited(g, games::asker{*id, n}) &&
             std::none_of(g.seats.begin(), g.seats.end(), [&](const seat_record& s) { return s.account_id == *id; });
    });
    if (can_come < free) g.status = game_status::cancelled;
    self->store_.save_game(g, [self, game, before, reply](const std::string& e) {
      net::post(self->strand_, [self, game, before, reply, e] {
        auto& g = self->games_.at(game);
        if (!e.empty()) {
          g = before;
          return reply(storage_reply(e, "the answer"));
        }
        self->lists_->changed(&before, g);
        reply({http::status::ok, {{"game", game}, {"declined", true}, {"status", status_name(g.status)}}});
      });
    });
  });
}

void lobby::live_games(std::optional<identity> who, std::size_t limit, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, limit, reply = std::move(reply)] {
    const games::asker asker = who ? games::asker{who->id, who->name} : games::asker{};
    std::vector<const game_record*> live;
    for (const auto& [id, g] : self->games_) {
      if (g.status == game_status::active && !games::is_private(g) && games::may_watch(g, asker)) live.push_back(&g);
    }
    const auto watching = [self](std::int64_t id) { return self->rooms_->spectators(id); };
    // The most watched first, then the ones that moved last.
    std::sort(live.begin(), live.end(), [&](const game_record* a, const game_record* b) {
      if (watching(a->id) != watching(b->id)) return watching(a->id) > watching(b->id);
      if (a->updated_at != b->updated_at) return a->updated_at > b->updated_at;
      return a->id > b->id;
    });
    if (live.size() > limit) live.resize(limit);
    auto out = nlohmann::json::array();
    for (const auto* g : live) {
      auto s = self->summary(*g);
      s["spectators"] = watching(g->id);
      out.push_back(std::move(s));
    }
    reply({http::status::ok, {{"games", out}}});
  });
}

}  // namespace loyang::server
