#pragma once
// Internal: the lobby's lists kept live in the browser instead of polled. Every WebSocket of an
// account is told `games_changed` when a game it sits in changes in a way its list shows (whose
// turn, status, seats); the connections that sent `watch_lobby` are told `open_games_changed`
// when the open games change, at most once a second however many change. Connections are held
// weakly and forgotten once gone. Runs on the lobby's strand.
#include <boost/asio/steady_timer.hpp>

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "../core/beast.hpp"
#include "../core/records.hpp"
#include "../core/subscriber.hpp"

namespace loyang::server::games {

class live_lists : public std::enable_shared_from_this<live_lists> {
 public:
  explicit live_lists(strand_type strand);

  /// `who` (an account's connection) hears of that account's games.
  void listen(std::int64_t account, std::weak_ptr<subscriber> who);
  /// `who` hears when the open games change.
  void watch_open(std::weak_ptr<subscriber> who);

  /// `after` (a game, as `before` was) changed: tells its seated persons when their list shows
  /// it differently, and the open list's watchers when it was or is open. `before` null: new.
  void changed(const game_record* before, const game_record& after);
  /// Sends `text` to `account`'s connections that listen (a new private message).
  void tell(std::int64_t account, const shared_text& text);
  /// Sends `text` to the connections that sent `watch_lobby` (a tournament changed).
  void tell_watchers(const shared_text& text);
  void stop();

 private:
  void open_changed();

  net::steady_timer timer_;
  bool open_dirty_ = false;
  bool timer_armed_ = false;
  bool stopped_ = false;
  std::unordered_map<std::int64_t, std::vector<std::weak_ptr<subscriber>>> by_account_;
  std::vector<std::weak_ptr<subscriber>> open_watchers_;
};

}  // namespace loyang::server::games
