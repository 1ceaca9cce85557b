#pragma once
// Internal: what the lobby is configured with (server.cpp fills it from the settings).
#include <chrono>
#include <cstddef>

#include "../accounts/accounts.hpp"
#include "../notify/service.hpp"

namespace loyang::server {

struct lobby_limits {
  accounts::policy account_policy;
  /// Open games (waiting for players) an account may sit in; a create or join that would go
  /// over it is refused with too_many_games.
  int max_open_games_per_account = 20;
  /// Unfinished games (open or in play, bot games too) an account may sit in; a create, join or
  /// rematch that would go over it is refused with too_many_games.
  int max_unfinished_games_per_account = 100;
  /// How long a room nobody uses is kept (lobby/rooms.hpp).
  std::chrono::seconds evict_after{300};
  /// History and record reads one client address may make per minute; 0: no limit (the
  /// history room's: assemble.cpp hands it over).
  int history_reads_per_minute = 600;
  /// Threads bots think on (bots/bot_pool.hpp), and how many decisions may wait for them.
  int bot_threads = 1;
  std::size_t bot_queue_limit = 256;
  /// Notifications (its `now` and `name_of` are the lobby's to fill).
  notify::service::options notify;
};

}  // namespace loyang::server
