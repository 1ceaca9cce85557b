#include "loyang/server/config.hpp"

#include <boost/asio/ip/address.hpp>
#include <algorithm>
#include <regex>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <system_error>
#include <thread>
#include <type_traits>
#include <variant>

#include "accounts/client_address.hpp"
#include "budgets/write_budgets.hpp"

namespace loyang::server {
namespace {

constexpr std::array<std::string_view, 9> log_levels{
    "trace", "debug", "info", "warn", "warning", "error", "err", "critical", "off"};

/// A whole-number setting: the member of config it goes to and its range. A value out of it
/// is refused with "<what> must be a number<unit> from <min><zero> to <max>".
struct whole_number {
  std::variant<int config::*, std::uint16_t config::*, double config::*> member;
  long long min = 0;
  long long max = 0;
  std::string_view what;       // the setting as the refusal names it ("threads"), or nothing
  std::string_view unit = "";  // " of messages"
  std::string_view zero = "";  // what 0 means, where it is allowed: " (no limit)"
};

/// One setting: its flag, its environment variable and how a value is checked and stored:
/// by `apply`, or else, for a whole number, by `number`.
struct option {
  using apply_fn = std::optional<std::string> (*)(config& c, const std::string& value);
  constexpr option(std::string_view f, std::string_view e, apply_fn a) : flag(f), env(e), apply(a) {}
  constexpr option(std::string_view f, std::string_view e, whole_number n) : flag(f), env(e), number(n) {}

  std::string_view flag;
  std::string_view env;
  /// Stores `value` into `c`, or returns why it is not acceptable; null for a whole number.
  apply_fn apply = nullptr;
  whole_number number{};
};

std::optional<long long> to_integer(const std::string& value) {
  long long n = 0;
  const char* end = value.data() + value.size();
  auto [ptr, ec] = std::from_chars(value.data(), end, n);
  if (ec != std::errc() || ptr != end || value.empty()) return std::nullopt;
  return n;
}

/// Stores `value` for option `o` into `c`, or returns why it is not acceptable.
std::optional<std::string> apply_option(const option& o, config& c, const std::string& value) {
  if (o.apply) return o.apply(c, value);
  const auto& rule = o.number;
  const auto n = to_integer(value);
  if (!n || *n < rule.min || *n > rule.max) {
    return std::string(rule.what) + (rule.what.empty() ? "" : " ") + "must be a number" + std::string(rule.unit) +
           " from " + std::to_string(rule.min) + std::string(rule.zero) + " to " + std::to_string(rule.max);
  }
  std::visit([&](auto member) { c.*member = static_cast<std::remove_reference_t<decltype(c.*member)>>(*n); },
             rule.member);
  return std::nullopt;
}

std::optional<std::string> apply_address(config& c, const std::string& value) {
  boost::system::error_code ec;
  boost::asio::ip::make_address(value, ec);
  if (ec) return "address must be an IPv4 or IPv6 address";
  c.address = value;
  return std::nullopt;
}

std::optional<std::string> apply_metrics_address(config& c, const std::string& value) {
  if (!value.empty() && !parse_host_port(value)) {
    return "metrics address must be IP:PORT, e.g. 127.0.0.1:9464 or [::1]:9464";
  }
  c.metrics_address = value;
  return std::nullopt;
}

std::optional<std::string> apply_metrics_on_game_port(config& c, const std::string& value) {
  if (value != "on" && value != "local" && value != "off") return "must be on, local or off";
  c.metrics_on_game_port = value;
  return std::nullopt;
}

std::optional<std::string> apply_data(config& c, const std::string& value) {
  if (value.empty()) return "data directory must not be empty";
  c.data_dir = value;
  return std::nullopt;
}

std::optional<std::string> apply_database(config& c, const std::string& value) {
  if (value.rfind("postgresql://", 0) != 0 && value.rfind("postgres://", 0) != 0) {
    return "must be a PostgreSQL URL, postgresql://user:password@host:port/database";
  }
  c.database_url = value;
  return std::nullopt;
}

std::optional<std::string> apply_node_name(config& c, const std::string& value) {
  // Other nodes split a notification at spaces (pg_listener.cpp): no spaces, nothing odd.
  const bool fits = !value.empty() && value.size() <= 63 && std::all_of(value.begin(), value.end(), [](unsigned char ch) {
    return std::isalnum(ch) || ch == '.' || ch == '_' || ch == '-';
  });
  if (!fits) return "a node name has 1 to 63 letters, digits, '.', '_' or '-'";
  c.node_name = value;
  return std::nullopt;
}

std::optional<std::string> apply_web(config& c, const std::string& value) {
  if (value.empty()) return "web directory must not be empty";
  c.web_root = value;
  return std::nullopt;
}

std::optional<std::string> apply_log_level(config& c, const std::string& value) {
  if (std::find(log_levels.begin(), log_levels.end(), value) == log_levels.end()) {
    return "log level must be one of trace, debug, info, warn, error, critical, off";
  }
  c.log_level = value;
  return std::nullopt;
}

std::optional<std::string> apply_log_format(config& c, const std::string& value) {
  if (value != "text" && value != "json") return "log format must be text or json";
  c.log_format = value;
  return std::nullopt;
}

// An Origin as browsers send it (RFC 6454): http or https, a host in lower case (a name, an
// IPv4 address or a bracketed IPv6 one), an optional port, and nothing after.
bool is_origin(const std::string& item) {
  static const std::regex origin(R"((https?)://([a-z0-9]([a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(:[0-9]{1,5})?)");
  return std::regex_match(item, origin);
}

std::optional<std::string> apply_origins(config& c, const std::string& value) {
  c.allowed_origins.clear();
  std::size_t start = 0;
  while (start <= value.size()) {
    const auto comma = value.find(',', start);
    auto item = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!item.empty()) {
      // A value no browser sends would keep every WebSocket out, silently.
      if (!is_origin(item)) {
        return "\"" + item + "\" is not an Origin: scheme://host[:port] in lower case, without a path "
               "(e.g. https://loyang.example.org)";
      }
      c.allowed_origins.push_back(item);
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return std::nullopt;
}

std::optional<std::string> apply_password_cost(config& c, const std::string& value) {
  if (value != "interactive" && value != "minimal") {
    return "password cost must be interactive or minimal";
  }
  c.password_cost = value;
  return std::nullopt;
}

std::optional<std::string> apply_flag(bool& flag, const std::string& value) {
  if (value != "true" && value != "false" && value != "1" && value != "0") {
    return "must be true or false";
  }
  flag = value == "true" || value == "1";
  return std::nullopt;
}

std::optional<std::string> apply_memory(config& c, const std::string& value) { return apply_flag(c.memory_only, value); }

std::optional<std::string> apply_rated_bot_games(config& c, const std::string& value) {
  return apply_flag(c.rated_bot_games, value);
}

// A duration: a whole number with a unit, s, m, h or d ("30d"), at least a second and at
// most ten years.
std::optional<std::string> apply_duration(std::chrono::seconds& out, const std::string& value) {
  const char* const problem = "must be a number with s, m, h or d (e.g. 30d), up to 3650d";
  if (value.size() < 2) return problem;
  const auto n = to_integer(value.substr(0, value.size() - 1));
  long long unit = 0;
  switch (value.back()) {
    case 's': unit = 1; break;
    case 'm': unit = 60; break;
    case 'h': unit = 3600; break;
    case 'd': unit = 86400; break;
    default: return problem;
  }
  if (!n || *n < 1 || *n > 3650LL * 86400 / unit) return problem;
  out = std::chrono::seconds(*n * unit);
  return std::nullopt;
}

std::optional<std::string> apply_idle_lifetime(config& c, const std::string& value) {
  return apply_duration(c.token_idle_lifetime, value);
}

std::optional<std::string> apply_token_lifetime(config& c, const std::string& value) {
  return apply_duration(c.token_lifetime, value);
}

std::optional<std::string> apply_trusted_proxies(config& c, const std::string& value) {
  std::string bad;
  const auto nets = parse_networks(value, bad);
  if (!nets) return "'" + bad + "' is not an IP address or CIDR block (e.g. 10.0.0.0/8)";
  c.trusted_proxies.clear();
  std::size_t start = 0;
  while (start <= value.size()) {
    const auto comma = value.find(',', start);
    auto item = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (!item.empty()) c.trusted_proxies.push_back(item);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return std::nullopt;
}

std::optional<std::string> apply_public_url(config& c, const std::string& value) {
  if (value.rfind("http://", 0) != 0 && value.rfind("https://", 0) != 0) {
    return "public URL must start with http:// or https://";
  }
  c.public_url = value.back() == '/' ? value.substr(0, value.size() - 1) : value;
  return std::nullopt;
}

std::optional<std::string> apply_smtp_url(config& c, const std::string& value) {
  if (value.rfind("smtp://", 0) != 0 && value.rfind("smtps://", 0) != 0) {
    return "SMTP URL must be smtp://host:port (STARTTLS) or smtps://host:port (TLS)";
  }
  c.smtp_url = value;
  return std::nullopt;
}

std::optional<std::string> apply_smtp_user(config& c, const std::string& value) {
  c.smtp_user = value;
  return std::nullopt;
}

std::optional<std::string> apply_smtp_password(config& c, const std::string& value) {
  c.smtp_password = value;
  return std::nullopt;
}

std::optional<std::string> apply_smtp_tls(config& c, const std::string& value) {
  if (value != "required" && value != "optional" && value != "off") return "must be required, optional or off";
  c.smtp_tls = value;
  return std::nullopt;
}

std::optional<std::string> apply_smtp_ca_file(config& c, const std::string& value) {
  c.smtp_ca_file = value;
  return std::nullopt;
}

std::optional<std::string> apply_mail_from(config& c, const std::string& value) {
  if (value.find('@') == std::string::npos || value.find_first_of("\r\n<>") != std::string::npos) {
    return "must be an e-mail address such as loyang@example.org";
  }
  c.mail_from = value;
  return std::nullopt;
}

std::optional<std::string> apply_webhook_private(config& c, const std::string& value) {
  if (value != "true" && value != "false" && value != "1" && value != "0") return "must be true or false";
  c.webhook_private_addresses = value == "true" || value == "1";
  return std::nullopt;
}

// The items of a comma-separated list, spaces around them dropped, empty ones skipped.
std::vector<std::string> list_items(const std::string& value) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= value.size()) {
    const auto comma = value.find(',', start);
    auto item = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (!item.empty()) out.push_back(item);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

std::optional<std::string> apply_webhook_allow(config& c, const std::string& value) {
  std::string bad;
  if (!parse_networks(value, bad)) return "'" + bad + "' is not an IP address or CIDR block (e.g. 10.0.0.0/8)";
  c.webhook_allow_networks = list_items(value);
  return std::nullopt;
}

std::optional<std::string> apply_write_budgets(config& c, const std::string& value) {
  std::vector<std::pair<std::string, int>> out;
  if (value == "off") {  // load tools: every budget unlimited
    for (const auto& k : budgets::kinds) out.emplace_back(k.name, 0);
    c.write_budgets = std::move(out);
    return std::nullopt;
  }
  for (const auto& item : list_items(value)) {
    const auto eq = item.find('=');
    const auto name = item.substr(0, eq);
    if (!budgets::kind_of(name)) {
      std::string known;
      for (const auto& k : budgets::kinds) known += (known.empty() ? "" : ", ") + std::string(k.name);
      return "unknown budget '" + name + "' (known: " + known + ")";
    }
    const auto n = eq == std::string::npos ? std::nullopt : to_integer(item.substr(eq + 1));
    if (!n || *n < 0 || *n > 1000000) return "'" + item + "': a budget is name=N, N writes per hour from 0 (no limit) to 1000000";
    out.emplace_back(name, static_cast<int>(*n));
  }
  c.write_budgets = std::move(out);
  return std::nullopt;
}

std::optional<std::string> apply_notify_retry(config& c, const std::string& value) {
  std::chrono::seconds d{};
  if (auto problem = apply_duration(d, value)) return problem;
  c.notify_retry_base = d;
  return std::nullopt;
}

constexpr std::array<option, 41> options{{
    {"--max-unfinished-games-per-account", "LOYANG_MAX_UNFINISHED_GAMES_PER_ACCOUNT",
     whole_number{&config::max_unfinished_games_per_account, 1, 100000, "max unfinished games"}},
    {"--write-budgets", "LOYANG_WRITE_BUDGETS", apply_write_budgets},
    {"--webhook-allow-networks", "LOYANG_WEBHOOK_ALLOW_NETWORKS", apply_webhook_allow},
    {"--smtp-ca-file", "LOYANG_SMTP_CA_FILE", apply_smtp_ca_file},
    {"--vacation-days-per-year", "LOYANG_VACATION_DAYS_PER_YEAR",
     whole_number{&config::vacation_days_per_year, 0, 366, "", " of days"}},
    {"--notify-retry-base", "LOYANG_NOTIFY_RETRY_BASE", apply_notify_retry},
    {"--public-url", "LOYANG_PUBLIC_URL", apply_public_url},
    {"--smtp-url", "LOYANG_SMTP_URL", apply_smtp_url},
    {"--smtp-user", "LOYANG_SMTP_USER", apply_smtp_user},
    {"--smtp-password", "LOYANG_SMTP_PASSWORD", apply_smtp_password},
    {"--smtp-tls", "LOYANG_SMTP_TLS", apply_smtp_tls},
    {"--mail-from", "LOYANG_MAIL_FROM", apply_mail_from},
    {"--webhook-private-addresses", "LOYANG_WEBHOOK_PRIVATE_ADDRESSES", apply_webhook_private},
    {"--notify-max-attempts", "LOYANG_NOTIFY_MAX_ATTEMPTS", whole_number{&config::notify_max_attempts, 1, 100, ""}},
    {"--port", "LOYANG_PORT", whole_number{&config::port, 0, 65535, "port"}},
    {"--address", "LOYANG_ADDRESS", apply_address},
    {"--metrics-address", "LOYANG_METRICS_ADDRESS", apply_metrics_address},
    {"--metrics-on-game-port", "LOYANG_METRICS_ON_GAME_PORT", apply_metrics_on_game_port},
    {"--data", "LOYANG_DATA", apply_data},
    {"--database", "LOYANG_DATABASE", apply_database},
    {"--node-name", "LOYANG_NODE_NAME", apply_node_name},
    {"--web", "LOYANG_WEB", apply_web},
    {"--threads", "LOYANG_THREADS", whole_number{&config::threads, 1, max_threads, "threads"}},
    {"--bot-threads", "LOYANG_BOT_THREADS", whole_number{&config::bot_threads, 1, max_bot_threads, "bot threads"}},
    {"--analysis-playouts", "LOYANG_ANALYSIS_PLAYOUTS",
     whole_number{&config::analysis_playouts, 1, 10000, "analysis playouts"}},
    {"--log-level", "LOYANG_LOG_LEVEL", apply_log_level},
    {"--log-format", "LOYANG_LOG_FORMAT", apply_log_format},
    {"--allowed-origins", "LOYANG_ALLOWED_ORIGINS", apply_origins},
    {"--password-cost", "LOYANG_PASSWORD_COST", apply_password_cost},
    {"--memory-only", "LOYANG_MEMORY_ONLY", apply_memory},
    {"--rated-bot-games", "LOYANG_RATED_BOT_GAMES", apply_rated_bot_games},
    {"--ws-rate", "LOYANG_WS_RATE",
     whole_number{&config::ws_messages_per_second, 1, 100000, "ws rate", " of messages"}},
    {"--max-connections-per-account", "LOYANG_MAX_CONNECTIONS_PER_ACCOUNT",
     whole_number{&config::max_connections_per_account, 1, 100000, "max connections"}},
    {"--max-connections-per-address", "LOYANG_MAX_CONNECTIONS_PER_ADDRESS",
     whole_number{&config::max_connections_per_address, 0, 1000000, "", "", " (no limit)"}},
    {"--max-websockets-per-address", "LOYANG_MAX_WEBSOCKETS_PER_ADDRESS",
     whole_number{&config::max_websockets_per_address, 0, 1000000, "", "", " (no limit)"}},
    {"--token-idle-lifetime", "LOYANG_TOKEN_IDLE_LIFETIME", apply_idle_lifetime},
    {"--token-lifetime", "LOYANG_TOKEN_LIFETIME", apply_token_lifetime},
    {"--trusted-proxies", "LOYANG_TRUSTED_PROXIES", apply_trusted_proxies},
    {"--signups-per-hour", "LOYANG_SIGNUPS_PER_HOUR",
     whole_number{&config::signups_per_hour, 0, 1000000, "sign-ups per hour"}},
    {"--max-open-games-per-account", "LOYANG_MAX_OPEN_GAMES_PER_ACCOUNT",
     whole_number{&config::max_open_games_per_account, 1, 10000, "max open games"}},
    {"--history-reads-per-minute", "LOYANG_HISTORY_READS_PER_MINUTE",
     whole_number{&config::history_reads_per_minute, 0, 1000000, "history reads per minute"}},
}};

int default_threads() {
  const auto cores = static_cast<int>(std::thread::hardware_concurrency());
  return std::clamp(cores, 1, max_threads);
}

config_result refuse(std::string message) {
  config_result r;
  r.action = config_action::error;
  r.message = std::move(message);
  return r;
}

}  // namespace

std::optional<host_port> parse_host_port(std::string_view text) {
  const auto colon = text.rfind(':');
  if (colon == std::string_view::npos) return std::nullopt;
  auto host = text.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  boost::system::error_code ec;
  boost::asio::ip::make_address(std::string(host), ec);
  const auto port = text.substr(colon + 1);
  unsigned n = 0;
  const auto [end, err] = std::from_chars(port.data(), port.data() + port.size(), n);
  if (ec || port.empty() || err != std::errc() || end != port.data() + port.size() || n > 65535) return std::nullopt;
  return host_port{std::string(host), static_cast<std::uint16_t>(n)};
}

std::optional<std::string> process_env(std::string_view name) {
  const char* value = std::getenv(std::string(name).c_str());
  if (value == nullptr || *value == '\0') return std::nullopt;
  return std::string(value);
}

namespace {

/// The value of LOYANG_X, or of the file LOYANG_X_FILE names; an error sentence when both are
/// given or the file cannot be read.
std::variant<std::optional<std::string>, std::string> env_value(const env_lookup& env, std::string_view name) {
  const auto direct = env(name);
  const auto file = env(std::string(name) + "_FILE");
  if (!file) return direct;
  if (direct) return std::string(name) + " and " + std::string(name) + "_FILE are both set: give one";
  std::ifstream in(*file, std::ios::binary);
  std::string value((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) return std::string(name) + "_FILE=" + *file + ": the file cannot be read";
  if (!std::filesystem::is_regular_file(*file)) return std::string(name) + "_FILE=" + *file + ": no such file";
  if (value.ends_with("\r\n")) {
    value.resize(value.size() - 2);
  } else if (value.ends_with('\n')) {
    value.pop_back();
  }
  return std::optional<std::string>(std::move(value));
}

/// Whether `url` holds a password (scheme://user:password@host...).
bool url_has_password(const std::string& url) {
  const auto scheme = url.find("://");
  if (scheme == std::string::npos) return false;
  const auto at = url.find('@', scheme + 3);
  const auto slash = url.find('/', scheme + 3);
  if (at == std::string::npos || (slash != std::string::npos && slash < at)) return false;
  return url.substr(scheme + 3, at - scheme - 3).find(':') != std::string::npos;
}

}  // namespace

config_result parse_config(std::span<const std::string> args, const env_lookup& env) {
  config_result result;
  result.settings.threads = default_threads();

  // The environment first, so that flags applied afterwards win.
  for (const auto& o : options) {
    auto found = env_value(env, o.env);
    if (auto* wrong = std::get_if<std::string>(&found)) return refuse(*wrong);
    auto value = std::get<std::optional<std::string>>(std::move(found));
    if (!value) continue;
    if (auto problem = apply_option(o, result.settings, *value)) {
      return refuse(std::string(o.env) + "=" + *value + ": " + *problem);
    }
  }

  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      result.action = config_action::help;
      return result;
    }
    if (arg == "--version") {
      result.action = config_action::version;
      return result;
    }
    const auto eq = arg.find('=');
    const std::string_view name = std::string_view(arg).substr(0, eq);
    const auto o = std::find_if(options.begin(), options.end(),
                                [&](const option& candidate) { return candidate.flag == name; });
    if (o == options.end()) return refuse("unknown option '" + arg + "'");
    std::string value;
    if (eq != std::string::npos) {
      value = arg.substr(eq + 1);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      return refuse("option " + std::string(name) + " needs a value");
    }
    const bool secret = name == "--smtp-password" || ((name == "--database" || name == "--smtp-url") && url_has_password(value));
    if (auto problem = apply_option(*o, result.settings, value)) {
      return refuse(std::string(name) + (secret ? "" : " " + value) + ": " + *problem);
    }
    if (secret) {
      const std::string variable(o->env);
      result.warnings.push_back(std::string(name) + " holds a password, which every user of this machine can read in "
                                "the process list: give it as " + variable + " or " + variable + "_FILE instead");
    }
  }
  return result;
}

std::string usage(std::string_view program) {
  std::string text = "Usage: " + std::string(program) + " [options]\n";
  text += "       " + std::string(program) +
          " backup [--data DIR] --out FILE  (online copy of the SQLite database; PostgreSQL: use pg_dump)\n";
  text += "       " + std::string(program) +
          " copy-to-postgres [--data DIR] --database URL  (SQLite into an empty PostgreSQL, checked)\n";
  text += "       " + std::string(program) +
          " operator grant|revoke NAME [--data DIR | --database URL]  (server stopped)\n";
  text += "       " + std::string(program) +
          " ratings [--data DIR | --database URL] [--json]  (recompute and check; SQLite: server stopped)\n";
  text += R"(
The At the Gates of Loyang game server: HTTP and WebSocket on one port.

Options (each also read from its environment variable; the flag wins):
  --port N          LOYANG_PORT       TCP port to listen on (default 8080; 0 = any free port)
  --address A       LOYANG_ADDRESS    IP address to listen on (default 0.0.0.0)
  --metrics-address IP:PORT           LOYANG_METRICS_ADDRESS
                                      serve /metrics, /healthz and /readyz there too, for
                                      Prometheus, apart from the players (default: none)
  --metrics-on-game-port M            LOYANG_METRICS_ON_GAME_PORT
                                      /metrics on the game port: on, local (a loopback
                                      peer, not through a proxy; default) or off
  --data DIR        LOYANG_DATA       data directory, created if absent (default ./data);
                                      the database is DIR/loyang.db
  --database URL    LOYANG_DATABASE   store everything in this PostgreSQL database instead,
                                      postgresql://user:password@host:port/database
                                      (give it in the environment to keep a password off
                                      the command line; default: none, SQLite in DIR)
  --node-name N     LOYANG_NODE_NAME  with --database: this node's name among the nodes
                                      sharing the database (letters, digits, '.', '_', '-';
                                      default: host name, process id, a random number)
  --web DIR         LOYANG_WEB        web client directory (default <exe-dir>/../../web,
                                      else ./web)
  --threads N       LOYANG_THREADS    I/O threads, 1-256 (default: number of CPU cores)
  --bot-threads N   LOYANG_BOT_THREADS
                                      threads bots think on, apart from the I/O threads,
                                      1-64 (default 1)
  --analysis-playouts N LOYANG_ANALYSIS_PLAYOUTS
                                      playouts per decision in the analysis of a finished
                                      game, 1-10000 (default 240; fewer: faster, rougher)
  --log-level L     LOYANG_LOG_LEVEL  trace, debug, info, warn, error, critical or off
                                      (default info)
  --log-format F    LOYANG_LOG_FORMAT text (a line per message, UTC time first) or json
                                      (an object per line; default text)
  --allowed-origins LIST              LOYANG_ALLOWED_ORIGINS
                                      comma-separated Origins allowed to open a WebSocket,
                                      e.g. https://loyang.example.org (default: any)
  --password-cost C LOYANG_PASSWORD_COST
                                      argon2id cost: interactive (default) or minimal
                                      (for tests and load tools only)
  --memory-only B   LOYANG_MEMORY_ONLY
                                      true: keep games in memory only, nothing durable
                                      (for tests; default false); the data directory is
                                      still locked through a loyang.db that keeps nothing
  --rated-bot-games B                 LOYANG_RATED_BOT_GAMES
                                      true: rated games may seat bot accounts and people
                                      together (default false: bots play people unrated)
  --ws-rate N       LOYANG_WS_RATE    WebSocket messages per second per connection
                                      (bursts of 3 s worth; default 20)
  --max-connections-per-account N     LOYANG_MAX_CONNECTIONS_PER_ACCOUNT
                                      open WebSockets per account (default 16)
  --max-connections-per-address N     LOYANG_MAX_CONNECTIONS_PER_ADDRESS
                                      open TCP connections per peer address, IPv6 per
                                      /64; trusted proxies are not counted (default 256;
                                      0 = no limit); over it: 429 too_many_connections
  --max-websockets-per-address N      LOYANG_MAX_WEBSOCKETS_PER_ADDRESS
                                      open WebSockets per client address, guests
                                      included, IPv6 per /64 (default 128; 0 = no limit)
  --token-idle-lifetime D             LOYANG_TOKEN_IDLE_LIFETIME
                                      a login unused this long expires; D is a number
                                      with s, m, h or d (default 30d; an open WebSocket
                                      counts as use)
  --token-lifetime D                  LOYANG_TOKEN_LIFETIME
                                      a login expires this long after it was made, used
                                      or not (default 180d)
  --trusted-proxies LIST              LOYANG_TRUSTED_PROXIES
                                      comma-separated addresses or CIDR blocks of reverse
                                      proxies whose X-Forwarded-For names the client, e.g.
                                      127.0.0.1,10.0.0.0/8 (default: none; the socket's
                                      peer is the client)
  --signups-per-hour N                LOYANG_SIGNUPS_PER_HOUR
                                      new accounts per client address per hour (default 5;
                                      0 = no limit, for tests and load tools)
  --max-open-games-per-account N      LOYANG_MAX_OPEN_GAMES_PER_ACCOUNT
                                      games waiting for players one account may sit in
                                      (default 20)
  --max-unfinished-games-per-account N LOYANG_MAX_UNFINISHED_GAMES_PER_ACCOUNT
                                      games waiting for players or in play one account
                                      may sit in, bot games too (default 100)
  --write-budgets LIST                LOYANG_WRITE_BUDGETS
                                      writes per hour per account, as name=N,name=N (0 = no
                                      limit); names and defaults: games=60,
                                      games_per_address=120 (per client address),
                                      invitations=60, seats=300, chat=600, notes=300,
                                      reports=10, relations=120, messages=60,
                                      settings=60, moderation=600, tournaments=10,
                                      other=600
                                      (docs/security.md);
                                      off: no limits (load tools)
  --history-reads-per-minute N        LOYANG_HISTORY_READS_PER_MINUTE
                                      history and record reads per client address per
                                      minute (default 600; 0 = no limit)
  --vacation-days-per-year N          LOYANG_VACATION_DAYS_PER_YEAR
                                      days of absence each player may declare per calendar
                                      year, his turn clocks standing (default 24; 0 = none)

Notifications (docs/protocol.md, "Notifications"):
  --public-url URL                    LOYANG_PUBLIC_URL
                                      the address players open the server at, for the links
                                      in e-mails and webhooks (default http://localhost:PORT)
  --smtp-url URL                      LOYANG_SMTP_URL
                                      the mail relay: smtp://host:587 (STARTTLS) or
                                      smtps://host:465 (default: none, no e-mail is sent)
  --smtp-user U, --smtp-password P    LOYANG_SMTP_USER, LOYANG_SMTP_PASSWORD
                                      the relay's login, if it needs one (prefer the
                                      environment for the password)
  --smtp-tls T                        LOYANG_SMTP_TLS
                                      required (default: STARTTLS must succeed), optional
                                      (used when offered) or off (a relay on this host)
  --smtp-ca-file F                    LOYANG_SMTP_CA_FILE
                                      CA certificates (PEM) to check the relay's
                                      certificate against (default: the system's)
  --mail-from A                       LOYANG_MAIL_FROM
                                      the sender address (default loyang@ the public host)
  --webhook-private-addresses B       LOYANG_WEBHOOK_PRIVATE_ADDRESSES
                                      true: as --webhook-allow-networks with loopback and
                                      the private blocks (127/8, 10/8, 172.16/12,
                                      192.168/16, ::1, fc00::/7; default false)
  --webhook-allow-networks LIST       LOYANG_WEBHOOK_ALLOW_NETWORKS
                                      comma-separated addresses or CIDR blocks webhooks may
                                      go to although they are special-purpose (private,
                                      loopback, documentation...) or this host's own, e.g.
                                      192.168.1.0/24 for a receiver on the LAN (default:
                                      none)
  --notify-max-attempts N             LOYANG_NOTIFY_MAX_ATTEMPTS
                                      deliveries tried before a notification is given up
                                      (default 8)
  --notify-retry-base D               LOYANG_NOTIFY_RETRY_BASE
                                      the wait before the first retry, doubled for each
                                      further one up to an hour (default 1m)
  --version                           print the version and exit
  -h, --help                          print this help and exit

Exit status: 0 after SIGINT/SIGTERM, 1 on a failure while running, 2 when it cannot start
as set up: bad options, a data directory in use by another server, a data directory or
database that cannot be written or used, a port that is taken.
GET /healthz: alive; GET /readyz: 200 while the database accepts writes, else 503.
)";
  return text;
}

std::filesystem::path default_web_root(const std::filesystem::path& exe_dir) {
  std::error_code ec;
  for (const auto& candidate :
       {exe_dir / ".." / ".." / "web", exe_dir / ".." / ".." / ".." / "web"}) {
    if (!exe_dir.empty() && std::filesystem::is_directory(candidate, ec)) {
      auto canonical = std::filesystem::weakly_canonical(candidate, ec);
      return ec ? candidate : canonical;
    }
  }
  return std::filesystem::path("web");
}

}  // namespace loyang::server
