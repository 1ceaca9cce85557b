// The composition root (assemble.hpp): which room hears which event.
#include "assemble.hpp"

#include <utility>

namespace loyang::server {

clocks::service::lookups clocks_lookups(const std::shared_ptr<lobby>& l) {
  const std::weak_ptr<lobby> games = l;
  return {[a = l->users_shared()] { return a->now(); },
          [games] {
            const auto g = games.lock();
            return g && g->leads();
          },
          [games](std::int64_t id) -> const game_record* {
            const auto g = games.lock();
            return g ? g->find_game(id) : nullptr;
          },
          [games](const std::function<void(const game_record&)>& f) {
            if (const auto g = games.lock()) g->each_game(f);
          },
          [games](std::int64_t id, std::function<void()> then) {
            if (const auto g = games.lock()) g->fresh(id, std::move(then));
          },
          [games](std::int64_t id, clocks::record_change change,
                  std::function<void(std::optional<clocks::refusal>)> done) {
            const auto g = games.lock();
            if (!g) return;
            g->with_room(id, true, [change = std::move(change), done = std::move(done)](lobby::room_grant grant) {
              if (!grant.where) return done(clocks::refusal{grant.code, grant.message, 503});
              grant.where->change(change, done);
            });
          },
          [games](std::int64_t id) {
            if (const auto g = games.lock()) {
              g->with_room(id, false, [](lobby::room_grant grant) {
                if (grant.where) grant.where->wake();
              });
            }
          },
          [games](std::int64_t id) {
            const auto g = games.lock();
            return g ? g->game_json(id) : nlohmann::json(nullptr);
          }};
}

assembled assemble(net::io_context& ioc, storage& store, std::shared_ptr<metrics> stats, lobby::limits lim,
                   room_options more) {
  assembled out;
  out.hub = std::make_shared<events::hub>();
  out.games = std::make_shared<lobby>(ioc, store, stats, std::move(lim), out.hub);
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

  // Clocks and vacations: on the games' strand; a game's wake armed whenever the lobby holds a
  // new record of it.
  out.clocks = std::make_shared<clocks::service>(out.games->strand(), store, more.clocks, stats,
                                                 clocks_lookups(out.games));
  out.games->use_clocks(out.clocks);
  out.hub->on<events::game_started>([c = out.clocks](const events::game_started& e) { c->game_changed(e.game); });
  out.hub->on<events::game_updated>([c = out.clocks](const events::game_updated& e) { c->game_changed(e.game); });

  // Hints and analyses: on the games' strand, thinking on the rooms' bot pool.
  out.bots = std::make_shared<bot_advisor>(
      out.games->strand(), more.bots, out.games->bot_threads(), stats, ioc.get_executor(),
      bot_advisor::lookups{[a = out.games->users_shared()] { return a->now(); },
                           [games](std::int64_t id) -> const game_record* {
                             const auto l = games.lock();
                             return l ? l->find_game(id) : nullptr;
                           },
                           [games](std::int64_t id, std::function<void()> then) {
                             if (const auto l = games.lock()) l->fresh(id, std::move(then));
                           },
                           [games](std::int64_t id, bot_advisor::log_reader read,
                                   std::function<void(std::string, std::string)> failed) {
                             const auto l = games.lock();
                             if (!l) return;
                             l->with_room(id, true, [read = std::move(read), failed = std::move(failed)](lobby::room_grant grant) {
                               if (!grant.where) return failed(grant.code, grant.message);
                               grant.where->read_log(read);
                             });
                           }});

  out.hub->close();
  return out;
}

}  // namespace loyang::server
