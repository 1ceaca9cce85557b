#include "metrics.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace loyang::server {

void metrics::command_rejected(const std::string& code) {
  std::lock_guard lock(rejected_mutex_);
  ++rejected_[code];
}

void metrics::observe_latency(double seconds) { latency_.observe(seconds); }

void metrics::observe_http(std::string_view route, unsigned status, double seconds) {
  std::lock_guard lock(http_mutex_);
  ++http_answers_[{std::string(route), status}];
  auto it = http_seconds_.find(route);
  if (it == http_seconds_.end()) {
    it = http_seconds_
             .emplace(std::string(route), std::make_unique<histogram>(std::vector<double>{
                                              0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5}))
             .first;
  }
  it->second->observe(seconds);
}

void metrics::observe_commit(std::size_t writes, double seconds) {
  commit_seconds_.observe(seconds);
  commit_writes_.observe(static_cast<double>(writes));
}

namespace {

/// A family's `# HELP` and `# TYPE` lines.
void family(std::ostream& out, std::string_view name, std::string_view help, std::string_view type) {
  out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n';
}

/// A family of one unlabelled sample.
template <class Value>
void single(std::ostream& out, std::string_view name, std::string_view help, std::string_view type, Value value) {
  family(out, name, help, type);
  out << name << ' ' << value << '\n';
}

// The process_* metrics of Prometheus' client libraries, from /proc/self (Linux).
void write_process(std::ostream& out) {
  std::ifstream stat("/proc/self/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  // The fields after the command's closing parenthesis (the command may hold spaces).
  const auto close = text.rfind(')');
  if (close != std::string::npos) {
    std::istringstream fields(text.substr(close + 2));
    std::vector<std::string> f{std::istream_iterator<std::string>(fields), std::istream_iterator<std::string>()};
    // Counted from field 3 (state): utime 14, stime 15, starttime 22, vsize 23, rss 24.
    const auto at = [&](std::size_t n) { return n - 3 < f.size() ? std::stod(f[n - 3]) : 0.0; };
    const double ticks = static_cast<double>(::sysconf(_SC_CLK_TCK));
    const double page = static_cast<double>(::sysconf(_SC_PAGESIZE));
    double boot = 0;
    std::ifstream proc_stat("/proc/stat");
    for (std::string line; std::getline(proc_stat, line);) {
      if (line.rfind("btime ", 0) == 0) boot = std::stod(line.substr(6));
    }
    single(out, "process_cpu_seconds_total", "User and system CPU time spent, in seconds.", "counter",
           (at(14) + at(15)) / ticks);
    single(out, "process_resident_memory_bytes", "Resident memory size in bytes.", "gauge",
           static_cast<std::int64_t>(at(24) * page));
    single(out, "process_virtual_memory_bytes", "Virtual memory size in bytes.", "gauge",
           static_cast<std::int64_t>(at(23)));
    single(out, "process_start_time_seconds", "Start time of the process since the epoch, in seconds.", "gauge",
           boot + at(22) / ticks);
  }
  std::error_code ec;
  std::int64_t open = 0;
  for (auto it = std::filesystem::directory_iterator("/proc/self/fd", ec); !ec && it != std::filesystem::directory_iterator();
       it.increment(ec)) {
    ++open;
  }
  rlimit files{};
  ::getrlimit(RLIMIT_NOFILE, &files);
  single(out, "process_open_fds", "Open file descriptors.", "gauge", open);
  single(out, "process_max_fds", "The most file descriptors the process may open.", "gauge",
         static_cast<double>(files.rlim_cur));
}

}  // namespace

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
  out.precision(15);  // seconds since the epoch and byte counts, whole
  auto gauge = [&](const char* name, const char* help, std::int64_t value, const char* type) {
    single(out, name, help, type, value);
  };
  gauge("loyang_connections", "Open WebSocket connections.", connections.load(), "gauge");
  family(out, "loyang_build_info", "The server's version (always 1).", "gauge");
  out << "loyang_build_info{version=\"" << version_ << "\"} 1\n";
  write_process(out);
  {
    std::lock_guard lock(http_mutex_);
    family(out, "loyang_http_requests_total", "HTTP requests answered, by route pattern and status.", "counter");
    for (const auto& [key, n] : http_answers_) {
      out << "loyang_http_requests_total{route=\"" << key.first << "\",status=\"" << key.second << "\"} " << n << '\n';
    }
    family(out, "loyang_http_request_duration_seconds", "From an HTTP request read to its answer made, by route.",
           "histogram");
    for (const auto& [route, h] : http_seconds_) h->write(out, "loyang_http_request_duration_seconds", "route=\"" + route + "\"");
  }
  family(out, "loyang_websocket_messages_total", "WebSocket messages, read (in) and written (out).", "counter");
  out << "loyang_websocket_messages_total{direction=\"in\"} " << websocket_messages_in.load() << '\n'
      << "loyang_websocket_messages_total{direction=\"out\"} " << websocket_messages_out.load() << '\n';
  gauge("loyang_login_failures_total", "Logins refused: no such name or a wrong password.", login_failures.load(),
        "counter");
  family(out, "loyang_store_commit_seconds", "How long the store's writer took to commit a transaction.", "histogram");
  commit_seconds_.write(out, "loyang_store_commit_seconds");
  family(out, "loyang_store_commit_writes", "Writes per committed transaction (group commits).", "histogram");
  commit_writes_.write(out, "loyang_store_commit_writes");
  if (!files_.empty()) {
    family(out, "loyang_database_bytes", "Size of the database's files (SQLite: the database and its WAL).", "gauge");
    for (const auto& [label, path] : files_) {
      std::error_code ec;
      const auto size = std::filesystem::file_size(path, ec);
      out << "loyang_database_bytes{file=\"" << label << "\"} " << (ec ? 0 : size) << '\n';
    }
  }
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
  family(out, "loyang_connections_refused_total", "Connections refused with 429 too_many_connections, by limit.",
         "counter");
  out << "loyang_connections_refused_total{limit=\"connections_per_address\"} " << refused_per_address.load() << '\n'
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
  gauge("loyang_notifications_held_total",
        "Turn notifications held back because their player had the game open and was playing.",
        notifications_held.load(), "counter");
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
  family(out, "loyang_commands_rejected_total", "Game commands refused, by error code.", "counter");
  {
    std::lock_guard lock(rejected_mutex_);
    for (const auto& [code, n] : rejected_) {
      out << "loyang_commands_rejected_total{code=\"" << code << "\"} " << n << '\n';
    }
  }
  family(out, "loyang_command_latency_seconds", "From a command's arrival to its durable result.", "histogram");
  latency_.write(out, "loyang_command_latency_seconds");
  return out.str();
}

}  // namespace loyang::server
