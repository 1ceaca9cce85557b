// The lobby on one of several nodes (docs/scale-out.md): other nodes' commits, as the store's
// listener reports them, are read back from the database and merged into what this node holds
// in memory; the rooms read their games' commands themselves (cluster/room_cluster.cpp). Only
// the leader runs bots, clocks and notification delivery.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>
#include <utility>

#include "clocks/game_clock.hpp"
#include "games/extra.hpp"
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

void lobby::read_then(std::function<persistence::store::catalog()> read,
                      std::function<void(std::optional<persistence::store::catalog>)> then) {
  // The listener's thread calls this until the store stops, after stop() too: a job queued once
  // the workers were joined would never run, and would keep the lobby (which owns the queue)
  // alive for ever.
  std::lock_guard lock(reads_mutex_);
  if (reads_closed_) return;
  net::post(workers_, [self = shared_from_this(), read = std::move(read), then = std::move(then)] {
    std::optional<persistence::store::catalog> part;
    try {
      part = read();
    } catch (const std::exception& e) {
      // The listener's resync reads everything again once the database answers.
      spdlog::warn("cluster: what another node stored could not be read: {}", e.what());
    }
    net::post(self->strand_, [self, part = std::move(part), then] { then(std::move(part)); });
  });
}

void lobby::on_fresh(std::int64_t game, std::function<void()> then, bool known_will_do) {
  if (!store_.shared()) return net::post(strand_, std::move(then));
  net::post(strand_, [self = shared_from_this(), game, then = std::move(then), known_will_do]() mutable {
    const auto it = self->games_.find(game);
    if (known_will_do && it != self->games_.end() && it->second.status != game_status::open) return then();
    self->read_then([self, game] { return self->store_.load_catalog_part(game, 0); },
                    [self, then](std::optional<persistence::store::catalog> part) {
                      if (part) {
                        for (auto& g : part->games) self->merge_game(std::move(g));
                      }
                      then();  // unread: with what this node knows
                    });
  });
}

void lobby::on_remote(persistence::store::change c) {
  using kind = persistence::store::change::kind;
  ++stats_->remote_changes;
  switch (c.what) {
    case kind::game:
      if (c.command) {
        // The common case: a command the notification carries, for a game whose room is here:
        // the room applies it, and tells the lobby its record; no read.
        return net::post(strand_, [self = shared_from_this(), c] {
          const auto it = self->rooms_.find(c.id);
          if (auto r = it == self->rooms_.end() ? nullptr : it->second.lock()) {
            r->remote_command(*c.command);
            return;
          }
          --self->stats_->remote_changes;  // counted once, by the call below
          auto without = c;
          without.command.reset();
          self->on_remote(without);
        });
      }
      return read_then([this, id = c.id] { return store_.load_catalog_part(id, 0); },
                       [self = shared_from_this()](std::optional<persistence::store::catalog> part) {
                         if (!part) return;
                         for (auto& g : part->games) self->merge_game(std::move(g));
                       });
    case kind::account:
      return read_then([this, id = c.id] { return store_.load_catalog_part(0, id); },
                       [self = shared_from_this(), id = c.id](std::optional<persistence::store::catalog> part) {
                         if (part) self->merge_account(id, std::move(*part));
                       });
    case kind::chat:
    case kind::chat_deleted:
      net::post(strand_, [self = shared_from_this(), c] {
        const auto it = self->rooms_.find(c.id);
        auto r = it == self->rooms_.end() ? nullptr : it->second.lock();
        if (!r) return;  // read from the store when the room is loaded
        if (c.what == kind::chat) {
          r->remote_chat(c.version);
        } else {
          r->chat_deleted(c.version);
        }
      });
      return;
  }
}

void lobby::merge_game(game_record g) {
  const auto id = g.id;
  game_ids_.known(id);
  const auto it = games_.find(id);
  if (it == games_.end()) {
    if (const auto of = games::rematch_of(g)) rematches_[*of] = id;
    lists_->changed(nullptr, g);
    publish_progress(nullptr, g);
    games_[id] = std::move(g);
    events_->publish(events::game_updated{id});  // the clocks arm it
  } else {
    // Never back: a notification read late may find an older row than one merged or written
    // here already.
    const auto& held = it->second;
    if (g.version < held.version || (g.version == held.version && g.revision < held.revision)) return;
    on_progress(g);
  }
  const auto r = rooms_.count(id) ? rooms_[id].lock() : nullptr;
  if (r) {
    r->refresh();
    return;
  }
  if (leader_ && bot_to_move(games_[id])) attach(id, engine::no_player, [](room_grant) {});
}

void lobby::merge_account(std::int64_t account, persistence::store::catalog part) {
  accounts_->merge(account, part.accounts, part.tokens);
  relations_->replace(account, part.relations);
  notify_->load(part.notify_settings);
  clocks_->merge_vacations(account, part.vacations);
  events_->publish(events::account_changed{account});
}

void lobby::on_lost() {
  stats_->catching_up = 1;
  if (!catching_up_.exchange(true)) {
    spdlog::warn("cluster: the connection that hears of other nodes' changes was lost; not ready until they are read");
  }
  accounts_->set_catching_up(true);
  net::post(strand_, [self = shared_from_this()] { self->listening_ = false; });
}

void lobby::on_resync() {
  ++stats_->resyncs;
  stats_->catching_up = 1;
  catching_up_ = true;
  accounts_->set_catching_up(true);
  spdlog::warn("cluster: notifications may have been missed; reading everything held again");
  net::post(strand_, [self = shared_from_this()] {
    self->listening_ = true;
    if (self->resyncing_) {
      self->resync_again_ = true;  // that read may have begun before what this call is about
      return;
    }
    self->resyncing_ = true;
    self->resync();
  });
}

void lobby::resync() {
  read_then([this] { return store_.load_catalog(); },
            [self = shared_from_this()](std::optional<persistence::store::catalog> read) {
              if (!read) {
                ++self->stats_->resync_failures;
                // A node that gave up here would miss these changes for good (a revoked token
                // working on): again until the database answers.
                self->resync_timer_.expires_after(std::chrono::milliseconds(500));
                self->resync_timer_.async_wait([self](beast::error_code ec) {
                  if (ec || self->stopped_) {
                    self->resyncing_ = false;
                    return;
                  }
                  self->resync_again_ = false;  // this read is after it anyway
                  self->resync();
                });
                return;
              }
              auto& all = *read;
              std::map<std::int64_t, persistence::store::catalog> by_account;
              for (auto& a : all.accounts) by_account[a.id].accounts.push_back(std::move(a));
              for (auto& t : all.tokens) by_account[t.account].tokens.push_back(std::move(t));
              for (auto& v : all.vacations) by_account[v.account].vacations.push_back(v);
              for (auto& r : all.relations) by_account[r.account].relations.push_back(r);
              for (auto& s : all.notify_settings) by_account[s.first].notify_settings.push_back(std::move(s));
              for (auto& [id, part] : by_account) self->merge_account(id, std::move(part));
              for (auto& g : all.games) self->merge_game(std::move(g));
              if (std::exchange(self->resync_again_, false)) return self->resync();
              self->resyncing_ = false;
              // Lost again meanwhile: the listener's next on_resync() reads once more.
              if (!self->listening_) return;
              self->catching_up_ = false;
              self->stats_->catching_up = 0;
              self->accounts_->set_catching_up(false);
              spdlog::info("cluster: caught up with other nodes' changes");
            });
}

void lobby::set_leader(bool leader) {
  const bool was = leader_.exchange(leader);
  stats_->leader = leader ? 1 : 0;
  if (was == leader) return;
  spdlog::info("cluster: this node {} bots, clocks and notifications", leader ? "now runs" : "no longer runs");
  notify_->set_active(leader);
  if (leader) net::post(strand_, [self = shared_from_this()] { self->wake_everything(); });
}

void lobby::wake_everything() {
  // Every game's wake and every recent vacation's end (clocks/service.hpp).
  clocks_->wake_all();
  // Games with a bot to move go on by themselves.
  for (const auto& [id, g] : games_) {
    if (!bot_to_move(g)) continue;
    if (auto r = rooms_.count(id) ? rooms_[id].lock() : nullptr) {
      // Loaded while another node led: its bot waits; the refresh reads, then moves it.
      if (store_.shared()) r->refresh();
    } else {
      attach(id, engine::no_player, [](room_grant) {});
    }
  }
}

}  // namespace loyang::server
