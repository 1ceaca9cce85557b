// The room's bot seats (issue 24): decisions off the network threads, applied on the strand.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "room.hpp"
#include "../bots/budget.hpp"
#include "../games/bot_levels.hpp"
#include "loyang/bots/strong.hpp"
#include "loyang/protocol/command_json.hpp"

namespace loyang::server {
namespace {

// Retrying a full pool: soon, but not in a spin.
constexpr auto pool_full_retry = std::chrono::milliseconds(50);

// The chance a decision may use (the random bot's): fixed by the game's secret seed, the
// version and the seat, so a game replays the same whoever asks and whenever.
engine::rng decision_random(std::uint64_t seed, std::uint32_t version, engine::player_id seat) {
  return engine::rng(seed ^ 0x9e3779b97f4a7c15ULL ^ (std::uint64_t(version) << 8) ^ std::uint64_t(std::uint8_t(seat)));
}

}  // namespace

std::shared_ptr<loyang::bots::bot> room::bot_at(engine::player_id seat) {
  auto& b = bots_[std::size_t(seat)];
  if (!b) b = loyang::bots::make_bot(bot_seats::level_of(record_, std::size_t(seat)).value_or(bot_seats::legacy_level));
  return b;
}

void room::maybe_bot() {
  if (bot_pending_ || writing_ || (svc_.may_act && !svc_.may_act()) || record_.status != game_status::active ||
      state_.current_phase == engine::phase::finished) {
    return;
  }
  const auto acting = engine::to_act(state_);
  const auto due = std::find_if(acting.begin(), acting.end(), [this](engine::player_id p) {
    return p >= 0 && std::size_t(p) < record_.seats.size() && record_.seats[std::size_t(p)].bot;
  });
  if (due == acting.end()) return;
  const engine::player_id seat = *due;
  // A copy of what the seat may see: the pool never reads the room's state.
  loyang::bots::seat_view view(state_, seat);
  if (loyang::bots::legal_for(view).empty()) {
    spdlog::error("game {}: bot seat {} has no legal command", id_, int(seat));
    return;
  }
  bot_pending_ = true;  // one decision per game at a time: never queued twice
  const auto version = state_.version;
  auto decide = [self = shared_from_this(), bot = bot_at(seat), view = std::move(view), seat, version,
                 random = decision_random(record_.seed, version, seat)]() mutable {
    if (auto* strong = dynamic_cast<loyang::bots::strong_bot*>(bot.get())) self->budget_strong(*strong);
    auto cmd = bot->choose(view, random);
    net::post(self->strand_, [self, seat, version, cmd = std::move(cmd)]() mutable {
      self->on_bot_choice(seat, version, std::move(cmd));
    });
  };
  if (!svc_.bot_threads) return decide();  // no pool (white-box tests): think here
  if (svc_.bot_threads->try_post(decide)) return;
  if (svc_.bot_threads->stopped()) return;  // shutting down: no bot moves any more
  // Full: ask again shortly; bot_pending_ stays set meanwhile (the room is not idle).
  bot_retry_.expires_after(pool_full_retry);
  bot_retry_.async_wait([self = shared_from_this()](beast::error_code) {
    self->bot_pending_ = false;
    self->maybe_bot();
  });
}

void room::budget_strong(loyang::bots::strong_bot& bot) const {
  const auto& pool = svc_.bot_threads;
  const int full = bot.full_playouts();
  const int n = pool ? bot_budget::playouts(full, pool->waiting(), pool->threads()) : full;
  if (n < full) ++svc_.stats->bot_budget_cut;
  bot.set_playouts(n);
  bot.set_out_of_time(bot_budget::deadline(bot_budget::time_limit, [stats = svc_.stats] { ++stats->bot_out_of_time; }));
}

void room::on_bot_choice(engine::player_id seat, std::uint32_t version, engine::command cmd) {
  bot_pending_ = false;
  if (writing_) {
    // A command or a change of the record is being stored: when it is, maybe_bot runs again.
    ++svc_.stats->bot_decisions_stale;
    return;
  }
  if (version != state_.version || record_.status != game_status::active ||
      !record_.seats[std::size_t(seat)].bot) {
    // The game moved on while the bot thought (another seat's command, a resignation): its
    // choice answered a position that is gone.
    ++svc_.stats->bot_decisions_stale;
    return maybe_bot();
  }
  protocol::command_message m;
  m.game = id_;
  m.version = version;
  m.id = "bot";
  m.cmd = protocol::command_to_json(cmd);
  do_submit(nullptr, seat, m, clock::now());
}

}  // namespace loyang::server
