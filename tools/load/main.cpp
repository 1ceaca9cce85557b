// loyang-load: runs many random games (or holds many idle connections) against a running
// loyang-server and prints a JSON report: throughput, latencies, errors, server memory.
#include <sys/resource.h>

#include <cmath>
#include <iostream>
#include <map>
#include <thread>

#include "idle_client.hpp"
#include "launcher.hpp"
#include "options.hpp"
#include "player.hpp"
#include "report.hpp"
#include "setup.hpp"

namespace loyang::load {
namespace {

double seconds_since(clock::time_point t) {
  return std::chrono::duration<double>(clock::now() - t).count();
}

double round3(double v) { return std::round(v * 1000) / 1000; }

/// Raises the open-file limit to its hard limit: every connection is a descriptor.
void raise_file_limit() {
  rlimit r{};
  if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
    r.rlim_cur = r.rlim_max;
    setrlimit(RLIMIT_NOFILE, &r);
  }
}

/// The I/O threads of a run, each running its own io_context; stop() ends them. A game's
/// clients all live on one context, so their handlers never cross threads, and a context run
/// by one thread takes the handlers its own thread posts without locking (concurrency hint 1).
class io_threads {
 public:
  explicit io_threads(int n) {
    for (int i = 0; i < n; ++i) {
      contexts_.push_back(std::make_unique<net::io_context>(1));
      work_.push_back(net::make_work_guard(*contexts_.back()));
    }
    for (auto& c : contexts_) threads_.emplace_back([&ioc = *c] { ioc.run(); });
  }
  ~io_threads() { stop(); }
  /// The context for the i-th game or connection (round robin).
  net::io_context& ioc(std::size_t i) { return *contexts_[i % contexts_.size()]; }
  void stop() {
    work_.clear();
    for (auto& c : contexts_) c->stop();
    for (auto& t : threads_) t.join();
    threads_.clear();
  }

 private:
  std::vector<std::unique_ptr<net::io_context>> contexts_;
  std::vector<net::executor_work_guard<net::io_context::executor_type>> work_;
  std::vector<std::thread> threads_;
};

/// The server's figures: with several --server-pid (the nodes of a cluster), their sum.
process_sample sample_servers(const options& o) {
  auto total = sample_process(o.server_pid);
  for (const int pid : o.more_server_pids) {
    const auto s = sample_process(pid);
    total.rss_kb += s.rss_kb;
    total.peak_rss_kb += s.peak_rss_kb;
    total.cpu_seconds += s.cpu_seconds;
  }
  return total;
}

nlohmann::json memory_json(const process_sample& s) {
  return {{"rss_kb", s.rss_kb}, {"peak_rss_kb", s.peak_rss_kb}};
}

int run_games(const options& o) {
  const auto setup_began = clock::now();
  const auto tokens = make_accounts(o, accounts_for_tables(o));
  const auto plans = make_tables(o, tokens);
  const double setup_seconds = seconds_since(setup_began);
  const auto before = sample_servers(o);

  run_state run;
  run.game_interval = o.rate > 0 ? double(o.games) / o.rate : 0;
  run.chat_interval = o.chat > 0 ? 1.0 / o.chat : 0;
  const tcp::endpoint server(net::ip::make_address(o.host), o.port);
  io_threads io(o.threads);  // before the clients: their sockets must go first
  std::vector<std::shared_ptr<table>> tables;
  std::vector<std::shared_ptr<player>> players;
  std::uint64_t seed = o.seed;
  for (const auto& plan : plans) {
    auto t = std::make_shared<table>(net::make_strand(io.ioc(tables.size())), plan.game,
                                     o.players);
    for (std::size_t s = 0; s < plan.accounts.size(); ++s) {
      players.push_back(std::make_shared<player>(t, int(s), tokens[std::size_t(plan.accounts[s])],
                                                 server, o.host, run, seed++));
    }
    tables.push_back(std::move(t));
  }
  // --watch-port: a guest spectator per game, made after the players (their seeds unchanged).
  std::vector<std::shared_ptr<player>> watchers;
  if (o.watch_port != 0) {
    const tcp::endpoint watched(net::ip::make_address(o.watch_host), o.watch_port);
    for (auto& t : tables) {
      t->watched = true;
      watchers.push_back(std::make_shared<player>(t, player::watcher, "", watched, o.watch_host, run, seed++));
    }
  }
  const auto connect_began = clock::now();
  auto failed = launch_all(players, std::size_t(o.connect_window));
  failed += launch_all(watchers, std::size_t(o.connect_window));
  const double connect_seconds = seconds_since(connect_began);
  const auto connected = sample_servers(o);

  // The window: after the warm-up, for --seconds.
  const auto start = clock::now();
  const auto from = start + seconds(o.warmup);
  const auto to = from + seconds(o.seconds);
  run.measure_from = from.time_since_epoch().count();
  run.measure_to = to.time_since_epoch().count();
  // Games start their --rate pacing evenly spread over one interval, not all at once.
  for (std::size_t i = 0; i < tables.size(); ++i) {
    tables[i]->next_slot = start + seconds(run.game_interval * double(i) / double(tables.size()));
  }
  for (auto& p : players) p->go();
  std::this_thread::sleep_until(from);
  const auto server_from = sample_servers(o);
  const double own_from = own_cpu_seconds();
  std::this_thread::sleep_until(to);
  const auto server_to = sample_servers(o);
  const double own_to = own_cpu_seconds();
  run.stopping = true;
  for (auto& p : players) p->stop();
  for (auto& w : watchers) w->stop();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  io.stop();

  std::vector<float> result_micros, patch_micros, watch_micros;
  std::map<std::string, std::int64_t> errors;
  std::int64_t commands = 0, sent = 0, finished = 0, bytes = 0, chat_sent = 0, chat_accepted = 0, chat_received = 0;
  for (auto& t : tables) {
    result_micros.insert(result_micros.end(), t->result_micros.begin(), t->result_micros.end());
    patch_micros.insert(patch_micros.end(), t->patch_micros.begin(), t->patch_micros.end());
    watch_micros.insert(watch_micros.end(), t->watch_micros.begin(), t->watch_micros.end());
    for (const auto& [code, n] : t->errors) errors[code] += n;
    commands += t->commands;
    sent += t->commands_sent;
    bytes += t->bytes_received;
    chat_sent += t->chat_sent;
    chat_accepted += t->chat_accepted;
    chat_received += t->chat_received;
    finished += t->finished ? 1 : 0;
  }
  if (failed) errors["connect_failed"] += std::int64_t(failed);
  const double server_cpu = server_to.cpu_seconds - server_from.cpu_seconds;
  nlohmann::json report{
      {"mode", "games"},
      {"games", o.games},
      {"players", o.players},
      {"bots", o.bots},
      {"bot_level", o.bot_level.empty() ? nlohmann::json(nullptr) : nlohmann::json(o.bot_level)},
      {"connections", players.size()},
      {"threads", o.threads},
      {"rate_target", o.rate},
      {"setup_seconds", round3(setup_seconds)},
      {"connect_seconds", round3(connect_seconds)},
      {"warmup_seconds", o.warmup},
      {"seconds", o.seconds},
      {"commands_sent", sent},
      {"commands", commands},
      {"commands_per_second", round3(double(commands) / o.seconds)},
      {"result_latency_ms", latency_summary(result_micros)},
      {"patch_latency_ms", latency_summary(patch_micros)},
      {"errors", errors},
      {"chat_per_client", o.chat},
      {"chat_sent", chat_sent},
      {"chat_accepted", chat_accepted},
      {"chat_received", chat_received},
      {"bytes_received_per_command", commands ? bytes / commands : 0},
      {"games_finished", finished},
      {"load_tool_cpu_seconds", round3(own_to - own_from)},
  };
  if (!watchers.empty()) {
    report["watchers"] = watchers.size();
    report["watch_latency_ms"] = latency_summary(watch_micros);
  }
  if (o.server_pid) {
    report["server"] = {
        {"pid", o.server_pid},
        {"before_connections", memory_json(before)},
        {"connected", memory_json(connected)},
        {"after", memory_json(server_to)},
        {"cpu_seconds", round3(server_cpu)},
        {"cpu_microseconds_per_command",
         commands ? round3(server_cpu * 1e6 / double(commands)) : 0.0},
    };
    if (!o.more_server_pids.empty()) report["server"]["more_pids"] = o.more_server_pids;
  }
  std::cout << report.dump(2) << '\n';
  return failed == 0 ? 0 : 1;
}

int run_idle(const options& o) {
  const int accounts = (o.idle + o.per_account - 1) / o.per_account;
  const auto setup_began = clock::now();
  const auto tokens = make_accounts(o, accounts);
  const double setup_seconds = seconds_since(setup_began);
  const auto before = sample_servers(o);

  const tcp::endpoint server(net::ip::make_address(o.host), o.port);
  io_threads io(o.threads);
  std::vector<std::shared_ptr<idle_client>> clients;
  for (int i = 0; i < o.idle; ++i) {
    const auto& token = tokens[std::size_t(i / o.per_account)];
    clients.push_back(
        std::make_shared<idle_client>(io.ioc(std::size_t(i)), token, server, o.host));
  }
  const auto connect_began = clock::now();
  const auto failed = launch_all(clients, std::size_t(o.connect_window));
  const double connect_seconds = seconds_since(connect_began);
  std::this_thread::sleep_for(std::chrono::duration<double>(o.idle_hold));
  const auto held = sample_servers(o);
  for (auto& c : clients) c->stop();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  io.stop();

  const auto open = std::int64_t(clients.size() - failed);
  nlohmann::json report{
      {"mode", "idle"},
      {"connections", o.idle},
      {"connected", open},
      {"failed", failed},
      {"accounts", accounts},
      {"setup_seconds", round3(setup_seconds)},
      {"connect_seconds", round3(connect_seconds)},
      {"hold_seconds", o.idle_hold},
  };
  if (o.server_pid) {
    report["server"] = {
        {"pid", o.server_pid},
        {"before_connections", memory_json(before)},
        {"held", memory_json(held)},
        {"rss_bytes_per_connection",
         open ? round3(double(held.rss_kb - before.rss_kb) * 1024 / double(open)) : 0.0},
    };
  }
  std::cout << report.dump(2) << '\n';
  return failed == 0 ? 0 : 1;
}

}  // namespace
}  // namespace loyang::load

int main(int argc, char** argv) {
  using namespace loyang::load;
  auto parsed = parse_options(std::vector<std::string>(argv + 1, argv + argc));
  if (!parsed.value) {
    if (parsed.message.empty()) {
      std::cout << usage();
      return 0;
    }
    std::cerr << "loyang-load: " << parsed.message << "\nTry 'loyang-load --help'.\n";
    return 2;
  }
  raise_file_limit();
  try {
    return parsed.value->idle > 0 ? run_idle(*parsed.value) : run_games(*parsed.value);
  } catch (const std::exception& e) {
    std::cerr << "loyang-load: " << e.what() << '\n';
    return 1;
  }
}
