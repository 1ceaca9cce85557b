// The composition root (assemble.hpp): which room hears which event.
#include "assemble.hpp"

#include <utility>

#include <spdlog/spdlog.h>

#include "accounts/routes.hpp"
#include "chat/routes.hpp"
#include "daily/routes.hpp"
#include "games/extra.hpp"
#include "history/routes.hpp"
#include "lobby_routes.hpp"
#include "moderation/routes.hpp"
#include "notify/routes.hpp"
#include "ratings/routes.hpp"
#include "room.hpp"
#include "social/routes.hpp"

namespace loyang::server {

assembled assemble(net::io_context& ioc, storage& store, std::shared_ptr<metrics> stats, lobby::limits lim) {
  assembled out;
  const int lim_history_reads = lim.history_reads_per_minute;
  out.hub = std::make_shared<events::hub>();
  // Several nodes: none leads until the database's lock says so (the store's listener).
  out.leadership = std::make_shared<cluster::leadership>(!store.shared(), stats, out.hub);
  out.games = std::make_shared<lobby>(ioc, store, stats, std::move(lim), out.hub, out.leadership);
  const std::weak_ptr<lobby> games = out.games;

  // Ratings: on the games' strand (rating_service.hpp says why), a game counted as it finishes.
  out.ratings = std::make_shared<rating_service>(
      out.games->strand(), rating_service::lookups{out.games->users_shared(), out.games->relations(),
                                                   [games](std::int64_t id) -> const game_record* {
                                                     const auto l = games.lock();
                                                     return l ? l->find_game(id) : nullptr;
                                                   }});
  out.games->use_ratings(out.ratings);
  out.hub->on<events::game_finished>([r = out.ratings](const events::game_finished& e) { r->add(e.game); });

  // Friends, mutes and blocks: the lobby's table, changed through the social room's routes.
  out.social = std::make_shared<social::service>(store, out.games->users_shared(), out.games->relations_shared());

  // Chat pages and notes: read on the games' strand, from the store on the lobby's workers.
  out.chat = std::make_shared<chat::service>(
      out.games->strand(), store,
      chat::service::lookups{out.games->users_shared(), out.games->relations(),
                             [games](std::int64_t id) -> const game_record* {
                               const auto l = games.lock();
                               return l ? l->find_game(id) : nullptr;
                             },
                             [games](std::function<void()> work) {
                               if (const auto l = games.lock()) l->off_thread(std::move(work));
                             }});

  // Moderation: reports and the log on its own ids; games cancelled and messages dropped by the lobby.
  out.moderation = std::make_shared<moderation::service>(
      out.games->strand(), store,
      moderation::service::lookups{
          out.games->users_shared(),
          [games](std::int64_t id) -> const game_record* {
            const auto l = games.lock();
            return l ? l->find_game(id) : nullptr;
          },
          [games](std::int64_t id, std::function<void()> then) {
            if (const auto l = games.lock()) l->when_fresh(id, std::move(then));
          },
          [games](std::function<void()> work) {
            if (const auto l = games.lock()) l->off_thread(std::move(work));
          },
          [games](std::int64_t id, game_status was, reply_fn reply) {
            if (const auto l = games.lock()) l->cancel(id, was, std::move(reply));
          },
          [games](std::int64_t id, std::int64_t message) {
            if (const auto l = games.lock()) l->chat_deleted(id, message);
          }});
  out.games->on_catalog([m = out.moderation](const persistence::store::catalog& c) {
    m->start(c.max_report_id, c.max_moderation_id);
  });

  // History: the games read on their strand, the logs in their rooms (loaded by the lobby).
  out.history = std::make_shared<history::service>(
      out.games->strand(), lim_history_reads,
      history::service::lookups{
          out.games->users_shared(),
          [games](std::int64_t id) -> const game_record* {
            const auto l = games.lock();
            return l ? l->find_game(id) : nullptr;
          },
          [games](std::int64_t id, std::function<void()> then) {
            if (const auto l = games.lock()) l->when_fresh(id, std::move(then));
          },
          [games](std::int64_t id, history::service::log_reader read,
                  std::function<void(const std::string&, const std::string&)> failed) {
            const auto l = games.lock();
            if (!l) return failed("storage_failed", "the server is stopping");
            l->room_of(id, [read = std::move(read), failed = std::move(failed)](lobby::room_grant grant) {
              if (!grant.where) return failed(grant.code, grant.message);
              grant.where->read_log(read);
            });
          }});

  // The daily challenge: its secret from the catalog, its tables the ratings', its game the lobby's.
  out.daily = std::make_shared<daily::service>(
      out.games->strand(),
      daily::service::lookups{
          out.games->users_shared(), [r = out.ratings]() -> const ratings::daily_table& { return r->tables().daily; },
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

  // Several nodes: other nodes' commits read back and handed to the rooms that keep them.
  out.catch_up = std::make_shared<cluster::catch_up>(
      out.games->strand(), store, std::move(stats), out.hub, out.games->users_shared(),
      cluster::catch_up::lookups{[games](std::function<void()> work) {
                                   if (const auto l = games.lock()) l->off_thread(std::move(work));
                                 },
                                 [games](game_record g) {
                                   if (const auto l = games.lock()) l->merge_game(std::move(g));
                                 },
                                 [games](const persistence::store::change& c) {
                                   const auto l = games.lock();
                                   return l && l->to_room(c);
                                 },
                                 [games](std::int64_t id) {
                                   const auto l = games.lock();
                                   return l && l->settled(id);
                                 }});
  out.games->use_catch_up(out.catch_up);
  // An account's rows another node stored: each room takes its part, on the games' strand.
  out.hub->on<events::account_read>([users = out.games->users_shared()](const events::account_read& e) {
    users->merge(e.account, e.rows->accounts, e.rows->tokens);
  });
  out.hub->on<events::account_read>([relations = out.games->relations_shared()](const events::account_read& e) {
    relations->replace(e.account, e.rows->relations);
  });
  out.hub->on<events::account_read>([games](const events::account_read& e) {
    if (const auto l = games.lock()) {
      l->notifications().load(e.rows->notify_settings);
      l->merge_vacations(e.account, e.rows->vacations);
    }
  });
  // Leading: notifications are delivered, bots move and clocks run on this node only.
  out.hub->on<events::leadership_changed>(out.games->strand(), [games](const events::leadership_changed& e) {
    const auto l = games.lock();
    if (!l) return;
    spdlog::info("cluster: this node {} bots, clocks and notifications", e.leads ? "now runs" : "no longer runs");
    l->notifications().set_active(e.leads);
    if (e.leads) l->wake();
  });

  // The HTTP endpoints: each room adds its own.
  out.routes = std::make_shared<routes::table>();
  add_account_routes(*out.routes, out.games->users_shared());
  add_lobby_routes(*out.routes, out.games);
  add_rating_routes(*out.routes, out.ratings);
  social::add_routes(*out.routes, out.social);
  chat::add_routes(*out.routes, out.chat);
  moderation::add_routes(*out.routes, out.moderation);
  history::add_routes(*out.routes, out.history);
  daily::add_routes(*out.routes, out.daily);
  // The lobby makes the notifications' room; the table keeps the lobby alive with it.
  notify::add_routes(*out.routes, std::shared_ptr<notify::service>(out.games, &out.games->notifications()));

  out.hub->close();
  return out;
}

}  // namespace loyang::server
