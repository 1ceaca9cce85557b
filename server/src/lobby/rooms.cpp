#include "rooms.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <exception>

#include "../chat/room_chat.hpp"
#include "../history/load_log.hpp"
#include "loyang/persistence/error.hpp"

namespace loyang::server {
namespace {

/// A game the engine no longer replays, or whose rows are damaged, stays unavailable; any other
/// failure (PostgreSQL restarting, a disk error) is worth trying again.
room_grant load_failure_of(const std::exception& e) {
  if (dynamic_cast<const persistence::engine_mismatch*>(&e) || dynamic_cast<const persistence::damaged_game*>(&e)) {
    return {nullptr, engine::no_player, "game_unavailable", std::string("this game cannot be loaded (") + e.what() + ")"};
  }
  return {nullptr, engine::no_player, "storage_failed",
          std::string("this game could not be read; try again (") + e.what() + ")"};
}

}  // namespace

room_registry::room_registry(net::io_context& ioc, strand_type strand, room::services base,
                             std::chrono::seconds evict_after)
    : ioc_(ioc),
      strand_(std::move(strand)),
      base_(std::move(base)),
      evict_after_(evict_after),
      sweep_timer_(strand_),
      chat_ids_(base_.store, "chat") {}

room_registry::~room_registry() {
  workers_.join();
  if (base_.bot_threads) base_.bot_threads->stop();  // here, not in a room a pool thread may release last
}

void room_registry::start(std::function<void(const game_record&)> on_progress, std::int64_t max_chat_id) {
  base_.on_progress = std::move(on_progress);
  chat_ids_.start_after(max_chat_id);
  net::post(strand_, [self = shared_from_this()] { self->sweep(); });
}

void room_registry::stop() {
  net::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;  // a sweep already queued must not arm the timer again
    self->sweep_timer_.cancel();
    self->pinned_.clear();
  });
  workers_.join();
  if (base_.bot_threads) base_.bot_threads->stop();
}

void room_registry::sweep() {
  if (stopped_) return;
  // Never a zero period: a timer that expires at once would spin.
  const auto period = std::max(std::chrono::milliseconds(100),
                               std::chrono::duration_cast<std::chrono::milliseconds>(evict_after_) / 2);
  sweep_timer_.expires_after(period);
  sweep_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->stopped_) return;
    for (auto& [id, pin] : self->pinned_) {
      pin.first->when_idle([self, id = id](bool idle) {
        net::post(self->strand_, [self, id, idle] {
          auto it = self->pinned_.find(id);
          if (it == self->pinned_.end()) return;
          it->second.second = idle ? it->second.second + 1 : 0;
          if (it->second.second >= 2) self->pinned_.erase(it);
        });
      });
    }
    self->sweep();
  });
}

room::services room_registry::services() {
  // Weak: the registry holds its rooms (pinned_), so a room holding the registry would keep both
  // alive forever when a room is pinned after stop() (a request still in flight at shutdown).
  std::weak_ptr<room_registry> weak = shared_from_this();
  auto svc = base_;
  svc.next_chat_id = [weak] {
    auto self = weak.lock();
    return self ? self->chat_ids_.next() : std::int64_t(0);
  };
  svc.on_spectators = [weak](std::int64_t game, int spectators) {
    if (auto self = weak.lock()) {
      net::post(self->strand_, [self, game, spectators] {
        if (spectators == 0) {
          self->spectators_.erase(game);
        } else {
          self->spectators_[game] = spectators;
        }
      });
    }
  };
  if (base_.store.shared()) {
    svc.off_thread = [weak](std::function<void()> work) {
      if (auto self = weak.lock()) net::post(self->workers_, std::move(work));
    };
  }
  return svc;
}

std::shared_ptr<room> room_registry::make(const game_record& g, loaded_game loaded, history::game_log log,
                                          room::chat_seed chat) {
  auto r = std::make_shared<room>(ioc_.get_executor(), g, std::move(loaded), std::move(log), services(),
                                  std::move(chat));
  rooms_[g.id] = r;
  pinned_[g.id] = {r, 0};
  return r;
}

std::shared_ptr<room> room_registry::find(std::int64_t game) const {
  const auto it = rooms_.find(game);
  return it == rooms_.end() ? nullptr : it->second.lock();
}

void room_registry::keep(std::int64_t game, bool keep) {
  if (!keep) {
    pinned_.erase(game);
  } else if (auto p = pinned_.find(game); p != pinned_.end()) {
    p->second.second = 0;
  }
}

void room_registry::start_room(std::int64_t game) {
  if (auto r = find(game)) r->start();
}

void room_registry::forget(std::int64_t game) {
  rooms_.erase(game);
  pinned_.erase(game);
}

int room_registry::spectators(std::int64_t game) const {
  const auto it = spectators_.find(game);
  return it == spectators_.end() ? 0 : it->second;
}

void room_registry::attach(const game_record& g, engine::player_id seat, std::function<void(room_grant)> answer) {
  if (auto r = find(g.id)) {
    pinned_[g.id] = {r, 0};
    return answer({r, seat, {}, {}});
  }
  auto& waiting = loading_[g.id];
  waiting.emplace_back(std::move(answer), seat);
  if (waiting.size() > 1) return;  // already loading
  net::post(workers_, [self = shared_from_this(), record = g] {
    try {
      auto& store = self->base_.store;
      auto loaded = store.load_game(record);
      auto log = history::load_log(record, loaded);
      room::chat_seed chat{store.load_chat(record.id, 0, chat::page_size), store.chat_count(record.id)};
      net::post(self->strand_, [self, record, loaded = std::move(loaded), log = std::move(log),
                                chat = std::move(chat)]() mutable {
        auto r = self->make(record, std::move(loaded), std::move(log), std::move(chat));
        r->start();
        self->on_loaded(record.id, r, {});
      });
    } catch (const std::exception& e) {
      spdlog::error("game {} cannot be loaded: {}", record.id, e.what());
      net::post(self->strand_, [self, id = record.id, failure = load_failure_of(e)] {
        self->on_loaded(id, nullptr, failure);
      });
    }
  });
}

void room_registry::with_room(const game_record& g, bool keep, std::function<void(room_grant)> answer) {
  if (keep) return attach(g, engine::no_player, std::move(answer));
  const bool was_kept = kept(g.id);
  attach(g, engine::no_player, [self = shared_from_this(), game = g.id, was_kept, answer = std::move(answer)](room_grant grant) {
    answer(std::move(grant));
    if (!was_kept) self->pinned_.erase(game);
  });
}

bool room_registry::to_room(const persistence::store::change& c) {
  using kind = persistence::store::change::kind;
  const auto r = find(c.id);
  if (!r) return false;
  if (c.what == kind::chat) {
    r->remote_chat(c.version);
  } else if (c.what == kind::chat_deleted) {
    r->chat_deleted(c.version);
  } else if (c.command) {
    r->remote_command(*c.command);
  } else {
    return false;
  }
  return true;
}

void room_registry::on_loaded(std::int64_t game, std::shared_ptr<room> r, const room_grant& failure) {
  auto waiting = std::move(loading_[game]);
  loading_.erase(game);
  for (auto& [answer, seat] : waiting) {
    if (r) {
      answer({r, seat, {}, {}});
    } else {
      answer(failure);
    }
  }
}

}  // namespace loyang::server
