// A node's catch-up with the others on one database (catch_up.hpp).
#include "catch_up.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <map>
#include <utility>

namespace loyang::server::cluster {

catch_up::catch_up(strand_type games_strand, storage& store, std::shared_ptr<metrics> stats,
                   std::shared_ptr<events::hub> events, lookups look)
    : strand_(std::move(games_strand)),
      store_(store),
      stats_(std::move(stats)),
      events_(std::move(events)),
      look_(std::move(look)),
      resync_timer_(strand_) {}

void catch_up::stop() {
  {
    std::lock_guard lock(reads_mutex_);
    reads_closed_ = true;
  }
  net::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;
    self->resync_timer_.cancel();
  });
}

void catch_up::read_then(std::function<persistence::store::catalog()> read,
                         std::function<void(std::optional<persistence::store::catalog>)> then) {
  // The listener's thread calls this until the store stops, after stop() too: a job queued once
  // the workers were joined would never run, and would keep this room alive for ever.
  std::lock_guard lock(reads_mutex_);
  if (reads_closed_) return;
  look_.off_thread([self = shared_from_this(), read = std::move(read), then = std::move(then)] {
    std::optional<persistence::store::catalog> part;
    try {
      part = read();
    } catch (const std::exception& e) {
      // The listener's resync reads everything again once the database answers.
      spdlog::warn("cluster: what another node stored could not be read: {}", e.what());
    }
    net::post(self->strand_, [part = std::move(part), then] { then(std::move(part)); });
  });
}

void catch_up::merge_games(std::optional<persistence::store::catalog> part) {
  if (!part) return;
  for (auto& g : part->games) look_.merge_game(std::move(g));
}

void catch_up::fresh(std::int64_t game, std::function<void()> then, bool known_will_do) {
  if (!store_.shared()) return net::post(strand_, std::move(then));
  net::post(strand_, [self = shared_from_this(), game, then = std::move(then), known_will_do]() mutable {
    if (known_will_do && self->look_.settled(game)) return then();
    self->read_then([self, game] { return self->store_.load_catalog_part(game, 0); },
                    [self, then](std::optional<persistence::store::catalog> part) {
                      self->merge_games(std::move(part));
                      then();  // unread: with what this node knows
                    });
  });
}

void catch_up::on_remote(persistence::store::change c) {
  using kind = persistence::store::change::kind;
  ++stats_->remote_changes;
  switch (c.what) {
    case kind::game:
      if (c.command) {
        // The common case: a command the notification carries, for a game whose room is here:
        // the room applies it, and tells the lobby its record; no read.
        return net::post(strand_, [self = shared_from_this(), c] {
          if (self->look_.to_room(c)) return;
          --self->stats_->remote_changes;  // counted once, by the call below
          // The change without its command (built, not copied and reset: GCC 12 then warns of
          // an uninitialized copy that cannot happen).
          persistence::store::change without;
          without.what = c.what;
          without.id = c.id;
          without.version = c.version;
          self->on_remote(std::move(without));
        });
      }
      return read_then([self = shared_from_this(), id = c.id] { return self->store_.load_catalog_part(id, 0); },
                       [self = shared_from_this()](std::optional<persistence::store::catalog> part) {
                         self->merge_games(std::move(part));
                       });
    case kind::account:
      return read_then([self = shared_from_this(), id = c.id] { return self->store_.load_catalog_part(0, id); },
                       [self = shared_from_this(), id = c.id](std::optional<persistence::store::catalog> part) {
                         if (part) self->merge_account(id, *part);
                       });
    case kind::tournament:
      return read_then(
          [self = shared_from_this(), id = c.id] {
            persistence::store::catalog part;
            if (auto t = self->store_.load_tournament(id)) part.tournaments.push_back(std::move(*t));
            return part;
          },
          [self = shared_from_this()](std::optional<persistence::store::catalog> part) {
            if (part && !part->tournaments.empty()) {
              self->events_->publish(events::tournaments_read{std::move(part->tournaments)});
            }
          });
    case kind::chat:
    case kind::chat_deleted:
      // Read from the store when the room is loaded, if it is not now.
      return net::post(strand_, [self = shared_from_this(), c] { self->look_.to_room(c); });
  }
}

void catch_up::merge_account(std::int64_t account, const persistence::store::catalog& part) {
  events_->publish(events::account_read{account, &part});
  events_->publish(events::account_changed{account});
}

void catch_up::on_lost() {
  stats_->catching_up = 1;
  if (!catching_up_.exchange(true)) {
    spdlog::warn("cluster: the connection that hears of other nodes' changes was lost; not ready until they are read");
  }
  look_.set_catching_up(true);
  net::post(strand_, [self = shared_from_this()] { self->listening_ = false; });
}

void catch_up::on_resync() {
  ++stats_->resyncs;
  stats_->catching_up = 1;
  catching_up_ = true;
  look_.set_catching_up(true);
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

void catch_up::resync() {
  read_then([self = shared_from_this()] { return self->store_.load_catalog(); },
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
              for (auto& [id, part] : by_account) self->merge_account(id, part);
              for (auto& g : all.games) self->look_.merge_game(std::move(g));
              self->events_->publish(events::tournaments_read{std::move(all.tournaments)});
              if (std::exchange(self->resync_again_, false)) return self->resync();
              self->resyncing_ = false;
              // Lost again meanwhile: the listener's next on_resync() reads once more.
              if (!self->listening_) return;
              self->catching_up_ = false;
              self->stats_->catching_up = 0;
              self->look_.set_catching_up(false);
              spdlog::info("cluster: caught up with other nodes' changes");
            });
}

}  // namespace loyang::server::cluster
