// The composition root (assemble.hpp): which room hears which event.
#include "assemble.hpp"

#include <utility>

#include <spdlog/spdlog.h>

#include "accounts/routes.hpp"
#include "bots/routes.hpp"
#include "api_docs/routes.hpp"
#include "chat/routes.hpp"
#include "clocks/routes.hpp"
#include "daily/routes.hpp"
#include "games/extra.hpp"
#include "loyang/protocol/server_message.hpp"
#include "history/routes.hpp"
#include "lobby/routes.hpp"
#include "logs/format.hpp"
#include "messages/routes.hpp"
#include "tournaments/routes.hpp"
#include "moderation/routes.hpp"
#include "notify/routes.hpp"
#include "ratings/routes.hpp"
#include "lobby/room.hpp"
#include "social/routes.hpp"

namespace loyang::server {
namespace {

// The lookups most rooms take of the lobby. Each holds it weakly: the lobby holds some of these
// rooms, and a cycle would keep both alive after stop().
/// The lobby's game `id`, or nullptr; on the games' strand.
std::function<const game_record*(std::int64_t)> game_finder(std::weak_ptr<lobby> games) {
  return [games](std::int64_t id) -> const game_record* {
    const auto l = games.lock();
    return l ? l->find_game(id) : nullptr;
  };
}

/// Runs `then` on the games' strand, after reading game `id` afresh on several nodes.
std::function<void(std::int64_t, std::function<void()>)> fresh_reader(std::weak_ptr<lobby> games) {
  return [games](std::int64_t id, std::function<void()> then) {
    if (const auto l = games.lock()) l->fresh(id, std::move(then));
  };
}

/// Runs `work` (a blocking read) on the lobby's workers.
std::function<void(std::function<void()>)> worker(std::weak_ptr<lobby> games) {
  return [games](std::function<void()> work) {
    if (const auto l = games.lock()) l->rooms().off_thread(std::move(work));
  };
}

/// The room of game `id` held by `l` (rooms.hpp, with_room); on the games' strand.
void with_room(lobby& l, std::int64_t id, bool keep, std::function<void(room_grant)> answer) {
  const auto* g = l.find_game(id);
  if (!g) return answer({nullptr, engine::no_player, "no_such_game", "there is no such game"});
  l.rooms().with_room(*g, keep, std::move(answer));
}

}  // namespace

clocks::service::lookups clocks_lookups(const std::shared_ptr<lobby>& l, std::shared_ptr<class accounts> users,
                                        std::shared_ptr<const cluster::leadership> leads) {
  const std::weak_ptr<lobby> games = l;
  return {[a = std::move(users)] { return a->now(); },
          [leads] { return leads->leads(); },
          game_finder(games),
          [games](const std::function<void(const game_record&)>& f) {
            if (const auto g = games.lock()) g->each_game(f);
          },
          fresh_reader(games),
          [games](std::int64_t id, clocks::record_change change,
                  std::function<void(std::optional<clocks::refusal>)> done) {
            const auto g = games.lock();
            if (!g) return;
            with_room(*g, id, true, [change = std::move(change), done = std::move(done)](room_grant grant) {
              if (!grant.where) return done(clocks::refusal{grant.code, grant.message, 503});
              grant.where->change(change, done);
            });
          },
          [games](std::int64_t id) {
            if (const auto g = games.lock()) {
              with_room(*g, id, false, [](room_grant grant) {
                if (grant.where) grant.where->wake();
              });
            }
          },
          [games](std::int64_t id) {
            const auto g = games.lock();
            return g ? g->game_json(id) : nlohmann::json(nullptr);
          }};
}

assembled assemble(net::io_context& ioc, storage& store, std::shared_ptr<metrics> stats, lobby_limits lim,
                   room_options more) {
  assembled out;
  const int lim_history_reads = lim.history_reads_per_minute;
  out.hub = std::make_shared<events::hub>();
  // Several nodes: none leads until the database's lock says so (the store's listener).
  out.leadership = std::make_shared<cluster::leadership>(!store.shared(), stats, out.hub);
  // Accounts and notifications: read and fed by the lobby and most rooms.
  out.accounts = std::make_shared<accounts>(ioc, store, stats, lim.account_policy);
  auto notify_options = lim.notify;
  notify_options.now = [a = out.accounts] { return a->now(); };
  notify_options.name_of = [a = out.accounts](std::int64_t id) { return a->name_of(id); };
  out.notify = std::make_shared<notify::service>(store, std::move(notify_options), stats);
  out.notify->set_active(out.leadership->leads());
  out.relations = std::make_shared<social::relations>();
  out.games = std::make_shared<lobby>(ioc, store, stats, std::move(lim), out.hub, out.leadership, out.accounts,
                                      out.notify, out.relations);
  out.games->on_catalog([r = out.relations](const persistence::store::catalog& c) { r->load(c.relations); });
  const std::weak_ptr<lobby> games = out.games;

  // Ratings: on the games' strand (rating_service.hpp says why), a game counted as it finishes.
  out.ratings = std::make_shared<rating_service>(
      out.games->strand(),
      rating_service::lookups{out.accounts, out.relations, game_finder(games),
                              [games, &store](std::int64_t account,
                                              std::function<void(std::optional<persistence::store::move_times>)> done) {
                                worker(games)([&store, account, done = std::move(done)] {
                                  try {
                                    done(store.load_move_times(account, 100));
                                  } catch (const std::exception&) {
                                    done(std::nullopt);
                                  }
                                });
                              },
                              more.rated_bot_games});
  out.games->use_ratings(out.ratings);
  out.hub->on<events::game_finished>([r = out.ratings](const events::game_finished& e) { r->add(e.game); });

  // Friends, mutes and blocks: the lobby's table, changed through the social room's routes.
  out.social = std::make_shared<social::service>(store, out.accounts, out.relations);

  // Chat pages and notes: read on the games' strand, from the store on the lobby's workers.
  out.chat = std::make_shared<chat::service>(
      out.games->strand(), store,
      chat::service::lookups{out.accounts, out.relations,
                             game_finder(games),
                             worker(games)});

  // Clocks and vacations: on the games' strand; a game's wake armed whenever the lobby holds a
  // new record of it.
  out.clocks = std::make_shared<clocks::service>(out.games->strand(), store, more.clocks, stats,
                                                 clocks_lookups(out.games, out.accounts, out.leadership));
  out.games->use_clocks(out.clocks);
  out.hub->on<events::game_started>([c = out.clocks](const events::game_started& e) { c->game_changed(e.game); });
  out.hub->on<events::game_updated>([c = out.clocks](const events::game_updated& e) { c->game_changed(e.game); });

  // Hints and analyses: on the games' strand, thinking on the rooms' bot pool.
  out.bots = std::make_shared<bot_advisor>(
      out.games->strand(), more.bots, out.games->rooms().bot_threads(), stats, ioc.get_executor(),
      bot_advisor::lookups{[a = out.accounts] { return a->now(); },
                           game_finder(games),
                           fresh_reader(games),
                           [games](std::int64_t id, bot_advisor::log_reader read,
                                   std::function<void(std::string, std::string)> failed) {
                             const auto l = games.lock();
                             if (!l) return;
                             with_room(*l, id, true, [read = std::move(read), failed = std::move(failed)](room_grant grant) {
                               if (!grant.where) return failed(grant.code, grant.message);
                               grant.where->read_log(read);
                             });
                           }});

  // Moderation: reports and the log on its own ids; games cancelled and messages dropped by the lobby.
  out.moderation = std::make_shared<moderation::service>(
      out.games->strand(), store,
      moderation::service::lookups{
          out.accounts,
          game_finder(games),
          fresh_reader(games),
          worker(games),
          [games](std::int64_t id, game_status was, reply_fn reply) {
            if (const auto l = games.lock()) l->cancel(id, was, std::move(reply));
          },
          [games](std::int64_t id, std::int64_t message) {
            const auto l = games.lock();
            if (const auto r = l ? l->rooms().find(id) : nullptr) r->chat_deleted(message);
          }});
  out.games->on_catalog([m = out.moderation](const persistence::store::catalog& c) {
    m->start(c.max_report_id, c.max_moderation_id);
  });

  // Private messages: read and written on the lobby's workers; the recipient told on his
  // WebSockets (the lobby's lists) and his notification channels.
  out.messages = std::make_shared<messages::service>(
      store, messages::service::lookups{
                 out.accounts, out.relations, worker(games),
                 [n = out.notify](const persistence::message_record& m) { return n->compose(notify::message_news(m)); },
                 [games](std::int64_t account, std::string text) {
                   if (const auto l = games.lock()) l->tell_account(account, std::move(text));
                 },
                 [n = out.notify] { n->poke(); }});
  out.games->on_catalog([m = out.messages](const persistence::store::catalog& c) { m->start(c.max_message_id); });

  // Tournaments: on the games' strand; their games made by the lobby, their ends heard from it.
  out.tournaments = std::make_shared<tournaments::service>(
      out.games->strand(), store,
      tournaments::service::lookups{
          out.accounts,
          [r = out.ratings](std::int64_t account) {
            const auto* x = r->tables().elo.find(account);
            return static_cast<int>(x ? ratings::shown_rating(x->rating) : ratings::shown_rating(ratings::initial_rating));
          },
          [r = out.ratings](const game_record& g, const identity& who) { return r->refusal(g, who); },
          [games](game_record g, std::uint64_t seed, std::function<void(const std::string&, nlohmann::json)> done) {
            if (const auto l = games.lock()) l->add_started_game(std::move(g), seed, std::move(done));
          },
          game_finder(games),
          [games](std::int64_t id) {
            if (const auto l = games.lock()) l->tell_lobby_watchers(protocol::tournament_changed_text(id));
          },
          [leads = out.leadership] { return leads->leads(); },
          [games](std::int64_t id, int round, const std::vector<std::int64_t>& players) -> const game_record* {
            const auto l = games.lock();
            if (!l) return nullptr;
            return l->find_game_if([&](const game_record& g) {
              if (!g.extra.is_object() || g.extra.value("tournament", std::int64_t{0}) != id ||
                  g.extra.value("tournament_round", 0) != round || g.seats.size() != players.size()) {
                return false;
              }
              for (std::size_t i = 0; i < players.size(); ++i) {
                if (g.seats[i].account_id != players[i]) return false;
              }
              return true;
            });
          },
          worker(games)});
  out.games->on_catalog([t = out.tournaments](const persistence::store::catalog& c) {
    t->start(c.tournaments, c.max_tournament_id);
  });
  out.hub->on<events::game_finished>([t = out.tournaments](const events::game_finished& e) { t->game_finished(e.game); });
  out.games->on_stop([t = out.tournaments] { t->stop(); });
  out.hub->on<events::tournaments_read>(out.games->strand(), [t = out.tournaments](const events::tournaments_read& e) {
    t->merge(e.rows);
  });
  out.hub->on<events::leadership_changed>(out.games->strand(), [t = out.tournaments](const events::leadership_changed& e) {
    if (e.leads) t->leading();
  });

  // History: the games read on their strand, the logs in their rooms (loaded by the lobby).
  out.history = std::make_shared<history::service>(
      out.games->strand(), lim_history_reads,
      history::service::lookups{
          out.accounts,
          game_finder(games),
          fresh_reader(games),
          [games](std::int64_t id, history::service::log_reader read,
                  std::function<void(const std::string&, const std::string&)> failed) {
            const auto l = games.lock();
            if (!l) return failed("storage_failed", "the server is stopping");
            with_room(*l, id, true, [read = std::move(read), failed = std::move(failed)](room_grant grant) {
              if (!grant.where) return failed(grant.code, grant.message);
              grant.where->read_log(read);
            });
          }});

  // The daily challenge: its secret from the catalog, its tables the ratings', its game the lobby's.
  out.daily = std::make_shared<daily::service>(
      out.games->strand(),
      daily::service::lookups{
          out.accounts, [r = out.ratings]() -> const ratings::daily_table& { return r->tables().daily; },
          [games](std::int64_t account, const std::string& day) -> const game_record* {
            const auto l = games.lock();
            return l ? l->find_game_if([&](const game_record& g) {
              return g.creator == account && games::daily_of(g) == day;
            })
                     : nullptr;
          },
          [games](game_record g, std::uint64_t seed,
                  std::function<void(const std::string&, nlohmann::json)> done) {
            if (const auto l = games.lock()) l->add_started_game(std::move(g), seed, std::move(done));
          }});
  out.games->on_catalog([d = out.daily](const persistence::store::catalog& c) { d->start(c.daily_secret); });
  // Web Push signs with a key made from the same stored secret: one key for every node.
  out.games->on_catalog([n = out.notify](const persistence::store::catalog& c) { n->use_secret(c.daily_secret); });

  // Several nodes: other nodes' commits read back and handed to the rooms that keep them.
  out.catch_up = std::make_shared<cluster::catch_up>(
      out.games->strand(), store, stats, out.hub,
      cluster::catch_up::lookups{worker(games),
                                 [games](game_record g) {
                                   if (const auto l = games.lock()) l->merge_game(std::move(g));
                                 },
                                 [games](const persistence::store::change& c) {
                                   const auto l = games.lock();
                                   return l && l->rooms().to_room(c);
                                 },
                                 [games](std::int64_t id) {
                                   const auto l = games.lock();
                                   return l && l->settled(id);
                                 },
                                 [users = out.accounts](bool on) { users->set_catching_up(on); }});
  out.games->use_catch_up(out.catch_up);
  // An account's rows another node stored: each room takes its part, on the games' strand.
  out.hub->on<events::account_read>([users = out.accounts](const events::account_read& e) {
    users->merge(e.account, e.rows->accounts, e.rows->tokens);
  });
  out.hub->on<events::account_read>([relations = out.relations](const events::account_read& e) {
    relations->replace(e.account, e.rows->relations);
  });
  out.hub->on<events::account_read>([n = out.notify](const events::account_read& e) {
    n->load(e.rows->notify_settings);
  });
  out.hub->on<events::account_read>(
      [c = out.clocks](const events::account_read& e) { c->merge_vacations(e.account, e.rows->vacations); });
  // Leading: notifications are delivered, bots move and clocks run on this node only.
  out.hub->on<events::leadership_changed>(out.games->strand(), [games, n = out.notify](const events::leadership_changed& e) {
    const auto l = games.lock();
    if (!l) return;
    spdlog::info("cluster: this node {} bots, clocks and notifications", e.leads ? "now runs" : "no longer runs");
    n->set_active(e.leads);
    if (e.leads) l->wake();
  });

  // The log: what happens to games, a line each (README.md, "Logs").
  out.hub->on<events::game_created>([](const events::game_created& e) {
    logs::event(spdlog::level::info, "games", "created", {{"game", e.game}, {"account", e.creator}});
  });
  out.hub->on<events::game_started>(
      [](const events::game_started& e) { logs::event(spdlog::level::info, "games", "started", {{"game", e.game}}); });
  out.hub->on<events::game_finished>([](const events::game_finished& e) {
    logs::event(spdlog::level::info, "games", "finished", {{"game", e.game.id}, {"result", e.game.result.dump()}});
  });
  out.hub->on<events::seat_departed>([](const events::seat_departed& e) {
    logs::event(spdlog::level::info, "games", e.how == persistence::departure::resigned ? "resigned" : "timed out",
                {{"game", e.game}, {"seat", e.seat}, {"account", e.account}});
  });
  out.hub->on<events::seat_taken_over>([](const events::seat_taken_over& e) {
    logs::event(spdlog::level::info, "games", "bot takes over", {{"game", e.game}, {"seat", e.seat}, {"account", e.account}});
  });

  // The HTTP endpoints: each room adds its own.
  out.routes = std::make_shared<routes::table>();
  add_account_routes(*out.routes, out.accounts);
  add_lobby_routes(*out.routes, out.games);
  add_rating_routes(*out.routes, out.ratings);
  clocks::add_routes(*out.routes, out.clocks);
  add_bot_routes(*out.routes, out.bots);
  social::add_routes(*out.routes, out.social);
  chat::add_routes(*out.routes, out.chat);
  moderation::add_routes(*out.routes, out.moderation);
  messages::add_routes(*out.routes, out.messages);
  tournaments::add_routes(*out.routes, out.tournaments);
  history::add_routes(*out.routes, out.history);
  daily::add_routes(*out.routes, out.daily);
  notify::add_routes(*out.routes, out.notify);
  api_docs::add_routes(*out.routes);

  out.hub->close();
  return out;
}

}  // namespace loyang::server
