#pragma once
// Internal: what every session shares, as in Beast's chat-multi example: the web root, the
// start time, and the registry of open connections.
#include <chrono>
#include <ctime>
#include <filesystem>

#include <memory>

#include "accounts/client_address.hpp"
#include "address_counter.hpp"
#include "budgets/write_budgets.hpp"
#include "connection_registry.hpp"
#include "core/metrics.hpp"
#include "web/asset_catalog.hpp"
#include "ws_limits.hpp"

namespace loyang::server {

namespace chat {
class service;
}
namespace routes {
class table;
}

/// Which listener a connection came through: the game port (players, the web client), or the
/// metrics port (--metrics-address: /metrics, /healthz and /readyz for the operator only).
enum class port_role { game, metrics };

/// Whether the game port serves /metrics (--metrics-on-game-port).
enum class game_port_metrics { on, local, off };

/// State shared by the listener and all sessions. Owned through std::shared_ptr by each of
/// them, so it outlives the last session.
class shared_state {
 public:
  explicit shared_state(std::filesystem::path web_root);

  /// Directory the static files are served from.
  const std::filesystem::path& web_root() const noexcept { return web_root_; }

  /// Whole seconds since this state was made (the server's start).
  long long uptime_seconds() const noexcept;

  /// The open connections.
  connection_registry& connections() noexcept { return connections_; }

  /// Counters for /metrics.
  loyang::server::metrics& stats() noexcept { return *metrics_; }
  std::shared_ptr<loyang::server::metrics> stats_shared() const { return metrics_; }

  /// The games and their rooms; set once at start, before any connection.
  std::shared_ptr<class lobby> games;
  /// Accounts and logins (the bearer tokens, the WebSockets' hello); set with `games`.
  std::shared_ptr<class accounts> accounts;
  /// Every feature's HTTP endpoints (routes/table.hpp); set with `games`.
  std::shared_ptr<const routes::table> routes;
  /// Chat pages, for the WebSocket's chat_page (chat/service.hpp); set with `games`.
  std::shared_ptr<chat::service> chat;

  /// Whether the game port serves /metrics; set once at start. `local`: to a loopback peer
  /// whose request carries no X-Forwarded-For or Forwarded header (no proxy forwarded it).
  game_port_metrics metrics_on_game_port = game_port_metrics::local;

  /// WebSocket limits; set once at start.
  ws_limits limits;

  /// What each account may store per hour (budgets/write_budgets.hpp); the defaults on the
  /// system clock unless the server sets its own at start, before any connection.
  std::shared_ptr<budgets::write_budgets> budgets = std::make_shared<budgets::write_budgets>(
      budgets::write_budgets::defaults(), [] { return std::int64_t(std::time(nullptr)); });

  /// Proxies whose X-Forwarded-For is believed (--trusted-proxies); set once at start.
  std::vector<ip_network> trusted_proxies;

  /// The data directory (the database); set once at start. Never served as static files.
  std::filesystem::path data_dir;

  /// The web client's files as served (web/asset_catalog.hpp): the web root's, made anew at
  /// start once the data directory (never served) is known.
  std::shared_ptr<web::web_assets> assets;

  /// Open TCP connections one peer address may have (trusted proxies are not counted), and
  /// open WebSockets one client address may have; 0: no limit. Set once at start.
  std::size_t max_connections_per_address = 256;
  std::size_t max_websockets_per_address = 128;
  /// WebSockets one account may have open (its hello refused with too_many_connections past
  /// it), counted per account id once it said hello; 0: no limit. Set once at start.
  std::size_t max_websockets_per_account = 16;
  address_counter account_websockets;
  /// Open TCP connections per peer address key, counted at accept.
  address_counter peer_connections;
  /// Open WebSockets per client address key, counted at the upgrade.
  address_counter client_websockets;
  /// Connections over their address's limit still waiting for their 429 (one key, ""): each
  /// holds a descriptor for up to http_session::refusal_timeout, so they are bounded too.
  address_counter pending_refusals;
  static constexpr std::size_t max_pending_refusals = 64;

 private:
  std::filesystem::path web_root_;
  std::chrono::steady_clock::time_point started_;
  connection_registry connections_;
  std::shared_ptr<loyang::server::metrics> metrics_ = std::make_shared<loyang::server::metrics>();
};

}  // namespace loyang::server
