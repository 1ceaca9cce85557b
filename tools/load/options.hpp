#pragma once
// loyang-load's command line.
#include <optional>
#include <string>
#include <vector>

namespace loyang::load {

struct options {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  /// Concurrent games (games mode).
  int games = 100;
  /// Seats per game, and how many of them are the server's bots; the rest are load clients.
  int players = 4;
  int bots = 0;
  /// The level of those bots ("random", "easy", "strong"); empty: the server's default.
  std::string bot_level;
  /// Measured seconds, after `warmup` seconds of play that are not measured.
  double seconds = 30;
  double warmup = 5;
  /// Commands per second aimed at across all games; 0: each game as fast as its answers come.
  double rate = 0;
  /// Chat messages per second each load client sends to its game (it then also reads the
  /// game's chat); 0: no chat.
  double chat = 0;
  /// Idle mode: open this many authenticated connections that do nothing.
  int idle = 0;
  /// Seconds the idle connections are held open before the server's memory is read.
  double idle_hold = 5;
  /// Threads running the I/O loop, and threads doing the HTTP setup.
  int threads = 2;
  int setup_threads = 4;
  /// The server's connections-per-account limit: how many connections share one account.
  int per_account = 16;
  /// Connections being opened at once.
  int connect_window = 256;
  /// Process id of the server, for its memory and CPU time (from /proc); the other ids of
  /// --server-pid's list (the nodes of a cluster), whose figures are added to its.
  int server_pid = 0;
  std::vector<int> more_server_pids;
  /// A watcher per game (a guest spectator) on this server, when the port is not 0: the time
  /// from a command's sending to the watcher's patch of it (another node of a cluster).
  std::string watch_host;
  unsigned short watch_port = 0;
  /// Prefix of the account names; each run needs fresh names.
  std::string prefix;
  std::string password = "load-test-password";
  std::uint64_t seed = 1;
};

/// The parsed options, or a message for stderr (empty message with nullopt: --help was asked).
struct parse_outcome {
  std::optional<options> value;
  std::string message;
};

parse_outcome parse_options(const std::vector<std::string>& args);

std::string usage();

}  // namespace loyang::load
