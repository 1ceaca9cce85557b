#include "options.hpp"

#include <charconv>
#include <chrono>
#include <algorithm>
#include <functional>
#include <map>

namespace loyang::load {
namespace {

template <class T>
bool to_number(const std::string& text, T& out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && !text.empty();
}

}  // namespace

std::string usage() {
  return R"(loyang-load: load a running loyang-server through its HTTP and WebSocket API.

  loyang-load [options]                games mode: --games concurrent random games
  loyang-load --idle N [options]       N idle authenticated connections

  --host H            server address (127.0.0.1)
  --port P            server port (8080)
  --games N           concurrent games (100)
  --players N         seats per game, 2-4 (4)
  --bots N            of which the server's bots (0)
  --bot-level L       their level: random, easy or strong (the server's default: easy)
  --seconds S         measured seconds (30)
  --warmup S          unmeasured seconds of play first (5)
  --rate R            commands/s aimed at over all games; 0: as fast as answered (0)
  --chat R            chat messages/s each client sends besides its commands, reading the
                      game's chat too (0: none; the server lets 0.5/s through per player)
  --idle N            idle mode: N connections
  --idle-hold S       seconds to hold them before reading the server's memory (5)
  --threads N         I/O threads (2)
  --setup-threads N   threads creating accounts and games over HTTP (4)
  --per-account N     connections sharing one account, the server's limit (16)
  --connect-window N  connections being opened at once (256)
  --server-pid PID    read the server's memory and CPU time from /proc/PID; PID,PID,...:
                      several servers (the nodes of a cluster), their figures added up
  --watch-port P      also open one watcher per game (a guest spectator) on this port,
                      e.g. another node of a cluster, and time each command from its
                      sending to the watcher's patch of it ("watch_latency_ms"; 0: none)
  --watch-host H      the watchers' server address (--host)
  --prefix P          account name prefix (default: from the clock)
  --seed S            seed of the random choices (1)

Prints one JSON report on stdout. Use with `loyang-server --password-cost minimal`.
)";
}

parse_outcome parse_options(const std::vector<std::string>& args) {
  options o;
  o.prefix = "ld" + std::to_string(std::chrono::system_clock::now().time_since_epoch() /
                                   std::chrono::seconds(1) % 100000000);
  auto integer = [](int& field, int low, int high) {
    return [&field, low, high](const std::string& v) {
      return to_number(v, field) && field >= low && field <= high;
    };
  };
  auto real = [](double& field) {
    return [&field](const std::string& v) {
      try {
        std::size_t used = 0;
        field = std::stod(v, &used);
        return used == v.size() && field >= 0;
      } catch (const std::exception&) {
        return false;
      }
    };
  };
  int port = o.port, watch_port = 0;
  const std::map<std::string, std::function<bool(const std::string&)>> setters{
      {"--host", [&](const std::string& v) { o.host = v; return !v.empty(); }},
      {"--port", integer(port, 1, 65535)},
      {"--games", integer(o.games, 1, 1000000)},
      {"--players", integer(o.players, 2, 4)},
      {"--bots", integer(o.bots, 0, 3)},
      {"--bot-level", [&](const std::string& v) { o.bot_level = v; return !v.empty(); }},
      {"--seconds", real(o.seconds)},
      {"--warmup", real(o.warmup)},
      {"--rate", real(o.rate)},
      {"--chat", real(o.chat)},
      {"--idle", integer(o.idle, 1, 1000000)},
      {"--idle-hold", real(o.idle_hold)},
      {"--threads", integer(o.threads, 1, 256)},
      {"--setup-threads", integer(o.setup_threads, 1, 256)},
      {"--per-account", integer(o.per_account, 1, 1000000)},
      {"--connect-window", integer(o.connect_window, 1, 1000000)},
      {"--server-pid",
       [&](const std::string& v) {
         std::vector<int> pids;
         for (std::size_t at = 0; at <= v.size();) {
           const auto comma = std::min(v.find(',', at), v.size());
           int pid = 0;
           if (!to_number(v.substr(at, comma - at), pid) || pid < 1) return false;
           pids.push_back(pid);
           at = comma + 1;
         }
         o.server_pid = pids.front();
         o.more_server_pids.assign(pids.begin() + 1, pids.end());
         return true;
       }},
      {"--watch-host", [&](const std::string& v) { o.watch_host = v; return !v.empty(); }},
      {"--watch-port", integer(watch_port, 0, 65535)},
      {"--prefix",
       [&](const std::string& v) {
         o.prefix = v;
         return !v.empty() && v.size() <= 12;  // names have at most 24 characters
       }},
      {"--seed", [&](const std::string& v) { return to_number(v, o.seed); }},
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string flag = args[i];
    std::optional<std::string> value;
    if (flag == "--help" || flag == "-h") return {std::nullopt, ""};
    if (const auto eq = flag.find('='); eq != std::string::npos) {
      value = flag.substr(eq + 1);
      flag = flag.substr(0, eq);
    }
    const auto it = setters.find(flag);
    if (it == setters.end()) return {std::nullopt, "unknown option " + flag};
    if (!value) {
      if (i + 1 == args.size()) return {std::nullopt, flag + " needs a value"};
      value = args[++i];
    }
    if (!it->second(*value)) return {std::nullopt, "bad value for " + flag + ": " + *value};
  }
  o.port = static_cast<unsigned short>(port);
  o.watch_port = static_cast<unsigned short>(watch_port);
  if (o.watch_host.empty()) o.watch_host = o.host;
  if (o.bots >= o.players) return {std::nullopt, "--bots must leave a seat for a load client"};
  return {o, ""};
}

}  // namespace loyang::load
