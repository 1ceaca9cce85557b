#pragma once
// Internal: the counters /metrics reports, in Prometheus' text format. Lock-free: every
// field is an atomic that any thread may bump.
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "histogram.hpp"

namespace loyang::server {

class metrics {
 public:
  /// Upper bounds of the command latency histogram, in seconds.
  static constexpr std::array<double, 12> latency_bounds{0.0005, 0.001, 0.002, 0.005, 0.01, 0.02,
                                                         0.05,   0.1,   0.25,  0.5,   1.0,  2.5};

  std::atomic<std::int64_t> connections{0};     ///< open WebSocket connections
  std::atomic<std::int64_t> games_in_memory{0};
  std::atomic<std::int64_t> commands_accepted{0};
  // Several nodes (cluster/).
  std::atomic<std::int64_t> remote_commands{0};  ///< commands other nodes stored, shown here
  std::atomic<std::int64_t> remote_changes{0};   ///< notifications of other nodes' commits
  std::atomic<std::int64_t> resyncs{0};          ///< re-reads after the listening connection was lost
  std::atomic<std::int64_t> resync_failures{0};  ///< such re-reads that failed (each is tried again)
  std::atomic<std::int64_t> catching_up{0};      ///< 1 while this node may lack other nodes' changes
  std::atomic<std::int64_t> account_lookups_skipped{0};  ///< unknown names/tokens not looked up: over the rate
  std::atomic<std::int64_t> leader{0};           ///< 1 while this node runs bots, clocks, notifications
  std::atomic<std::int64_t> messages_dropped_connections{0};  ///< closed for a full send queue
  std::atomic<std::int64_t> password_hashes{0};   ///< argon2id hashes and verifications run
  std::atomic<std::int64_t> logins_throttled{0};  ///< logins refused with too_many_attempts
  std::atomic<std::int64_t> login_failures{0};    ///< logins refused: no such name, or a wrong password
  std::atomic<std::int64_t> websocket_messages_in{0};   ///< messages read from WebSockets
  std::atomic<std::int64_t> websocket_messages_out{0};  ///< messages written to WebSockets
  // Connections and descriptors (listener, http_session).
  std::atomic<std::int64_t> accept_failures{0};  ///< accepts that failed (out of descriptors, ...)
  std::atomic<std::int64_t> refused_per_address{0};  ///< TCP connections over --max-connections-per-address
  std::atomic<std::int64_t> refused_websockets_per_address{0};  ///< upgrades over --max-websockets-per-address
  // Turn clocks (clocks/).
  std::atomic<std::int64_t> deadlines_armed{0};     ///< games the timer service waits for
  std::atomic<std::int64_t> deadlines_fired{0};     ///< games woken when something came due
  std::atomic<std::int64_t> reminders_due{0};       ///< reminders before a deadline
  std::atomic<std::int64_t> timeouts{0};            ///< seats whose time ran out
  std::atomic<std::int64_t> resignations{0};
  // Bots (bots/): decisions made on the bot pool.
  std::atomic<std::int64_t> bot_decisions{0};        ///< decisions a bot made on the pool
  std::atomic<std::int64_t> bot_queued{0};           ///< decisions waiting for or on the pool
  std::atomic<std::int64_t> bot_queue_full{0};       ///< decisions put off: the pool was full
  std::atomic<std::int64_t> bot_decisions_stale{0};  ///< decisions dropped: the game moved on
  std::atomic<std::int64_t> bot_budget_cut{0};       ///< strong decisions given fewer playouts: the pool was busy
  std::atomic<std::int64_t> bot_out_of_time{0};      ///< strong decisions stopped by their time limit
  std::atomic<std::int64_t> hints{0};                ///< hints answered
  std::atomic<std::int64_t> analysed_decisions{0};   ///< decisions of finished games analysed
  // Notifications (notify/).
  std::atomic<std::int64_t> notifications_queued{0};  ///< in the outbox, not yet settled
  std::atomic<std::int64_t> notifications_sent{0};
  std::atomic<std::int64_t> notifications_retried{0};  ///< attempts that failed and will be retried
  std::atomic<std::int64_t> notifications_failed{0};   ///< given up
  std::atomic<std::int64_t> notifications_dropped{0};  ///< no longer wanted by their account
  std::atomic<std::int64_t> notifications_held{0};  ///< turn notifications held while their player played

  /// Counts a refused command under its error code.
  void command_rejected(const std::string& code);

  /// Records the time from a command's arrival to its durable result.
  void observe_latency(double seconds);

  /// Counts an HTTP request answered under its route's pattern (logs/access.hpp) and status,
  /// and how long its answer took.
  void observe_http(std::string_view route, unsigned status, double seconds);

  /// Records a transaction the store's writer committed: how many writes it held and how long
  /// the commit took (the store's on_commit, on its writer thread).
  void observe_commit(std::size_t writes, double seconds);

  /// The build's version, for loyang_build_info (set once at start).
  void set_version(std::string version) { version_ = std::move(version); }
  /// The database's files whose sizes /metrics reports (SQLite: the file and its WAL), by the
  /// label they get; set once at start.
  void set_database_files(std::vector<std::pair<std::string, std::string>> files) { files_ = std::move(files); }

  /// How to read the persistence queue depth (set once at start).
  void set_queue_depth_source(std::function<std::int64_t()> source);

  /// How to ask the store whether writes succeed (set once at start): nullopt when they do,
  /// else the reason ("disk_full", ...).
  void set_readiness_source(std::function<std::optional<std::string>()> source);

  /// Why the server is not ready for traffic (its store refuses writes); nullopt when ready.
  std::optional<std::string> not_ready_reason() const;

  /// The Prometheus text exposition of everything above.
  std::string text() const;

 private:
  mutable std::mutex rejected_mutex_;  // a rare path; a map needs a lock
  std::map<std::string, std::int64_t> rejected_;
  histogram latency_{{latency_bounds.begin(), latency_bounds.end()}};
  histogram commit_seconds_{{0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5}};
  histogram commit_writes_{{1, 2, 4, 8, 16, 32, 64, 128, 256}};
  mutable std::mutex http_mutex_;  // a map per route; HTTP is rare beside the game's messages
  std::map<std::pair<std::string, unsigned>, std::int64_t> http_answers_;
  std::map<std::string, std::unique_ptr<histogram>, std::less<>> http_seconds_;
  std::string version_ = "unknown";
  std::vector<std::pair<std::string, std::string>> files_;
  std::function<std::int64_t()> queue_depth_;
  std::function<std::optional<std::string>()> readiness_;
};

}  // namespace loyang::server
