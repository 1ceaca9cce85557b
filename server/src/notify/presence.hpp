#pragma once
// Internal: who is at which table on this node, for holding back turn notifications while a
// player is playing (docs/protocol.md, "Notifications"): the persons who have a game open as
// players, who must act in it, and when each was last active there (opened it or moved). The
// game rooms tell it what they see; the notification sender asks it. Any thread.
//
// Node-local: on several nodes, the sender (the leader's) knows only the tables open on its own
// node; a player at a table on another node is not held back (docs/scale-out.md).
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <vector>

namespace loyang::server::notify {

class presence {
 public:
  /// What is known of one account at one game here.
  struct at_table {
    bool known = false;    ///< the game's room is loaded here (else nothing below means anything)
    bool open = false;     ///< a connection of his watches it as a player
    bool acting = false;   ///< he must act in it now
    std::int64_t active_at = 0;  ///< when he last opened it or moved in it (Unix seconds; 0: never)
    std::int64_t moved_at = 0;   ///< when he last moved in it
  };

  /// The accounts of the persons watching `game` as players here now, at `now`: each that was
  /// not open before counts as active now; each that left is announced (on_left).
  void watching(std::int64_t game, const std::vector<std::int64_t>& accounts, std::int64_t now);
  /// The accounts of the persons who must act in `game` now.
  void acting(std::int64_t game, const std::vector<std::int64_t>& accounts);
  /// `account` moved in `game` at `now`.
  void moved(std::int64_t game, std::int64_t account, std::int64_t now);
  /// `game`'s room is gone from this node: nothing is known of it any more.
  void forget(std::int64_t game);

  at_table of(std::int64_t game, std::int64_t account) const;

  /// Called (on the thread that reported it, without the lock) when a person stops watching a
  /// game here: the sender looks again at what it held back for him.
  void on_left(std::function<void()> f);

 private:
  struct table {
    std::set<std::int64_t> open;
    std::set<std::int64_t> acting;
    std::map<std::int64_t, std::int64_t> opened_at, moved_at;
  };
  mutable std::mutex mutex_;
  std::map<std::int64_t, table> games_;
  std::function<void()> on_left_;
};

}  // namespace loyang::server::notify
