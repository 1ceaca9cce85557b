// The lobby on one of several nodes (docs/scale-out.md): another node's game rows, as the
// cluster's catch-up (cluster/catch_up.hpp) read them, merged into what this node holds; the
// commands and chat messages of games whose rooms are here handed to those rooms (which read
// their games' commands themselves: cluster/room_cluster.cpp); and, on the node that leads,
// the games with a bot to move woken and the clocks armed.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>
#include <utility>

#include "../clocks/game_clock.hpp"
#include "../clocks/service.hpp"
#include "../cluster/catch_up.hpp"
#include "../cluster/leadership.hpp"
#include "../events/hub.hpp"
#include "../games/live_lists.hpp"
#include "publish.hpp"
#include "../games/extra.hpp"
#include "lobby.hpp"

namespace loyang::server {
namespace {

// Whether `g` is running and one of the seats to act is a bot's: its room must be loaded on the
// leader so the bot moves.
bool bot_to_move(const game_record& g) {
  return g.status == game_status::active &&
         std::any_of(g.to_act.begin(), g.to_act.end(), [&g](engine::player_id p) {
           return p >= 0 && std::size_t(p) < g.seats.size() && g.seats[std::size_t(p)].bot;
         });
}

}  // namespace

void lobby::fresh(std::int64_t game, std::function<void()> then, bool known_will_do) {
  if (!catch_up_) return net::post(strand_, std::move(then));
  catch_up_->fresh(game, std::move(then), known_will_do);
}

bool lobby::settled(std::int64_t id) const {
  const auto it = games_.find(id);
  return it != games_.end() && it->second.status != game_status::open;
}

void lobby::merge_game(game_record g) {
  const auto id = g.id;
  game_ids_.known(id);
  const auto it = games_.find(id);
  if (it == games_.end()) {
    if (const auto of = games::rematch_of(g)) rematches_[*of] = id;
    lists_->changed(nullptr, g);
    publish_progress(*events_, nullptr, g);
    games_[id] = std::move(g);
    events_->publish(events::game_updated{id});  // the clocks arm it
  } else {
    // Never back: a notification read late may find an older row than one merged or written
    // here already.
    const auto& held = it->second;
    if (g.version < held.version || (g.version == held.version && g.revision < held.revision)) return;
    on_progress(g);
  }
  if (const auto r = rooms_->find(id)) {
    r->refresh();
    return;
  }
  if (leads_->leads() && bot_to_move(games_[id])) rooms_->attach(games_.at(id), engine::no_player, [](room_grant) {});
}

void lobby::wake() {
  // Every game's wake and every recent vacation's end (clocks/service.hpp).
  clocks_->wake_all();
  // Games with a bot to move go on by themselves.
  for (const auto& [id, g] : games_) {
    if (!bot_to_move(g)) continue;
    if (auto r = rooms_->find(id)) {
      // Loaded while another node led: its bot waits; the refresh reads, then moves it.
      if (store_.shared()) r->refresh();
    } else {
      rooms_->attach(g, engine::no_player, [](room_grant) {});
    }
  }
}

}  // namespace loyang::server
