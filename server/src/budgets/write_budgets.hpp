#pragma once
// Internal: how much each account (and, for new games, each client address) may store per
// hour. One token bucket per kind of write (budgets/token_bucket.hpp); the router spends from
// them before an HTTP write is handled (route_charges), the WebSocket session before a chat
// message. docs/security.md, "Write budgets", has the table of routes and limits.
#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../core/api_reply.hpp"
#include "../core/beast.hpp"
#include "token_bucket.hpp"

namespace loyang::server::budgets {

enum class write_kind {
  games,              ///< new games: POST /api/games, rematches; per account
  games_per_address,  ///< the same, per client address
  invitations,        ///< names invited with a new game; per account
  seats,              ///< join, leave, decline, resign, vote
  chat,               ///< chat messages (WebSocket), all games together
  notes,              ///< PUT notes
  reports,            ///< POST /api/reports
  relations,          ///< friends, mutes, blocks
  messages,           ///< private messages sent
  settings,           ///< notification settings (e-mail, webhook), language and time zone, vacations
  moderation,         ///< operators' writes
  tournaments,        ///< new tournaments
  other,              ///< any other authenticated write (hints, analyses, the daily game...)
};
inline constexpr std::size_t kind_count = 13;

/// A budget's name (for --write-budgets), its default per hour, and what a refusal says.
struct kind_info {
  write_kind kind;
  std::string_view name;
  int per_hour;
  std::string_view code;  ///< the error code of a refusal (429)
  std::string_view what;  ///< "too many <what> ..."
};
inline constexpr std::array<kind_info, kind_count> kinds{{
    {write_kind::games, "games", 60, "too_many_requests", "new games"},
    {write_kind::games_per_address, "games_per_address", 120, "too_many_requests", "new games from this address"},
    {write_kind::invitations, "invitations", 60, "too_many_requests", "invitations"},
    {write_kind::seats, "seats", 300, "too_many_requests", "joins, leaves and votes"},
    {write_kind::chat, "chat", 600, "chat_too_fast", "chat messages"},
    {write_kind::notes, "notes", 300, "too_many_requests", "changes to notes"},
    // Its own code since before the budgets (docs/protocol.md).
    {write_kind::reports, "reports", 10, "too_many_reports", "reports"},
    {write_kind::relations, "relations", 120, "too_many_requests", "changes to friends, mutes and blocks"},
    {write_kind::messages, "messages", 60, "too_many_messages", "private messages"},
    {write_kind::settings, "settings", 60, "too_many_requests", "changes to settings"},
    {write_kind::moderation, "moderation", 600, "too_many_requests", "moderation actions"},
    {write_kind::tournaments, "tournaments", 10, "too_many_requests", "new tournaments"},
    {write_kind::other, "other", 600, "too_many_requests", "requests"},
}};

/// The kind called `name`, or nullopt.
std::optional<write_kind> kind_of(std::string_view name);
const kind_info& info(write_kind k);

/// One spending: `cost` tokens of `kind`'s bucket for `key`.
struct charge {
  write_kind kind;
  std::string key;
  int cost = 1;
};

/// The budgets, thread-safe (any I/O thread).
class write_budgets {
 public:
  /// Writes per hour of each kind, by write_kind's value; 0: no limit.
  using limits = std::array<int, kind_count>;
  static limits defaults();
  /// `now`: Unix seconds (the server's clock, moved by hand in tests).
  write_budgets(limits per_hour, std::function<std::int64_t()> now);

  /// Spends every charge, or none: nullopt when all were spent; else the refusal (the kind
  /// that has to wait longest) and nothing is spent.
  struct refusal {
    write_kind kind;
    std::int64_t wait;  ///< seconds, at least 1
  };
  std::optional<refusal> spend(const std::vector<charge>& charges);

 private:
  std::function<std::int64_t()> now_;
  std::mutex mutex_;
  std::vector<token_bucket> buckets_;  // by write_kind's value
};

/// The 429 answer of a refusal: its kind's code, and Retry-After.
api_reply over_budget(const write_budgets::refusal& r);

/// What an authenticated HTTP request costs before it is handled: `method` on `path`, by
/// `account` from `client`; empty for reads (GET, HEAD). `body` counts the invitations of a
/// new game.
std::vector<charge> route_charges(http::verb method, std::string_view path, const nlohmann::json& body,
                                  std::int64_t account, const std::string& client);

}  // namespace loyang::server::budgets
