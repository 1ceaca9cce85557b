#include "loyang/server/server.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <spdlog/spdlog.h>

#include <csignal>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "core/beast.hpp"
#include "assemble.hpp"
#include "accounts/auth.hpp"
#include "listener.hpp"
#include "loyang/persistence/migrations.hpp"
#include "lobby/lobby.hpp"
#include "core/records.hpp"
#include "loyang/persistence/database.hpp"
#include "loyang/persistence/pg_store.hpp"
#include "loyang/persistence/sqlite_store.hpp"
#include "loyang/server/version.hpp"
#include "shared_state.hpp"

namespace loyang::server {

struct server::impl {
  explicit impl(config c)
      : settings(std::move(c)),
        ioc(settings.threads),
        db(open_database(settings)),
        state(std::make_shared<shared_state>(settings.web_root.empty() ? std::filesystem::path("web")
                                                                       : settings.web_root)),
        store(make_storage(settings, db, state->stats_shared())),
        strand(net::make_strand(ioc)),
        signals(strand),
        grace_timer(strand),
        acceptor(std::make_shared<listener>(
            ioc, tcp::endpoint(net::ip::make_address(settings.address), settings.port), state)) {
    init_crypto();
    state->stats().set_version(std::string(version()));
    if (db && !db->pre_migration_copy().empty()) {
      spdlog::warn("store: {} was migrated to schema version {}; its copy as it was is {}. To go back to the "
                   "previous release: stop, replace loyang.db with that copy (removing loyang.db-wal and "
                   "loyang.db-shm), start the previous release (README.md, \"Upgrading and going back\")",
                   db->file().string(), persistence::latest_schema_version(), db->pre_migration_copy().string());
    }
    if (db && !settings.memory_only) {
      const auto file = db->file().string();
      state->stats().set_database_files({{"database", file}, {"wal", file + "-wal"}});
    }
    if (!settings.metrics_address.empty()) {
      metrics_acceptor = std::make_shared<listener>(ioc, endpoint_of(settings.metrics_address), state, port_role::metrics);
    }
    state->metrics_on_game_port = settings.metrics_on_game_port == "on"    ? game_port_metrics::on
                                  : settings.metrics_on_game_port == "off" ? game_port_metrics::off
                                                                           : game_port_metrics::local;
    state->limits.allowed_origins = settings.allowed_origins;
    state->data_dir = settings.data_dir;
    state->assets = std::make_shared<web::web_assets>(state->web_root(), state->data_dir);
    state->limits.messages_per_second = settings.ws_messages_per_second;
    state->limits.burst = 3 * settings.ws_messages_per_second;
    state->max_connections_per_address = static_cast<std::size_t>(settings.max_connections_per_address);
    state->max_websockets_per_address = static_cast<std::size_t>(settings.max_websockets_per_address);
    state->max_websockets_per_account = static_cast<std::size_t>(settings.max_connections_per_account);
    lobby_limits lim;
    lim.max_open_games_per_account = settings.max_open_games_per_account;
    lim.max_unfinished_games_per_account = settings.max_unfinished_games_per_account;
    {
      auto per_hour = budgets::write_budgets::defaults();
      for (const auto& [name, n] : settings.write_budgets) {
        if (const auto kind = budgets::kind_of(name)) per_hour[static_cast<std::size_t>(*kind)] = n;
      }
      state->budgets = std::make_shared<budgets::write_budgets>(per_hour, [clock = settings.clock] {
        if (clock) return clock();
        return std::int64_t(std::chrono::duration_cast<std::chrono::seconds>(
                                std::chrono::system_clock::now().time_since_epoch())
                                .count());
      });
    }
    lim.evict_after = settings.evict_after;
    lim.history_reads_per_minute = settings.history_reads_per_minute;
    lim.bot_threads = settings.bot_threads;
    lim.bot_queue_limit = settings.bot_queue_limit;
    notify::init_curl();
    lim.notify.public_url = settings.public_url.empty()
                                ? "http://localhost:" + std::to_string(acceptor->local_endpoint().port())
                                : settings.public_url;
    lim.notify.relay = {settings.smtp_url, settings.smtp_user, settings.smtp_password, settings.smtp_tls,
                        settings.smtp_ca_file, settings.mail_from};
    {
      // --webhook-private-addresses true: the older name for allowing loopback and private blocks.
      auto allow = settings.webhook_allow_networks;
      if (settings.webhook_private_addresses) {
        for (const char* n : {"127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "::1/128", "fc00::/7"}) {
          allow.emplace_back(n);
        }
      }
      for (const auto& n : allow) {
        if (auto net = parse_network(n)) lim.notify.webhook_allow.push_back(*net);  // checked by parse_config
      }
    }
    lim.notify.max_attempts = settings.notify_max_attempts;
    lim.notify.retry_base = settings.notify_retry_base;
    lim.notify.poll = settings.notify_poll;
    lim.account_policy.cost = settings.password_cost == "minimal" ? password_cost::minimal
                                                            : password_cost::interactive;
    lim.account_policy.idle_lifetime = settings.token_idle_lifetime;
    lim.account_policy.absolute_lifetime = settings.token_lifetime;
    lim.account_policy.signups_per_hour = settings.signups_per_hour;
    lim.account_policy.now = settings.clock;
    std::string bad;
    state->trusted_proxies = parse_networks(
        [&] {
          std::string joined;
          for (const auto& p : settings.trusted_proxies) joined += p + ",";
          return joined;
        }(),
        bad).value_or(std::vector<ip_network>{});
    room_options more;
    more.clocks.max_sleep = settings.clock_max_sleep;
    more.clocks.vacation_days_per_year = settings.vacation_days_per_year;
    more.bots.analysis_playouts = settings.analysis_playouts;
    more.rated_bot_games = settings.rated_bot_games;
    const auto rooms = assemble(ioc, *store, state->stats_shared(), lim, more);
    state->games = rooms.games;
    state->accounts = rooms.accounts;
    state->routes = rooms.routes;
    state->chat = rooms.chat;
    state->stats().set_queue_depth_source([s = store.get()] { return s->queue_depth(); });
    // Not ready while writes fail, and (several nodes) while this node may lack what other
    // nodes stored: a balancer must not send it clients it would answer from stale memory.
    state->stats().set_readiness_source(
        [s = store.get(), weak = std::weak_ptr<cluster::catch_up>(rooms.catch_up)]() -> std::optional<std::string> {
          if (auto reason = s->not_ready_reason()) return reason;
          if (auto c = weak.lock(); c && c->catching_up()) return std::string("catching_up");
          return std::nullopt;
        });
    if (store->shared()) {
      // Before the catalog is read, so no commit falls between the read and the listening; what
      // the listener reports waits for the io_context, which runs after start().
      std::weak_ptr<cluster::catch_up> weak = rooms.catch_up;
      store->watch({[weak](const persistence::store::change& c) {
                      if (auto l = weak.lock()) l->on_remote(c);
                    },
                    [weak] {
                      if (auto l = weak.lock()) l->on_resync();
                    },
                    [leads = std::weak_ptr<cluster::leadership>(rooms.leadership)](bool on) {
                      if (auto l = leads.lock()) l->set(on);
                    },
                    [weak] {
                      if (auto l = weak.lock()) l->on_lost();
                    }});
    }
    state->games->start();
  }

  ~impl() {
    // Sessions still queued in the io_context are destroyed with it, after this object's
    // other members: they must not call back into it.
    state->connections().forget_on_empty();
  }

  // "IP:PORT" or "[IPv6]:PORT", as the configuration checked it.
  static tcp::endpoint endpoint_of(const std::string& address) {
    const auto where = parse_host_port(address).value();
    return {net::ip::make_address(where.host), where.port};
  }

  // The SQLite database (locking the data directory), unless the store is PostgreSQL's.
  static std::optional<persistence::database> open_database(const config& c) {
    if (!c.database_url.empty() && !c.memory_only) return std::nullopt;
    return persistence::database::open_in(c.data_dir);
  }

  // `db` (opened first) has already refused an unusable file and migrated the schema.
  static std::unique_ptr<storage> make_storage(const config& c, std::optional<persistence::database>&,
                                               const std::shared_ptr<metrics>& stats) {
    if (c.memory_only) return persistence::make_memory_store();
    const auto log_failure = [](const std::string& what) { spdlog::error("store: {}", what); };
    const auto log_recovery = [](const std::string& what) { spdlog::info("store: {}", what); };
    const auto on_commit = [stats](std::size_t writes, double seconds) { stats->observe_commit(writes, seconds); };
    if (!c.database_url.empty()) {
      persistence::pg_store_options o;
      o.engine_version = std::string(version());
      o.on_failure = log_failure;
      o.on_recovery = log_recovery;
      o.on_commit = on_commit;
      o.node = c.node_name;
      auto store = persistence::make_pg_store(c.database_url, std::move(o));
      spdlog::info("cluster: this node is named {} (--node-name)", store->node());
      if (!store->schema_note().empty()) spdlog::warn("store: {}", store->schema_note());
      return store;
    }
    persistence::sqlite_store_options o;
    o.engine_version = std::string(version());
    o.max_page_count = c.max_database_pages;
    o.on_failure = log_failure;
    o.on_recovery = log_recovery;
    o.on_commit = on_commit;
    return persistence::make_sqlite_store(c.data_dir, std::move(o));
  }

  impl(const impl&) = delete;
  impl& operator=(const impl&) = delete;

  // Runs on `strand`.
  void do_stop() {
    if (stopping) return;
    stopping = true;
    acceptor->close();
    if (metrics_acceptor) metrics_acceptor->close();
    state->connections().close_all([this] { net::post(strand, [this] { on_drained(); }); });
    grace_timer.expires_after(shutdown_grace);
    grace_timer.async_wait([this](beast::error_code ec) {
      if (ec) return;  // cancelled: everything finished in time
      spdlog::warn("{} connection(s) still open after {} s; closing them",
                   state->connections().size(), shutdown_grace.count());
      ioc.stop();
    });
  }

  // Runs on `strand`, once the last connection has gone.
  void on_drained() {
    grace_timer.cancel();
    state->games->stop();
    signals.cancel();  // nothing is left to do: let run() return
  }

  void wait_for_signal() {
    signals.async_wait([this](beast::error_code ec, int signal) {
      if (ec) return;
      if (stopping) {
        spdlog::warn("received signal {} again; stopping now", signal);
        ioc.stop();
        return;
      }
      spdlog::info("received {}; finishing open requests", signal == SIGINT ? "SIGINT" : "SIGTERM");
      do_stop();
      wait_for_signal();
    });
  }

  config settings;
  net::io_context ioc;  // declared before everything that uses it: destroyed last
  std::optional<persistence::database> db;  // none on PostgreSQL
  std::shared_ptr<shared_state> state;
  std::unique_ptr<storage> store;
  net::strand<net::io_context::executor_type> strand;
  net::signal_set signals;
  net::steady_timer grace_timer;
  std::shared_ptr<listener> acceptor;
  std::shared_ptr<listener> metrics_acceptor;  // --metrics-address; none without it
  bool stopping = false;  // guarded by `strand`
};

server::server(config settings) : impl_(std::make_unique<impl>(std::move(settings))) {}

server::~server() = default;

std::uint16_t server::port() const noexcept { return impl_->acceptor->local_endpoint().port(); }

std::uint16_t server::metrics_port() const noexcept {
  return impl_->metrics_acceptor ? impl_->metrics_acceptor->local_endpoint().port() : 0;
}

std::string server::address() const {
  return impl_->acceptor->local_endpoint().address().to_string();
}

const std::filesystem::path& server::database_file() const noexcept {
  static const std::filesystem::path none;
  return impl_->db ? impl_->db->file() : none;
}

const std::filesystem::path& server::web_root() const noexcept { return impl_->state->web_root(); }

void server::stop_on_signals() {
  impl_->signals.add(SIGINT);
  impl_->signals.add(SIGTERM);
  net::dispatch(impl_->strand, [this] { impl_->wait_for_signal(); });
}

void server::run() {
  impl_->acceptor->run();
  if (impl_->metrics_acceptor) impl_->metrics_acceptor->run();
  const int extra = impl_->settings.threads - 1;
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(extra));
  for (int i = 0; i < extra; ++i) threads.emplace_back([this] { impl_->ioc.run(); });
  impl_->ioc.run();
  for (auto& t : threads) t.join();
  // In-flight writes finish before the process exits.
  impl_->state->games->stop();
  impl_->store->stop();
}

void server::stop() {
  net::post(impl_->strand, [this] { impl_->do_stop(); });
}

}  // namespace loyang::server
