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

namespace loyang::server {

class metrics {
 public:
  /// Upper bounds of the command latency histogram, in seconds.
  static constexpr std::array<double, 12> latency_bounds{0.0005, 0.001, 0.002, 0.005, 0.01, 0.02,
                                                         0.05,   0.1,   0.25,  0.5,   1.0,  2.5};

  std::atomic<std::int64_t> connections{0};     ///< open WebSocket connections
  std::atomic<std::int64_t> http_requests{0};
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

  /// Counts a refused command under its error code.
  void command_rejected(const std::string& code);

  /// Records the time from a command's arrival to its durable result.
  void observe_latency(double seconds);

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
  std::array<std::atomic<std::int64_t>, latency_bounds.size() + 1> buckets_{};
  std::atomic<std::int64_t> latency_count_{0};
  std::atomic<std::int64_t> latency_micros_sum_{0};
  std::function<std::int64_t()> queue_depth_;
  std::function<std::optional<std::string>()> readiness_;
};

}  // namespace loyang::server
