#include "metrics.hpp"

#include <sstream>

namespace loyang::server {

void metrics::command_rejected(const std::string& code) {
  std::lock_guard lock(rejected_mutex_);
  ++rejected_[code];
}

void metrics::observe_latency(double seconds) {
  std::size_t i = 0;
  while (i < latency_bounds.size() && seconds > latency_bounds[i]) ++i;
  ++buckets_[i];
  ++latency_count_;
  latency_micros_sum_ += static_cast<std::int64_t>(seconds * 1e6);
}

void metrics::set_queue_depth_source(std::function<std::int64_t()> source) {
  queue_depth_ = std::move(source);
}

void metrics::set_readiness_source(std::function<std::optional<std::string>()> source) {
  readiness_ = std::move(source);
}

std::optional<std::string> metrics::not_ready_reason() const {
  return readiness_ ? readiness_() : std::nullopt;
}

std::string metrics::text() const {
  std::ostringstream out;
  auto gauge = [&](const char* name, const char* help, std::int64_t value, const char* type) {
    out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n'
        << name << ' ' << value << '\n';
  };
  gauge("loyang_connections", "Open WebSocket connections.", connections.load(), "gauge");
  gauge("loyang_http_requests_total", "HTTP requests answered.", http_requests.load(), "counter");
  gauge("loyang_games_in_memory", "Games loaded in memory.", games_in_memory.load(), "gauge");
  gauge("loyang_persistence_queue_depth", "Writes waiting for the database writer.",
        queue_depth_ ? queue_depth_() : 0, "gauge");
  gauge("loyang_store_ready", "1 while ready as /readyz says: writes succeed (and, several nodes, not catching up).",
        not_ready_reason() ? 0 : 1, "gauge");
  gauge("loyang_connections_dropped_total", "Connections closed because their send queue was full.",
        messages_dropped_connections.load(), "counter");
  gauge("loyang_password_hashes_total", "Password hashes and verifications computed (argon2id).",
        password_hashes.load(), "counter");
  gauge("loyang_logins_throttled_total", "Logins and password changes refused as too many attempts.",
        logins_throttled.load(), "counter");
  gauge("loyang_accept_failures_total",
        "Connections the listener failed to accept (out of file descriptors, ...); it backs off up to 1 s.",
        accept_failures.load(), "counter");
  out << "# HELP loyang_connections_refused_total Connections refused with 429 too_many_connections, by limit.\n"
      << "# TYPE loyang_connections_refused_total counter\n"
      << "loyang_connections_refused_total{limit=\"connections_per_address\"} " << refused_per_address.load() << '\n'
      << "loyang_connections_refused_total{limit=\"websockets_per_address\"} "
      << refused_websockets_per_address.load() << '\n';
  gauge("loyang_deadlines_armed", "Games with a turn clock running (the timer service waits for them).",
        deadlines_armed.load(), "gauge");
  gauge("loyang_deadlines_fired_total", "Times a game was woken for a reminder, a timeout or a vote's end.",
        deadlines_fired.load(), "counter");
  gauge("loyang_reminders_total", "Reminders that a deadline is near.", reminders_due.load(), "counter");
  gauge("loyang_timeouts_total", "Seats whose time ran out.", timeouts.load(), "counter");
  gauge("loyang_resignations_total", "Players who resigned a game.", resignations.load(), "counter");
  gauge("loyang_bot_decisions_total", "Commands bots chose on the bot threads.", bot_decisions.load(), "counter");
  gauge("loyang_bot_queue", "Bot decisions waiting for or running on the bot threads.", bot_queued.load(), "gauge");
  gauge("loyang_bot_queue_full_total", "Bot decisions put off because the bot threads' queue was full.",
        bot_queue_full.load(), "counter");
  gauge("loyang_bot_decisions_stale_total", "Bot decisions dropped because the game had moved on meanwhile.",
        bot_decisions_stale.load(), "counter");
  gauge("loyang_bot_budget_cut_total", "Strong bot decisions given fewer playouts because the bot threads were busy.",
        bot_budget_cut.load(), "counter");
  gauge("loyang_bot_out_of_time_total", "Strong bot decisions stopped by their time limit.", bot_out_of_time.load(),
        "counter");
  gauge("loyang_hints_total", "Hints answered.", hints.load(), "counter");
  gauge("loyang_analysed_decisions_total", "Decisions of finished games the analysis weighed.",
        analysed_decisions.load(), "counter");
  gauge("loyang_notifications_queued", "Notifications in the outbox, not yet delivered or given up.",
        notifications_queued.load(), "gauge");
  gauge("loyang_notifications_sent_total", "Notifications delivered.", notifications_sent.load(), "counter");
  gauge("loyang_notifications_retried_total", "Delivery attempts that failed and will be tried again.",
        notifications_retried.load(), "counter");
  gauge("loyang_notifications_failed_total", "Notifications given up after their last try.",
        notifications_failed.load(), "counter");
  gauge("loyang_notifications_dropped_total", "Notifications not sent: their account no longer wants them.",
        notifications_dropped.load(), "counter");
  gauge("loyang_commands_accepted_total", "Game commands accepted and made durable.",
        commands_accepted.load(), "counter");
  gauge("loyang_remote_commands_total", "Commands other nodes stored, replayed and shown here.",
        remote_commands.load(), "counter");
  gauge("loyang_remote_changes_total", "Notifications of other nodes' commits received.", remote_changes.load(),
        "counter");
  gauge("loyang_resyncs_total", "Re-reads of everything held after the listening connection was lost.",
        resyncs.load(), "counter");
  gauge("loyang_resync_failures_total", "Re-reads of everything held that failed; each is tried again after 0.5 s.",
        resync_failures.load(), "counter");
  gauge("loyang_catching_up", "1 while this node may lack other nodes' changes (not ready meanwhile).",
        catching_up.load(), "gauge");
  gauge("loyang_account_lookups_skipped_total",
        "Unknown names and tokens not looked up in the database because more than its rate came.",
        account_lookups_skipped.load(), "counter");
  gauge("loyang_leader", "1 while this node runs bots, clocks and notification delivery (several nodes).",
        leader.load(), "gauge");
  out << "# HELP loyang_commands_rejected_total Game commands refused, by error code.\n"
      << "# TYPE loyang_commands_rejected_total counter\n";
  {
    std::lock_guard lock(rejected_mutex_);
    for (const auto& [code, n] : rejected_) {
      out << "loyang_commands_rejected_total{code=\"" << code << "\"} " << n << '\n';
    }
  }
  out << "# HELP loyang_command_latency_seconds From a command's arrival to its durable result.\n"
      << "# TYPE loyang_command_latency_seconds histogram\n";
  std::int64_t cumulative = 0;
  for (std::size_t i = 0; i < latency_bounds.size(); ++i) {
    cumulative += buckets_[i].load();
    out << "loyang_command_latency_seconds_bucket{le=\"" << latency_bounds[i] << "\"} "
        << cumulative << '\n';
  }
  cumulative += buckets_.back().load();
  out << "loyang_command_latency_seconds_bucket{le=\"+Inf\"} " << cumulative << '\n'
      << "loyang_command_latency_seconds_sum " << static_cast<double>(latency_micros_sum_.load()) / 1e6
      << '\n'
      << "loyang_command_latency_seconds_count " << latency_count_.load() << '\n';
  return out.str();
}

}  // namespace loyang::server
