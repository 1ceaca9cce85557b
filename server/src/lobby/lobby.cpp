#include "lobby.hpp"

#include <boost/asio/post.hpp>
#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <stdexcept>
#include <tuple>

#include "../core/api_errors.hpp"
#include "../accounts/accounts.hpp"
#include "../bots/bot_pool.hpp"
#include "../clocks/service.hpp"
#include "../cluster/catch_up.hpp"
#include "../cluster/leadership.hpp"
#include "../events/hub.hpp"
#include "../games/live_lists.hpp"
#include "../notify/service.hpp"
#include "../ratings/rating_service.hpp"
#include "../social/relations.hpp"
#include "entry.hpp"
#include "publish.hpp"
#include "../games/bot_levels.hpp"
#include "../clocks/game_clock.hpp"
#include "../chat/room_chat.hpp"
#include "../games/extra.hpp"
#include "../games/result.hpp"
#include "../games/visibility.hpp"
#include "../history/load_log.hpp"
#include "loyang/persistence/error.hpp"
#include "loyang/protocol/error_envelope.hpp"
#include "loyang/protocol/options_json.hpp"

namespace loyang::server {
namespace {

api_reply error(http::status status, std::string_view code, std::string_view message) {
  return {status, protocol::error_envelope(code, message)};
}

games::asker asker_of(const std::optional<identity>& who) {
  return who ? games::asker{who->id, who->name} : games::asker{};
}


api_reply no_such_game() {
  return error(http::status::not_found, "no_such_game", "there is no such game");
}

std::uint64_t random_seed() {
  std::uint64_t seed = 0;
  randombytes_buf(&seed, sizeof seed);
  return seed;
}

}  // namespace

lobby::lobby(net::io_context& ioc, storage& store, std::shared_ptr<metrics> stats, lobby_limits lim,
             std::shared_ptr<events::hub> events, std::shared_ptr<const cluster::leadership> leads,
             std::shared_ptr<class accounts> users, std::shared_ptr<notify::service> notify,
             std::shared_ptr<const social::relations> relations)
    : strand_(net::make_strand(ioc)),
      store_(store),
      limits_(lim),
      events_(std::move(events)),
      accounts_(std::move(users)),
      notify_(std::move(notify)),
      lists_(std::make_shared<games::live_lists>(strand_)),
      leads_(std::move(leads)),
      relations_(std::move(relations)) {
  room::services svc{store_, stats,
                     {},  // the registry's start() gives the lobby's
                     [a = accounts_] { return a->now(); },
                     [n = notify_](const game_record& before, const game_record& after,
                                   const std::vector<std::pair<engine::player_id, int>>& reminders,
                                   const std::function<std::string(engine::player_id)>& since_of) {
                       return n->compose(notify::game_news(before, after, reminders), since_of);
                     },
                     [n = notify_] { n->poke(); },
                     relations_,
                     [a = accounts_](std::int64_t id) { return a->name_of(id); },
                     {},
                     [n = notify_, a = accounts_](const game_record& rec, const persistence::chat_record& m,
                                                  const std::vector<std::pair<std::int64_t, std::string>>& away) {
                       return n->compose(notify::chat_news(rec, m, a->name_of(m.account), away));
                     },
                     {},
                     std::make_shared<bot_pool>(lim.bot_threads, lim.bot_queue_limit, stats)};
  svc.hub = events_;
  if (notify_) svc.presence = notify_->tables();
  if (store_.shared()) svc.may_act = [leads = leads_] { return leads->leads(); };
  rooms_ = std::make_shared<room_registry>(ioc, strand_, std::move(svc), lim.evict_after);
}

lobby::~lobby() = default;

void lobby::start() {
  auto catalog = store_.load_catalog();
  accounts_->start(std::move(catalog.accounts), std::move(catalog.tokens));
  notify_->load(catalog.notify_settings);
  for (const auto& read : readers_) read(catalog);
  game_ids_.key_with(catalog.daily_secret);
  clocks_->load(std::move(catalog.vacations));
  notify_->start();
  for (auto& g : catalog.games) {
    game_ids_.known(g.id);
    const auto id = g.id;
    if (const auto of = games::rematch_of(g)) rematches_[*of] = id;
    games_[id] = std::move(g);
  }
  {
    std::vector<game_record> all;
    all.reserve(games_.size());
    for (const auto& [id, g] : games_) all.push_back(g);
    ratings_->load(all);
  }
  spdlog::info("lobby: {} games, {} rated", games_.size(), ratings_->tables().elo.rated_games());
  // Weak: the registry holds the rooms, which must not keep the lobby alive after stop().
  rooms_->start(
      [weak = weak_from_this()](const game_record& rec) {
        if (auto self = weak.lock()) net::post(self->strand_, [self, rec] { self->on_progress(rec); });
      },
      catalog.max_chat_id);
  // Games with a bot to move must go on by themselves after a restart; on several nodes the
  // leader does it (merge.cpp), when it comes to lead.
  net::post(strand_, [self = shared_from_this()] {
    if (self->leads_->leads()) self->wake();
    self->clocks_->start();
  });
}

void lobby::stop() {
  for (const auto& s : stoppers_) s();
  net::post(strand_, [self = shared_from_this()] {
    self->clocks_->stop();
    self->lists_->stop();
  });
  if (catch_up_) catch_up_->stop();
  accounts_->stop();
  notify_->stop();
  rooms_->stop();
}

// ---- games ------------------------------------------------------------------------------

nlohmann::json lobby::summary(const game_record& g) const {
  auto seats = nlohmann::json::array();
  for (std::size_t i = 0; i < g.seats.size(); ++i) {
    const auto& s = g.seats[i];
    nlohmann::json player = nullptr;
    if (s.account_id != 0) {
      player = accounts_->name_of(s.account_id);
    }
    const auto* on = s.account_id != 0 ? clocks_->away(s.account_id, accounts_->now()) : nullptr;
    seats.push_back({{"seat", i},
                     {"away_until", on ? nlohmann::json(on->ends_at) : nlohmann::json(nullptr)},
                     {"player", player},
                     {"bot_account", s.account_id != 0 && accounts_->is_bot_account(s.account_id)},
                     {"bot", s.bot},
                     {"bot_level", bot_seats::level_json(g, i)},
                     {"gone", games::gone_json(s)},
                     {"gone_at", games::gone_at_json(s)}});
  }
  nlohmann::json j{{"id", g.id},
                   {"options", protocol::options_to_json(g.options)},
                   {"status", status_name(g.status)},
                   {"seats", seats},
                   {"invited", g.invited},
                   {"watch", watch_name(g.watch)},
                   {"created_at", g.created_at},
                   {"updated_at", g.updated_at},
                   {"version", g.version},
                   {"round", g.round},
                   {"to_act", g.to_act},
                   {"waiting_since", g.waiting_since}};
  j["result"] = g.result.is_null() ? nlohmann::json(nullptr) : g.result;
  j["clock"] = clocks::record_clock_view(g.clock, accounts_->now());
  j.update(games::extra_summary(g));
  const auto rematch = rematches_.find(g.id);
  j["rematch"] = rematch == rematches_.end() ? nlohmann::json(nullptr) : nlohmann::json(rematch->second);
  return j;
}

void lobby::persist_game(const game_record& g, const game_record& before, reply_fn reply, api_reply ok,
                         std::function<void()> stored) {
  store_.save_game(g, [self = shared_from_this(), g, before, reply = std::move(reply), ok = std::move(ok),
                       stored = std::move(stored)](const std::string& e) {
    if (e.empty() && stored) {
      return net::post(self->strand_, [stored, reply, ok] {
        stored();
        reply(ok);
      });
    }
    if (e.empty()) return reply(ok);
    // Not stored: the game is as before (unless it changed again meanwhile).
    net::post(self->strand_, [self, g, before] {
      auto it = self->games_.find(g.id);
      if (it == self->games_.end() || it->second.revision != g.revision) return;
      self->lists_->changed(&it->second, before);
      it->second = before;
    });
    reply(error(http::status::service_unavailable, e, "the game could not be stored"));
  });
}

void lobby::create_game(identity who, nlohmann::json body, reply_fn reply) {
  if (!body.is_object()) {
    return reply(error(http::status::bad_request, "bad_request", "the body must be a JSON object"));
  }
  nlohmann::json opts = nlohmann::json::object();
  std::vector<std::string> invited;
  bot_seats::request bots;
  auto watch = watch_policy::everyone;
  clocks::time_control pace;
  auto extra = nlohmann::json::object();
  for (auto& [key, value] : body.items()) {
    if (const auto wrong = games::read_extra_field(key, value, extra)) {
      if (!wrong->empty()) return reply(error(http::status::bad_request, "bad_request", *wrong));
    } else if (const auto bad = bot_seats::read_field(key, value, bots)) {
      if (!bad->empty()) return reply(error(http::status::bad_request, "bad_request", *bad));
    } else if (key == "players" || key == "ruleset" || key == "introductory") {
      opts[key] = value;
    } else if (key == "invite") {
      if (!value.is_array() || value.size() > 3) {
        return reply(error(http::status::bad_request, "bad_request",
                           "\"invite\" must be a list of at most 3 names"));
      }
      for (const auto& n : value) {
        if (!n.is_string()) {
          return reply(error(http::status::bad_request, "bad_request", "invited names are strings"));
        }
        invited.push_back(n.get<std::string>());
      }
    } else if (key == "watch") {
      const auto w = games::watch_from_json(value);
      if (!w) {
        return reply(error(http::status::bad_request, "bad_request",
                           "\"watch\" must be \"everyone\" or \"players\""));
      }
      watch = *w;
    } else if (key == "time_control") {
      auto tc = clocks::parse_time_control(value);
      if (auto* why = std::get_if<std::string>(&tc)) {
        return reply(error(http::status::bad_request, "bad_request", *why));
      }
      pace = std::get<clocks::time_control>(tc);
    } else {
      return reply(error(http::status::bad_request, "bad_request", "unknown field \"" + key + "\""));
    }
  }
  auto parsed = protocol::parse_options(opts);
  if (!parsed) return reply(error(http::status::bad_request, parsed.error().code, parsed.error().message));
  const auto options = parsed.value();
  if (const auto wrong = bot_seats::finish(bots); !wrong.empty()) {
    return reply(error(http::status::bad_request, "bad_request", wrong));
  }
  if (bots.count() >= options.players) {
    return reply(error(http::status::bad_request, "bad_request",
                       "at least one seat must be left for a person"));
  }
  if (pace.on_timeout == clocks::timeout_policy::end && options.players != 2) {
    return reply(error(http::status::bad_request, "bad_request",
                       "\"on_timeout\": \"end\" is for 2-player games; choose \"bot\" or \"vote\""));
  }
  if (const auto wrong = games::check_extra(extra, options.players, bots.count()); !wrong.empty()) {
    return reply(error(http::status::bad_request, "bad_request", wrong));
  }
  net::post(strand_, [self = shared_from_this(), who, options, invited = std::move(invited), bots,
                      watch, pace, extra = std::move(extra), reply = std::move(reply)]() mutable {
    for (auto& n : invited) {
      auto registered = self->accounts_->registered_name(n);
      if (!registered) {
        return reply(error(http::status::bad_request, "unknown_player", "no player is called " + n));
      }
      n = std::move(*registered);  // matched later by the registered spelling
      if (const auto id = self->accounts_->id_of(n); id && self->relations_->blocked(*id, who.id)) {
        return reply(error(http::status::forbidden, "blocked", n + " does not accept invitations from you"));
      }
    }
    // A game that starts at once (every other seat a bot) adds no open game, but an unfinished one.
    if (auto no = seat_entry::over_cap(self->games_, who, bots.count() + 1 < options.players, self->limits_)) return reply(*no);
    game_record g;
    g.id = self->game_ids_.next();
    if (g.id == 0) return reply(storage_reply("storage_failed", "the game"));
    g.options = options;
    g.creator = who.id;
    g.invited = std::move(invited);
    g.watch = watch;
    g.extra = std::move(extra);
    g.seats.resize(options.players);
    g.seats[0].account_id = who.id;
    bot_seats::seat(g, bots);
    g.created_at = g.updated_at = g.waiting_since = self->accounts_->now();
    g.clock = clocks::new_record_clock(pace, g.seats.size());
    g.revision = 1;  // as stored
    auto& stored = self->games_[g.id] = std::move(g);
    const game_record open = stored;
    if (std::all_of(stored.seats.begin(), stored.seats.end(), [](auto& s) { return s.taken(); })) {
      self->start_game(stored);
    }
    auto news = notify::game_news(open, stored);
    std::vector<std::int64_t> invited_ids;
    for (const auto& n : stored.invited) {
      if (auto id = self->accounts_->id_of(n); id && *id != who.id) invited_ids.push_back(*id);
    }
    for (auto& n : notify::invite_news(stored, invited_ids)) news.push_back(std::move(n));
    auto notes = self->notify_->compose(news);
    const bool told = !notes.empty();
    self->store_.save_game(stored, std::move(notes), [self, told, id = stored.id, ok = api_reply{http::status::created,
                                                                       self->summary(stored)},
                                    reply = std::move(reply)](const std::string& e) {
      if (e.empty() && told) self->notify_->poke();
      net::post(self->strand_, [self, id, ok, reply, e] {
        if (e.empty()) {
          self->rooms_->start_room(id);
          const auto& g = self->games_.at(id);
          self->lists_->changed(nullptr, g);
          publish_created(*self->events_, g);
          return reply(ok);
        }
        self->games_.erase(id);
        self->rooms_->forget(id);
        reply(error(http::status::service_unavailable, e, "the game could not be stored"));
      });
    });
  });
}

void lobby::list_open(identity who, games::page_request page, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, page, reply = std::move(reply)] {
    // Oldest first, then by id: ids are keyed (cluster/game_ids.hpp), no longer in the order
    // games were made.
    std::vector<std::pair<games::sort_key, const game_record*>> listed;
    const auto& f = page.filter;
    const std::int64_t player = f.player ? self->accounts_->id_of(*f.player).value_or(0) : 0;
    const auto rating_of = [&self](std::int64_t account) {
      const auto* r = self->ratings_ ? self->ratings_->tables().elo.find(account) : nullptr;
      return ratings::shown_rating(r ? r->rating : ratings::initial_rating);
    };
    for (const auto& [id, g] : self->games_) {
      if (g.status != game_status::open || !games::may_see(g, asker_of(who))) continue;
      if (!f.passes(g, player, rating_of)) continue;
      listed.push_back({{0, g.created_at, g.id}, &g});
    }
    std::sort(listed.begin(), listed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<games::sort_key> keys;
    keys.reserve(listed.size());
    for (const auto& e : listed) keys.push_back(e.first);
    const auto part = games::page_of(keys, page, games::list_kind::open);
    auto out = nlohmann::json::array();
    for (std::size_t i = part.first; i < part.first + part.count; ++i) {
      out.push_back(self->summary(*listed[i].second));
    }
    reply({http::status::ok, {{"games", out}, {"next_cursor", part.next_cursor}}});
  });
}

void lobby::game_summary(identity who, std::int64_t game, reply_fn reply) {
  fresh(game, [self = shared_from_this(), who, game, reply = std::move(reply)] {
    const auto* g = self->visible_game(game, who);
    if (!g) return reply(no_such_game());
    reply({http::status::ok, self->summary(*g)});
  });
}

void lobby::join(identity who, std::int64_t game, nlohmann::json body, reply_fn reply) {
  std::optional<std::size_t> wanted;
  if (body.is_object() && body.contains("seat")) {
    if (!body["seat"].is_number_unsigned()) {
      return reply(error(http::status::bad_request, "bad_request", "\"seat\" must be a seat number"));
    }
    wanted = body["seat"].get<std::size_t>();
  }
  fresh(game, [self = shared_from_this(), who, game, wanted, reply = std::move(reply)] {
    if (!self->visible_game(game, who)) return reply(no_such_game());
    auto& g = self->games_.at(game);
    if (g.status != game_status::open) {
      return reply(error(http::status::conflict, "not_open", "this game is not open for players"));
    }
    // Unreachable today (whoever sees a private game and has no seat is invited or created
    // it); kept so that joining never depends on what the summary shows.
    if (games::is_private(g) && !games::is_invited(g, asker_of(who))) {
      return reply(error(http::status::forbidden, "not_invited", "this game is by invitation"));
    }
    if (std::any_of(g.seats.begin(), g.seats.end(), [&](auto& s) { return s.account_id == who.id; })) {
      return reply(error(http::status::conflict, "already_seated", "you already sit at this game"));
    }
    if (auto no = seat_entry::refusal(g, who, *self->relations_, *self->ratings_)) return reply(*no);
    std::size_t seat = g.seats.size();
    if (wanted) {
      if (*wanted >= g.seats.size() || g.seats[*wanted].taken()) {
        return reply(error(http::status::conflict, "seat_taken", "that seat is not free"));
      }
      seat = *wanted;
    } else {
      for (std::size_t i = 0; i < g.seats.size() && seat == g.seats.size(); ++i) {
        if (!g.seats[i].taken()) seat = i;
      }
    }
    const auto free_seats = std::count_if(g.seats.begin(), g.seats.end(),
                                          [](auto& s) { return !s.taken(); });
    // Taking the last seat starts the game: that adds no open game, but an unfinished one.
    if (auto no = seat_entry::over_cap(self->games_, who, free_seats > 1, self->limits_)) return reply(*no);
    const game_record before = g;
    g.seats[seat].account_id = who.id;
    g.updated_at = self->accounts_->now();
    ++g.revision;
    if (std::all_of(g.seats.begin(), g.seats.end(), [](auto& s) { return s.taken(); })) {
      self->start_game(g);
    }
    auto notes = self->notify_->compose(notify::game_news(before, g));
    const bool told = !notes.empty();
    self->store_.save_game(g, std::move(notes), [self, game, before, who, told, reply](const std::string& e) {
      if (e.empty() && told) self->notify_->poke();
      net::post(self->strand_, [self, game, before, who, reply, e] {
        auto& g = self->games_[game];
        if (e.empty()) {
          self->rooms_->start_room(game);
          self->lists_->changed(&before, g);
          for (std::size_t i = 0; i < g.seats.size(); ++i) {
            if (g.seats[i].account_id == who.id) self->events_->publish(events::seat_joined{game, i, who.id});
          }
          if (g.status == game_status::active) self->events_->publish(events::game_started{game});
          return reply({http::status::ok, self->summary(g)});
        }
        g = before;  // not stored: not joined
        self->rooms_->forget(game);
        reply(error(http::status::service_unavailable, e, "the seat could not be stored"));
      });
    });
  });
}

void lobby::leave(identity who, std::int64_t game, reply_fn reply) {
  fresh(game, [self = shared_from_this(), who, game, reply = std::move(reply)] {
    if (!self->visible_game(game, who)) return reply(no_such_game());
    auto& g = self->games_.at(game);
    auto seat = std::find_if(g.seats.begin(), g.seats.end(),
                             [&](auto& s) { return s.account_id == who.id; });
    if (seat == g.seats.end()) {
      return reply(error(http::status::conflict, "not_seated", "you do not sit at this game"));
    }
    if (g.status != game_status::open) {
      return reply(error(http::status::conflict, "already_started",
                         "a game cannot be left once it has started"));
    }
    const game_record before = g;
    const auto left = std::size_t(seat - g.seats.begin());
    seat->account_id = 0;
    g.updated_at = self->accounts_->now();
    ++g.revision;
    if (std::none_of(g.seats.begin(), g.seats.end(), [](auto& s) { return s.account_id != 0; })) {
      g.status = game_status::cancelled;
    }
    self->lists_->changed(&before, g);
    self->persist_game(g, before, reply, {http::status::ok, self->summary(g)}, [self, game, left, who] {
      self->events_->publish(events::seat_left{game, left, who.id});
    });
  });
}

void lobby::my_games(identity who, games::page_request page, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, page, reply = std::move(reply)] {
    struct entry {
      games::sort_key key;
      bool my_turn;
      const game_record* g;
    };
    std::vector<entry> mine;
    for (const auto& [id, g] : self->games_) {
      for (std::size_t i = 0; i < g.seats.size(); ++i) {
        if (g.seats[i].account_id != who.id || g.status == game_status::cancelled) continue;
        const bool turn = g.status == game_status::active &&
                          std::find(g.to_act.begin(), g.to_act.end(), i) != g.to_act.end();
        // Yucata's order: the games waiting for me first, the longest-waiting first; then
        // the rest, the most recently changed first; the older game first on a tie.
        const games::sort_key key = turn ? games::sort_key{0, g.waiting_since, g.id}
                                         : games::sort_key{1, -g.updated_at, g.id};
        mine.push_back({key, turn, &g});
        break;
      }
    }
    std::sort(mine.begin(), mine.end(), [](const entry& a, const entry& b) { return a.key < b.key; });
    std::vector<games::sort_key> keys;
    keys.reserve(mine.size());
    for (const auto& e : mine) keys.push_back(e.key);
    const auto part = games::page_of(keys, page, games::list_kind::mine);
    auto out = nlohmann::json::array();
    for (std::size_t i = part.first; i < part.first + part.count; ++i) {
      auto j = self->summary(*mine[i].g);
      j["your_turn"] = mine[i].my_turn;
      out.push_back(std::move(j));
    }
    reply({http::status::ok, {{"games", out}, {"next_cursor", part.next_cursor}}});
  });
}

void lobby::friends_games(identity who, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, reply = std::move(reply)] {
    const auto friends = self->relations_->list(who.id, persistence::relation_kind::friend_of);
    const auto befriended = [&](const game_record& g) {
      return std::any_of(g.seats.begin(), g.seats.end(), [&](const seat_record& s) {
        return s.account_id != 0 && std::binary_search(friends.begin(), friends.end(), s.account_id);
      });
    };
    const games::asker me{who.id, who.name};
    auto open = nlohmann::json::array(), playing = nlohmann::json::array();
    constexpr std::size_t most = 50;
    // Newest first: the games a friend just made or moved in are the ones worth a look (by
    // creation time, then id: keyed ids are not in the order games were made).
    std::vector<const game_record*> theirs;
    for (const auto& [id, g] : self->games_) {
      if ((g.status == game_status::open || g.status == game_status::active) && games::may_see(g, me) &&
          befriended(g)) {
        theirs.push_back(&g);
      }
    }
    std::sort(theirs.begin(), theirs.end(), [](const game_record* a, const game_record* b) {
      return std::tie(a->created_at, a->id) > std::tie(b->created_at, b->id);
    });
    for (const auto* found : theirs) {
      const auto& g = *found;
      if (g.status == game_status::open && open.size() < most) open.push_back(self->summary(g));
      if (g.status == game_status::active && playing.size() < most && g.watch == watch_policy::everyone) {
        playing.push_back(self->summary(g));
      }
    }
    reply({http::status::ok, {{"open", open}, {"playing", playing}}});
  });
}

void lobby::each_game(const std::function<void(const game_record&)>& f) const {
  for (const auto& [id, g] : games_) f(g);
}

const game_record* lobby::find_game(std::int64_t id) const {
  const auto it = games_.find(id);
  return it == games_.end() ? nullptr : &it->second;
}

const game_record* lobby::find_game_if(const std::function<bool(const game_record&)>& match) const {
  for (auto it = games_.rbegin(); it != games_.rend(); ++it) {
    if (match(it->second)) return &it->second;
  }
  return nullptr;
}

const game_record* lobby::visible_game(std::int64_t game, const std::optional<identity>& who) const {
  const auto it = games_.find(game);
  if (it == games_.end() || !games::may_see(it->second, asker_of(who))) return nullptr;
  return &it->second;
}

void lobby::start_game(game_record& g, std::optional<std::uint64_t> seed) {
  g.status = game_status::active;
  g.seed = seed.value_or(random_seed());
  loaded_game fresh{engine::new_game(g.options, g.seed), {}};
  g.to_act = engine::to_act(fresh.state);
  g.waiting_since = g.updated_at;
  if (auto c = clocks::record_clock(g.clock)) {
    c->set_acting(g.to_act, g.updated_at);
    // Whoever is on vacation when the game starts starts with his clock standing.
    for (std::size_t i = 0; i < g.seats.size(); ++i) {
      if (g.seats[i].account_id != 0 && clocks_->away(g.seats[i].account_id, g.updated_at)) {
        c->pause(engine::player_id(i), g.updated_at);
      }
    }
    g.clock = c->stored();
  }
  // Its clock is armed once it is stored (game_started, clocks/service.hpp).
  // Bots start once the game row is stored (start_room): their commands need it.
  rooms_->make(g, std::move(fresh), history::game_log(g.seats.size()));
}

void lobby::add_started_game(game_record g, std::uint64_t seed,
                             std::function<void(const std::string& error, nlohmann::json summary)> done) {
  g.id = game_ids_.next();
  if (g.id == 0) return done("storage_failed", nullptr);
  g.created_at = g.updated_at = g.waiting_since = accounts_->now();
  g.revision = 1;  // as stored
  auto& stored = games_[g.id] = std::move(g);
  const game_record open = stored;
  start_game(stored, seed);
  auto notes = notify_->compose(notify::game_news(open, stored));
  const bool told = !notes.empty();
  store_.save_game(stored, std::move(notes),
                   [self = shared_from_this(), told, id = stored.id, done = std::move(done)](const std::string& e) {
    if (e.empty() && told) self->notify_->poke();
    net::post(self->strand_, [self, id, done, e] {
      if (e.empty()) {
        self->rooms_->start_room(id);
        self->lists_->changed(nullptr, self->games_.at(id));
        publish_created(*self->events_, self->games_.at(id));
        return done("", self->summary(self->games_.at(id)));
      }
      self->games_.erase(id);
      self->rooms_->forget(id);
      done(e, nullptr);
    });
  });
}

void lobby::cancel(std::int64_t game, game_status was, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), game, status = was, reply = std::move(reply)] {
    auto& g = self->games_.at(game);
    if (status == game_status::open) {
      if (g.status != game_status::open) return reply(error(http::status::conflict, "not_running", "the game started meanwhile; try again"));
      const game_record before = g;
      g.status = game_status::cancelled;
      g.updated_at = self->accounts_->now();
      ++g.revision;
      self->lists_->changed(&before, g);
      return self->persist_game(g, before, reply, {http::status::ok, self->summary(g)});
    }
    self->rooms_->attach(g, engine::no_player, [self, game, reply](room_grant grant) {
      if (!grant.where) return reply(error(http::status::service_unavailable, grant.code, grant.message));
      grant.where->change(
          [](const game_record& g, std::int64_t now) -> std::variant<game_record, clocks::refusal> {
            if (g.status != game_status::active) return clocks::refusal{"not_running", "the game has ended", 409};
            auto next = g;
            next.status = game_status::cancelled;
            next.updated_at = now;
            next.to_act.clear();
            next.clock = nullptr;
            return next;
          },
          [self, game, reply](std::optional<clocks::refusal> no) {
            if (no) return reply(error(http::status(no->status), no->code, no->message));
            // The room's record reached the lobby first: the clocks dropped its wake.
            net::post(self->strand_, [self, game, reply] {
              reply({http::status::ok, self->summary(self->games_.at(game))});
            });
          });
    });
  });
}

void lobby::on_progress(const game_record& g) {
  auto it = games_.find(g.id);
  if (it == games_.end()) return;
  lists_->changed(&it->second, g);
  const game_record before = std::move(it->second);
  it->second = g;
  events_->publish(events::game_updated{g.id});
  rooms_->keep(g.id, true);
  publish_progress(*events_, &before, g);
}

// ---- connections and rooms --------------------------------------------------------------

void lobby::listen(std::int64_t account, std::weak_ptr<subscriber> who) {
  net::post(strand_, [self = shared_from_this(), account, who = std::move(who)]() mutable {
    self->lists_->listen(account, std::move(who));
  });
}

void lobby::tell_account(std::int64_t account, std::string text) {
  net::post(strand_, [self = shared_from_this(), account, text = std::make_shared<const std::string>(std::move(text))] {
    self->lists_->tell(account, text);
  });
}

void lobby::tell_lobby_watchers(std::string text) {
  net::post(strand_, [self = shared_from_this(), text = std::make_shared<const std::string>(std::move(text))] {
    self->lists_->tell_watchers(text);
  });
}

void lobby::watch_open_games(std::weak_ptr<subscriber> who) {
  net::post(strand_, [self = shared_from_this(), who = std::move(who)]() mutable {
    self->lists_->watch_open(std::move(who));
  });
}

void lobby::open_room(std::optional<identity> who, std::int64_t game, bool spectator,
                      std::function<void(room_grant)> answer) {
  fresh(
      game,
      [self = shared_from_this(), who, game, spectator, answer = std::move(answer)]() mutable {
    const auto* found = self->visible_game(game, who);
    if (!found) return answer({nullptr, engine::no_player, "no_such_game", "there is no such game"});
    const auto& g = *found;
    if (g.status == game_status::open || g.status == game_status::cancelled) {
      return answer({nullptr, engine::no_player, "not_started", "this game has not started"});
    }
    engine::player_id seat = engine::no_player;
    if (!spectator) {
      for (std::size_t i = 0; who && i < g.seats.size(); ++i) {
        if (g.seats[i].account_id == who->id) seat = engine::player_id(i);
      }
      if (seat == engine::no_player) {
        return answer({nullptr, engine::no_player, "not_your_seat",
                       "you do not sit at this game; subscribe as a spectator"});
      }
    } else if (!games::may_watch(g, asker_of(who))) {
      return answer({nullptr, engine::no_player, "not_allowed",
                     "only the players of this game may watch it"});
    }
    self->rooms_->attach(g, seat, std::move(answer));
      },
      true);
}

}  // namespace loyang::server
