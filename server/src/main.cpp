// loyang-server: parse the settings, open the data, listen, serve until SIGINT/SIGTERM.
// Exit status: 0 after a signal, 1 on a runtime failure, 2 when the server cannot start as
// set up (bad options, a data directory in use, unwritable or unusable, a port taken).
// `loyang-server backup --data DIR --out FILE` copies the database instead (online backup); on
// PostgreSQL (--database, or LOYANG_DATABASE without --data) it refuses: pg_dump does that.
// `loyang-server copy-to-postgres --data DIR --database URL` copies a SQLite data directory into
// an empty PostgreSQL database and checks it by replaying every game from PostgreSQL.
// `loyang-server ratings [--data DIR | --database URL] [--json]` recomputes the ratings and checks
// every finished game's result by replaying it (server/src/ratings/recompute.hpp).
#include <spdlog/spdlog.h>

#include <boost/system/system_error.hpp>
#include <algorithm>
#include <chrono>
#include <exception>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "loyang/persistence/backup.hpp"
#include "loyang/persistence/error.hpp"
#include "loyang/persistence/pg_store.hpp"
#include "loyang/server/config.hpp"
#include "loyang/server/server.hpp"
#include "allocator.hpp"
#include "descriptor_limit.hpp"
#include "logs/format.hpp"
#include "loyang/server/version.hpp"
#include "moderation/operator_command.hpp"
#include "ratings/recompute.hpp"

namespace {

constexpr int exit_runtime_failure = 1;
constexpr int exit_bad_setup = 2;

/// The directory of the running executable, for the default web root.
std::filesystem::path exe_dir(const char* argv0) {
  std::error_code ec;
  auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) exe = std::filesystem::absolute(argv0, ec);
  return ec ? std::filesystem::path() : exe.parent_path();
}

/// `--flag VALUE` or `--flag=VALUE` pairs of a subcommand, for the flags in `known`; nullopt
/// (after printing `usage`) for anything else.
std::optional<std::map<std::string, std::string>> subcommand_flags(const std::vector<std::string>& args,
                                                                   std::initializer_list<std::string_view> known,
                                                                   const char* usage) {
  std::map<std::string, std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string flag = args[i], value;
    if (const auto eq = flag.find('='); eq != std::string::npos) {
      value = flag.substr(eq + 1);
      flag.resize(eq);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    }
    if (value.empty() || std::find(known.begin(), known.end(), flag) == known.end()) {
      std::cerr << usage;
      return std::nullopt;
    }
    out[flag] = value;
  }
  return out;
}

/// The value of `flag`, else of the environment variable `env`, else `fallback`.
std::string flag_or_env(const std::map<std::string, std::string>& flags, const std::string& flag, const char* env,
                        const char* fallback) {
  const auto it = flags.find(flag);
  return it != flags.end() ? it->second : loyang::server::process_env(env).value_or(fallback);
}

/// A period for `backup --every`: seconds, or a number with s, m, h or d; nullopt otherwise.
std::optional<std::chrono::seconds> period_of(const std::string& text) {
  std::size_t used = 0;
  long long n = 0;
  try {
    n = std::stoll(text, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  const std::string unit = text.substr(used);
  const long long scale = unit.empty() || unit == "s" ? 1 : unit == "m" ? 60 : unit == "h" ? 3600 : unit == "d" ? 86400 : 0;
  if (scale == 0 || n < 1 || n > 366LL * 86400 / scale) return std::nullopt;
  return std::chrono::seconds(n * scale);
}

/// `backup --data DIR --out FILE`, or `--out-dir DIR [--keep N] [--every PERIOD]` (also
/// `--flag=value`; DIR defaults to LOYANG_DATA, else ./data): an online copy of DIR/loyang.db,
/// safe while a server runs on DIR. With --out-dir each copy is named by its UTC time and only
/// the newest N are kept; with --every it goes on taking one each period until stopped (a
/// failed one is logged and tried again at the next). A PostgreSQL site (--database, or
/// LOYANG_DATABASE without --data) is refused: its own tools back it up.
int backup(const std::vector<std::string>& args) {
  constexpr const char* usage =
      "usage: loyang-server backup [--data DIR] --out FILE\n"
      "       loyang-server backup [--data DIR] --out-dir DIR [--keep N] [--every PERIOD]\n"
      "(PERIOD: seconds, or e.g. 30m, 6h, 1d. SQLite only: back up a PostgreSQL database with pg_dump,\n"
      "or base backups and WAL archiving)\n";
  const auto flags = subcommand_flags(args, {"--data", "--database", "--out", "--out-dir", "--keep", "--every"}, usage);
  if (!flags) return exit_bad_setup;
  if (flags->contains("--database") ||
      (!flags->contains("--data") && loyang::server::process_env("LOYANG_DATABASE"))) {
    std::cerr << "loyang-server backup: this site keeps its data in PostgreSQL, which loyang-server does not back up.\n"
                 "Use PostgreSQL's tools: pg_dump (e.g. pg_dump -Fc -f loyang.dump 'postgresql://...'; restore with\n"
                 "pg_restore into an empty database), or base backups (pg_basebackup) with WAL archiving.\n";
    return exit_bad_setup;
  }
  const std::filesystem::path data = flag_or_env(*flags, "--data", "LOYANG_DATA", "data");
  const std::filesystem::path out = flag_or_env(*flags, "--out", "", "");
  const std::filesystem::path out_dir = flag_or_env(*flags, "--out-dir", "", "");
  if (out.empty() == out_dir.empty() || (out_dir.empty() && (flags->contains("--keep") || flags->contains("--every")))) {
    std::cerr << usage;
    return exit_bad_setup;
  }
  if (!out.empty()) {
    try {
      loyang::persistence::backup_database(data, out);
    } catch (const loyang::persistence::error& e) {
      std::cerr << "loyang-server backup: " << e.what() << '\n';
      return exit_bad_setup;
    }
    std::cout << "backed up " << (data / "loyang.db").string() << " to " << out.string() << '\n';
    return 0;
  }

  std::size_t keep = 0;  // 0: all
  if (const auto k = flags->find("--keep"); k != flags->end()) {
    const auto& n = k->second;
    if (n.empty() || n.size() > 6 || n.find_first_not_of("0123456789") != std::string::npos || std::stoul(n) == 0) {
      std::cerr << "loyang-server backup: --keep must be a count of backups (1 or more), not \"" << n << "\"\n";
      return exit_bad_setup;
    }
    keep = std::stoul(n);
  }
  std::optional<std::chrono::seconds> every;
  if (const auto e = flags->find("--every"); e != flags->end()) {
    every = period_of(e->second);
    if (!every) {
      std::cerr << "loyang-server backup: --every must be a period such as 3600, 30m, 6h or 1d, not \"" << e->second
                << "\"\n";
      return exit_bad_setup;
    }
  }
  for (;;) {
    const auto started = std::chrono::steady_clock::now();
    try {
      const auto file = loyang::persistence::take_backup(data, out_dir, std::chrono::system_clock::now());
      std::cout << "backed up " << (data / "loyang.db").string() << " to " << file.string() << std::endl;
      if (keep > 0) {
        for (const auto& gone : loyang::persistence::prune_backups(out_dir, keep)) {
          std::cout << "deleted the old backup " << gone.string() << std::endl;
        }
      }
    } catch (const loyang::persistence::error& e) {
      std::cerr << "loyang-server backup: " << e.what() << std::endl;
      if (!every) return exit_bad_setup;
    }
    if (!every) return 0;
    std::this_thread::sleep_until(started + *every);
  }
}

/// `copy-to-postgres --data DIR --database URL` (DIR defaults to LOYANG_DATA, else ./data; URL
/// to LOYANG_DATABASE): DIR/loyang.db into the empty PostgreSQL database at URL, then every
/// game loaded back from PostgreSQL and replayed. The server must be stopped.
int copy_to_postgres(const std::vector<std::string>& args) {
  constexpr const char* usage = "usage: loyang-server copy-to-postgres [--data DIR] --database postgresql://...\n";
  const auto flags = subcommand_flags(args, {"--data", "--database"}, usage);
  if (!flags) return exit_bad_setup;
  const std::filesystem::path data = flag_or_env(*flags, "--data", "LOYANG_DATA", "data");
  const std::string url = flag_or_env(*flags, "--database", "LOYANG_DATABASE", "");
  if (url.empty()) {
    std::cerr << usage;
    return exit_bad_setup;
  }
  try {
    const auto report = loyang::persistence::copy_sqlite_to_postgres(data, url, std::cout);
    std::cout << "copied " << report.rows << " rows of " << (data / "loyang.db").string()
              << " to PostgreSQL; every game replayed from there equals SQLite's\n";
  } catch (const loyang::persistence::error& e) {
    std::cerr << "loyang-server copy-to-postgres: " << e.what() << '\n';
    return exit_runtime_failure;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  namespace server = loyang::server;
  const std::string program = "loyang-server";
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "backup") return backup({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "copy-to-postgres") return copy_to_postgres({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "operator") return loyang::server::operator_command({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "ratings") {
    return loyang::ratings::ratings_command({args.begin() + 1, args.end()},
                                            server::process_env("LOYANG_DATA").value_or("data"), std::cout,
                                            std::cerr, server::process_env("LOYANG_DATABASE").value_or(""));
  }

  auto parsed = server::parse_config(args, server::process_env);
  switch (parsed.action) {
    case server::config_action::help:
      std::cout << server::usage(program);
      return 0;
    case server::config_action::version:
      std::cout << program << ' ' << server::version() << '\n';
      return 0;
    case server::config_action::error:
      std::cerr << program << ": " << parsed.message << "\nTry '" << program << " --help'.\n";
      return exit_bad_setup;
    case server::config_action::run:
      break;
  }
  auto settings = std::move(parsed.settings);
  if (settings.web_root.empty()) settings.web_root = server::default_web_root(exe_dir(argv[0]));
  server::logs::use_format(*server::logs::format_named(settings.log_format));
  spdlog::set_level(spdlog::level::from_str(settings.log_level));
  for (const auto& w : parsed.warnings) spdlog::warn("config: {}", w);
  // Every connection takes a file descriptor: use all the operator allows. Logged once the
  // server listens, so that a server that cannot start says only why.
  const auto files = server::raise_descriptor_limit();
  const auto allocator = server::bound_allocator_caches();

  try {
    server::server s(settings);
    s.stop_on_signals();
    spdlog::info("loyang-server {} listening on http://{}:{}/ with data in {} (web client from {})",
                 server::version(), s.address(), s.port(),
                 s.database_file().empty() ? std::string("a PostgreSQL database") : s.database_file().string(),
                 std::filesystem::absolute(s.web_root()).string());
    if (s.metrics_port() != 0) {
      spdlog::info("metrics: /metrics, /healthz and /readyz also on {} (port {})", settings.metrics_address,
                   s.metrics_port());
    }
    if (!allocator.empty()) spdlog::info("{}", allocator);
    if (files.now > files.before) {
      spdlog::info("open-file limit: {} (raised from {}, the hard limit)", files.now, files.before);
    } else {
      spdlog::info("open-file limit: {} (the hard limit is {})", files.now, files.hard);
    }
    if (files.now < 4096) {
      spdlog::warn("only {} open files allowed: each connection takes one; raise the hard limit "
                   "(ulimit -Hn, docker --ulimit nofile=65536:65536; docs/security.md)",
                   files.now);
    }
    s.run();
    spdlog::info("stopped");
    return 0;
  } catch (const loyang::persistence::error& e) {
    // persistence::error names the directory or file already.
    std::cerr << program << ": " << e.what() << '\n';
    return exit_bad_setup;
  } catch (const server::listen_error& e) {
    std::cerr << program << ": " << e.what() << '\n';
    return exit_bad_setup;
  } catch (const boost::system::system_error& e) {
    spdlog::critical("{}", e.what());
    return exit_runtime_failure;
  } catch (const std::exception& e) {
    spdlog::critical("{}", e.what());
    return exit_runtime_failure;
  }
}
