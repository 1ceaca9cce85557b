#pragma once
/// The server's settings, from command-line flags and LOYANG_* environment variables.
/// A flag wins over its environment variable, which wins over the default.
///
///   flag                 environment        default
///   --port N             LOYANG_PORT        8080 (0 picks a free port)
///   --address A          LOYANG_ADDRESS     0.0.0.0
///   --data DIR           LOYANG_DATA        ./data
///   --database URL       LOYANG_DATABASE    (none: SQLite in --data; postgresql://... for PostgreSQL)
///   --web DIR            LOYANG_WEB         <exe-dir>/../../web, else ./web
///   --threads N          LOYANG_THREADS     the number of CPU cores
///   --bot-threads N      LOYANG_BOT_THREADS 1 (threads bots think on, 1-64)
///   --analysis-playouts N LOYANG_ANALYSIS_PLAYOUTS 60 (per decision of a finished game's analysis)
///   --log-level L        LOYANG_LOG_LEVEL   info
///   --allowed-origins L  LOYANG_ALLOWED_ORIGINS  (any)
///   --password-cost C    LOYANG_PASSWORD_COST    interactive
///   --memory-only B      LOYANG_MEMORY_ONLY      false
///   --ws-rate N          LOYANG_WS_RATE          20 (WebSocket messages per second per connection)
///   --max-connections-per-account N  LOYANG_MAX_CONNECTIONS_PER_ACCOUNT  16
///   --max-connections-per-address N  LOYANG_MAX_CONNECTIONS_PER_ADDRESS  256 (TCP, per peer; 0: no limit)
///   --max-websockets-per-address N   LOYANG_MAX_WEBSOCKETS_PER_ADDRESS   128 (per client; 0: no limit)
///   --token-idle-lifetime D  LOYANG_TOKEN_IDLE_LIFETIME  30d (D: a number and s, m, h or d)
///   --token-lifetime D       LOYANG_TOKEN_LIFETIME       180d
///   --trusted-proxies L      LOYANG_TRUSTED_PROXIES      (none; addresses and CIDRs)
///   --signups-per-hour N     LOYANG_SIGNUPS_PER_HOUR     5 (per client address; 0: no limit)
///   --max-open-games-per-account N   LOYANG_MAX_OPEN_GAMES_PER_ACCOUNT   20
///   --max-unfinished-games-per-account N  LOYANG_MAX_UNFINISHED_GAMES_PER_ACCOUNT  100
///   --write-budgets L    LOYANG_WRITE_BUDGETS    (the defaults; name=N per hour, comma-separated)
///   --history-reads-per-minute N     LOYANG_HISTORY_READS_PER_MINUTE     600 (per address; 0: no limit)
///   --vacation-days-per-year N     LOYANG_VACATION_DAYS_PER_YEAR     24
///   --public-url URL   LOYANG_PUBLIC_URL   http://localhost:PORT (links in notifications)
///   --smtp-url URL     LOYANG_SMTP_URL     (none: no e-mail)
///   --smtp-user U      LOYANG_SMTP_USER    --smtp-password P  LOYANG_SMTP_PASSWORD
///   --smtp-tls T       LOYANG_SMTP_TLS     required (STARTTLS must succeed; optional, off)
///   --smtp-ca-file F   LOYANG_SMTP_CA_FILE (the system's CAs)
///   --mail-from A      LOYANG_MAIL_FROM    loyang@<public host>
///   --webhook-private-addresses B  LOYANG_WEBHOOK_PRIVATE_ADDRESSES  false
///   --webhook-allow-networks L     LOYANG_WEBHOOK_ALLOW_NETWORKS     (none; addresses and CIDRs)
///   --notify-max-attempts N        LOYANG_NOTIFY_MAX_ATTEMPTS        8
///   --notify-retry-base D          LOYANG_NOTIFY_RETRY_BASE          1m (doubling, at most 1h)
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>
#include <string_view>

namespace loyang::server {

/// Everything the server needs to start.
struct config {
  /// IP address to listen on.
  std::string address = "0.0.0.0";
  /// TCP port to listen on; 0 lets the system pick one (server::port() tells which).
  std::uint16_t port = 8080;
  /// Directory of the durable state; created if absent. The database is data_dir/loyang.db
  /// unless database_url names another.
  std::filesystem::path data_dir = "data";
  /// A PostgreSQL database (postgresql://user:password@host:port/db?...) to store everything
  /// in instead of data_dir/loyang.db; empty: SQLite.
  std::string database_url;
  /// Several nodes: this process's name among the nodes sharing database_url (in the
  /// notifications its commits send the others, and in its start-up log); 1-63 letters,
  /// digits, '.', '_' or '-'. Empty: the host name, process id and a random number.
  std::string node_name;
  /// Directory of the static web client. Empty means default_web_root().
  std::filesystem::path web_root;
  /// Threads running the I/O loop, 1..max_threads.
  int threads = 1;
  /// Threads bots think on, apart from the I/O threads, 1..max_bot_threads.
  int bot_threads = 1;
  /// Bot decisions that may wait for or run on those threads at once; a game whose decision
  /// finds them full asks again shortly. Not a flag.
  std::size_t bot_queue_limit = 256;
  /// Playouts the analysis of a finished game gives each decision (bots/analysis.hpp), 1-10000.
  int analysis_playouts = 240;
  /// spdlog level name: trace, debug, info, warn, error, critical or off.
  std::string log_level = "info";
  /// "text" (a line per message, UTC time first) or "json" (an object per line).
  std::string log_format = "text";
  /// Where Prometheus scrapes /metrics (with /healthz and /readyz) apart from the players:
  /// "IP:PORT" ("[IPv6]:PORT"; port 0 picks one, server::metrics_port() tells); empty: no such
  /// listener.
  std::string metrics_address;
  /// Whether the game port serves /metrics too: "on"; "local" (only to a loopback peer whose
  /// request no proxy forwarded: no X-Forwarded-For or Forwarded header); "off".
  std::string metrics_on_game_port = "local";
  /// Whether a rated game may seat bot accounts and people together (docs/protocol.md, "Bot
  /// accounts"); by default bots play people unrated.
  bool rated_bot_games = false;
  /// Origins allowed to open a WebSocket; empty: any.
  std::vector<std::string> allowed_origins;
  /// argon2id cost of password hashes: "interactive" or "minimal" (tests, load tools).
  std::string password_cost = "interactive";
  /// Keep games in memory only (tests): nothing is written to the database.
  bool memory_only = false;
  /// WebSocket messages a connection may send per second (token bucket, bursts of 3 s worth).
  double ws_messages_per_second = 20;
  /// Open WebSocket connections one account may have.
  int max_connections_per_account = 16;
  /// Open TCP connections (HTTP and WebSocket) one peer address may have, counted when the
  /// connection is accepted (IPv6 per /64; trusted proxies are not counted); 0: no limit.
  int max_connections_per_address = 256;
  /// Open WebSockets one client address (behind a trusted proxy: from X-Forwarded-For) may
  /// have, guests included, counted at the upgrade (IPv6 per /64); 0: no limit.
  int max_websockets_per_address = 128;
  /// Open games (waiting for players) one account may sit in, 1..10000. Board Game Arena
  /// caps turn-based tables near 20.
  int max_open_games_per_account = 20;
  /// Unfinished games (waiting for players or in play) one account may sit in, 1..100000:
  /// creating, joining or asking for a rematch beyond it is refused (too_many_games).
  int max_unfinished_games_per_account = 100;
  /// Writes per hour of the budgets named (budgets/write_budgets.hpp: games, chat, ...; 0: no
  /// limit), checked by parse_config; the others keep their defaults.
  std::vector<std::pair<std::string, int>> write_budgets;
  /// Games nobody watches leave memory after about this long.
  std::chrono::seconds evict_after{300};
  /// If > 0, the database may grow to this many pages and no more (a quota; the tests use
  /// it to fill the "disk"). No flag: not an operator setting.
  std::int64_t max_database_pages = 0;
  /// A login token unused for this long expires (an open WebSocket counts as use).
  std::chrono::seconds token_idle_lifetime{std::chrono::hours(24 * 30)};
  /// A login token expires this long after the login, used or not.
  std::chrono::seconds token_lifetime{std::chrono::hours(24 * 180)};
  /// Proxies (addresses or CIDRs, checked by parse_config) whose X-Forwarded-For names the
  /// client; empty: the socket's peer is the client.
  std::vector<std::string> trusted_proxies;
  /// Accounts one client address may create per hour; 0: no limit (tests, load tools).
  int signups_per_hour = 5;
  /// History and record reads (GET /api/games/ID/history, /record) one client address may
  /// make per minute; 0: no limit.
  int history_reads_per_minute = 600;
  /// The wall clock in Unix seconds for token expiry, throttling and turn clocks; empty: the
  /// system's. Not a flag: tests set it to move time.
  std::function<std::int64_t()> clock;
  /// Vacation days each player may declare per calendar year (UTC); 0: none.
  int vacation_days_per_year = 24;
  /// The address players open the server at (no trailing slash), for links in notifications;
  /// empty: http://localhost:<port>.
  std::string public_url;
  /// The SMTP relay for notification e-mails (smtp:// or smtps://); empty: no e-mail.
  std::string smtp_url;
  std::string smtp_user;
  std::string smtp_password;
  /// "required" (STARTTLS must succeed), "optional" (when offered) or "off".
  std::string smtp_tls = "required";
  /// CA certificates (PEM) the relay's certificate is checked against; empty: the system's.
  std::string smtp_ca_file;
  /// The From address of notification e-mails; empty: loyang@<public host>.
  std::string mail_from;
  /// Whether webhooks may go to loopback and private addresses (127/8, 10/8, 172.16/12,
  /// 192.168/16, ::1, fc00::/7): the older way of saying webhook_allow_networks with those.
  bool webhook_private_addresses = false;
  /// Blocks (addresses or CIDRs, checked by parse_config) webhooks may go to although they are
  /// special-purpose or this host's own addresses (a receiver on the LAN, the tests).
  std::vector<std::string> webhook_allow_networks;
  /// Deliveries tried before a notification is given up (recorded as failed).
  int notify_max_attempts = 8;
  /// The wait before the first retry, doubled for each further one (at most an hour).
  std::chrono::milliseconds notify_retry_base{std::chrono::minutes(1)};
  /// How often the sender looks for due notifications when nothing woke it. Not a flag.
  std::chrono::milliseconds notify_poll{std::chrono::seconds(5)};
  /// The longest the turn clocks' timer sleeps before reading `clock` again. Not a flag: tests
  /// that move `clock` by hand shorten it.
  std::chrono::milliseconds clock_max_sleep{std::chrono::seconds(30)};
};

/// Upper bound of config::threads.
inline constexpr int max_threads = 256;
/// Upper bound of config::bot_threads.
inline constexpr int max_bot_threads = 64;

/// What the command line asks for.
enum class config_action {
  run,      ///< start the server with config_result::settings
  help,     ///< print usage() and exit 0
  version,  ///< print the version and exit 0
  error,    ///< print config_result::message and exit 2
};

/// An address and port as config::metrics_address holds them: "IP:PORT" or "[IPv6]:PORT".
struct host_port {
  std::string host;  ///< without brackets
  std::uint16_t port = 0;
};
/// `text` split and checked (the host an IPv4 or IPv6 address, the port 0-65535); nullopt
/// when it is not of that form.
std::optional<host_port> parse_host_port(std::string_view text);

/// The outcome of parse_config().
struct config_result {
  config_action action = config_action::run;
  /// The settings; complete when action is run.
  config settings;
  /// Why the command line or environment was refused, when action is error.
  std::string message;
  /// What the operator should change though the server may start (a password on the command
  /// line, where any user of the machine can read it in the process list), one sentence each.
  std::vector<std::string> warnings;
};

/// Looks up an environment variable; nullopt when unset. Every LOYANG_X may instead be given as
/// LOYANG_X_FILE, the name of a file holding the value (a Docker or Kubernetes secret; a final
/// line break is dropped); both at once are refused.
using env_lookup = std::function<std::optional<std::string>(std::string_view name)>;

/// The real process environment, for env_lookup. Empty values count as unset.
std::optional<std::string> process_env(std::string_view name);

/// Parses `args` (the command line without the program name) over the environment seen
/// through `env`. Accepts `--flag value` and `--flag=value`. Never throws except
/// std::bad_alloc; every problem becomes action == error with a one-line message.
config_result parse_config(std::span<const std::string> args, const env_lookup& env);

/// The --help text.
std::string usage(std::string_view program);

/// Where the web client is when --web/LOYANG_WEB is not given: the first existing directory
/// of `exe_dir`/../../web, `exe_dir`/../../../web (the binary inside the build tree,
/// build/<type>/server/) and ./web; ./web when none exists.
std::filesystem::path default_web_root(const std::filesystem::path& exe_dir);

}  // namespace loyang::server
