// The composition root (assemble.hpp): which room hears which event.
#include "assemble.hpp"

#include <utility>

namespace loyang::server {

assembled assemble(net::io_context& ioc, storage& store, std::shared_ptr<metrics> stats, lobby::limits lim) {
  assembled out;
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

  out.hub->close();
  return out;
}

}  // namespace loyang::server
