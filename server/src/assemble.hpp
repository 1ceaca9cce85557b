#pragma once
// Internal: the composition root. The server's rooms are made here and wired together: the
// event hub, the lobby (games, seats and their rooms) and the features that react to the
// lobby's events. Every subscription to the hub is made in assemble.cpp and nowhere else, so
// one file shows who hears what; the hub is closed before anything runs.
#include <memory>

#include "core/beast.hpp"
#include "bots/advisor.hpp"
#include "clocks/service.hpp"
#include "events/hub.hpp"
#include "accounts/accounts.hpp"
#include "lobby/lobby.hpp"
#include "notify/service.hpp"
#include "core/metrics.hpp"
#include "chat/service.hpp"
#include "cluster/catch_up.hpp"
#include "cluster/leadership.hpp"
#include "daily/service.hpp"
#include "history/service.hpp"
#include "messages/service.hpp"
#include "tournaments/service.hpp"
#include "moderation/service.hpp"
#include "ratings/rating_service.hpp"
#include "social/service.hpp"
#include "core/records.hpp"
#include "routes/table.hpp"

namespace loyang::server {

/// What assemble() made. Each part is also reachable from the ones that use it; the server keeps
/// this to hand the parts to its sessions (shared_state).
struct assembled {
  std::shared_ptr<events::hub> hub;
  std::shared_ptr<class accounts> accounts;
  std::shared_ptr<notify::service> notify;
  /// Who befriends, mutes and blocks whom: the social room's table, read by the lobby and chat.
  std::shared_ptr<social::relations> relations;
  std::shared_ptr<class lobby> games;
  std::shared_ptr<rating_service> ratings;
  std::shared_ptr<social::service> social;
  std::shared_ptr<chat::service> chat;
  std::shared_ptr<clocks::service> clocks;
  std::shared_ptr<bot_advisor> bots;
  std::shared_ptr<moderation::service> moderation;
  std::shared_ptr<messages::service> messages;
  std::shared_ptr<tournaments::service> tournaments;
  std::shared_ptr<history::service> history;
  std::shared_ptr<daily::service> daily;
  /// Several nodes: whether this one leads, and its catch-up with the others' commits.
  std::shared_ptr<cluster::leadership> leadership;
  std::shared_ptr<cluster::catch_up> catch_up;
  /// Every room's HTTP endpoints, each added by its folder's routes.cpp.
  std::shared_ptr<routes::table> routes;
};

/// The options of the rooms that have their own (the lobby's are lobby_limits).
struct room_options {
  clocks::service::options clocks;
  bot_advisor::options bots;
  /// Rated games may seat bot accounts and people together (--rated-bot-games).
  bool rated_bot_games = false;
};

/// Makes the rooms of a server on `ioc` with `store` and `lim`, subscribes the features to the
/// hub and closes it. Nothing is started: the caller calls games->start() (and stop()).
assembled assemble(net::io_context& ioc, storage& store, std::shared_ptr<metrics> stats, lobby_limits lim,
                   room_options more = {});

/// What the clocks room reads and asks of `games` (clocks/service.hpp); assemble() wires it, and
/// tests that make a lobby of their own.
clocks::service::lookups clocks_lookups(const std::shared_ptr<lobby>& games, std::shared_ptr<class accounts> users,
                                        std::shared_ptr<const cluster::leadership> leads);

}  // namespace loyang::server
