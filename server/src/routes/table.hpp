#pragma once
// Internal: the HTTP API's route table. Each feature adds its own endpoints (a `routes.cpp` in
// its folder, called once from the composition root); handle_request.cpp looks a request up
// here and runs the handler after the checks its access asks for. So the router knows no
// feature, and a feature's endpoints are read in its own folder.
//
// A pattern is a path of literal parts and placeholders: `{id}` is a positive whole number
// (read as std::int64_t), `{name}` any one non-empty part. "/api/games/{id}/join" matches
// "/api/games/12/join" and "/api/games/12/join/", not "/api/games/x/join".
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "../core/identity.hpp"
#include "../core/api_reply.hpp"
#include "../core/beast.hpp"

namespace loyang::server::routes {

/// Who may call an endpoint, and what the router checks before its handler runs.
enum class access {
  /// Anyone; the bearer token is not looked up (the handler gets it: login, logout, links).
  open,
  /// Guests too; a bearer token given must be valid (401 bad_token) and is `who`.
  guest,
  /// A logged-in account only (401 bad_token); the write budget is spent before the handler
  /// runs (docs/security.md, "Write budgets"), and before a 405.
  account,
};

/// One request as a handler sees it.
struct call {
  http::verb method = http::verb::get;
  /// The request's query, without '?'; handlers that take none ignore it.
  std::string query;
  /// The parsed body (null when empty).
  nlohmann::json body;
  /// The placeholders' values in the pattern's order: `{id}`s in `ids`, `{name}`s in `names`.
  std::vector<std::int64_t> ids;
  std::vector<std::string> names;
  /// The caller: set for `account` routes, set or not for `guest`, never for `open`.
  std::optional<identity> who;
  /// The bearer token, if any (for `open` routes).
  std::optional<std::string> token;
  /// The client's address key (accounts/client_address.hpp), for per-address limits.
  std::string client;
  reply_fn reply;

  bool get() const { return method == http::verb::get || method == http::verb::head; }
  /// Answers 400 bad_query with `why`.
  void bad_query(const std::string& why) const;
  /// Answers 400 `code` with `message`.
  void bad_request(std::string_view code, std::string_view message) const;
};

using handler = std::function<void(call&)>;

class table {
 public:
  /// Adds `method` on `pattern` (GET answers HEAD too). A pattern may be added once per method.
  /// All methods of one pattern share its access: a second access for it throws
  /// std::logic_error, as does a bad placeholder.
  void add(std::string_view pattern, access who, http::verb method, handler run);

  /// What a path found.
  struct found {
    /// The pattern matched ("/api/games/{id}"), for the access log.
    std::string_view pattern;
    access who = access::open;
    /// The handler of the request's method; nullptr when the path has none (a 405).
    const handler* run = nullptr;
    /// The methods the path allows, for a 405's Allow ("GET, HEAD, POST").
    std::string allow;
    std::vector<std::int64_t> ids;
    std::vector<std::string> names;
  };
  /// The route of `path` for `method`, or nullopt when no pattern matches the path (the first
  /// added wins when several would).
  std::optional<found> find(std::string_view path, http::verb method) const;

  /// Every pattern with its methods, in the order added ("GET /api/games"), for tests and docs.
  std::vector<std::string> list() const;

 private:
  struct route {
    std::string pattern;
    std::vector<std::string> parts;  // "{id}", "{name}" or a literal
    access who = access::open;
    std::vector<std::pair<http::verb, handler>> methods;
  };
  std::vector<route> routes_;
};

}  // namespace loyang::server::routes
