// The composition root (assemble.hpp): which room hears which event.
#include "assemble.hpp"

#include <utility>

#include "games/extra.hpp"
#include "room.hpp"

namespace loyang::server {

assembled assemble(net::io_context& ioc, storage& store, std::shared_ptr<metrics> stats, lobby::limits lim) {
  assembled out;
  const int lim_history_reads = lim.history_reads_per_minute;
  out.hub = std::make_shared<events::hub>();
  out.games = std::make_shared<lobby>(ioc, store, std::move(stats), std::move(lim), out.hub);
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

  out.hub->close();
  return out;
}

}  // namespace loyang::server
