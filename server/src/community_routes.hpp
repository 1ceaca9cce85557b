#pragma once
// Internal: the HTTP endpoints of the community features (chat pages, notes, friends, mutes and
// blocks, rematches, the games to watch, reports and moderation, profiles, ratings and the
// daily challenge), routed apart from the games' core so handle_request stays small.
#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "accounts/accounts.hpp"
#include "api_reply.hpp"
#include "beast.hpp"

namespace loyang::server {

class lobby;
class rating_service;
namespace chat {
class service;
}
namespace social {
class service;
}
namespace moderation {
class service;
}
namespace daily {
class service;
}

/// What a community route needs of its request.
struct community_request {
  const std::string& path;
  const std::string& query;
  http::verb method;
  const nlohmann::json& body;
  reply_fn reply;
  /// Answers 405 with these methods allowed.
  std::function<void(const char* allow)> method_error;
};

/// The endpoints anyone may read (a token, when given, must be valid and is `who`). Returns
/// false when `r.path` is none of them.
bool route_community_public(lobby& games, rating_service& ratings, chat::service& chat_room,
                            const std::optional<identity>& who, const community_request& r);

/// The endpoints of logged-in accounts. Returns false when `r.path` is none of them.
bool route_community(lobby& games, social::service& social, chat::service& chat_room,
                     moderation::service& moderation, daily::service& daily, const identity& who,
                     const community_request& r);

}  // namespace loyang::server
