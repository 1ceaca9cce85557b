#pragma once
// Test support: a real PostgreSQL started for a test program, in a temporary directory, on a
// free port, reachable only through its unix socket in that directory. initdb and postgres
// refuse to run as root, so as root (the tests and CI) they run as nobody (setpriv). A
// guardian process stops the cluster and removes the directory when this process ends, however
// it ends (an assertion, a sanitizer's abort, SIGKILL): it waits for a pipe only this process
// holds to close.
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

namespace loyang::test {

class pg_cluster {
 public:
  /// initdb's, pg_ctl's and psql's directory: /usr/local/bin and /usr/bin first (followed, to their
  /// real directory), then Debian's newest /usr/lib/postgresql/*/bin; nullopt when none.
  static std::optional<std::filesystem::path> find_bin() {
    for (const char* dir : {"/usr/local/bin", "/usr/bin"}) {
      if (std::filesystem::exists(std::filesystem::path(dir) / "initdb") &&
          std::filesystem::exists(std::filesystem::path(dir) / "pg_ctl")) {
        // Debian's links point into /usr/lib/postgresql/N/bin, where psql is too.
        return std::filesystem::canonical(std::filesystem::path(dir) / "initdb").parent_path();
      }
    }
    std::error_code ec;
    std::optional<std::filesystem::path> best;
    for (const auto& e : std::filesystem::directory_iterator("/usr/lib/postgresql", ec)) {
      const auto bin = e.path() / "bin";
      if (std::filesystem::exists(bin / "initdb") && (!best || bin > *best)) best = bin;
    }
    return best;
  }

  /// initdb and start. Throws std::runtime_error (with the log) when PostgreSQL does not start.
  explicit pg_cluster(std::filesystem::path bin) : bin_(std::move(bin)) {
    char tmpl[] = "/tmp/loyang-pg-XXXXXX";
    if (::mkdtemp(tmpl) == nullptr) throw std::runtime_error("mkdtemp failed");
    dir_ = tmpl;
    port_ = free_port();
    start_guardian();
    // From the cluster's directory: nobody may not be allowed into the current one.
    as_user_ = "cd " + dir_.string() + " && ";
    if (::geteuid() == 0) {
      // nobody must own the directory to run the cluster in it.
      shell("chown nobody:nogroup " + dir_.string());
      as_user_ += "setpriv --reuid=nobody --regid=nogroup --clear-groups ";
    }
    run_or_throw(as_user_ + (bin_ / "initdb").string() + " -D " + data() + " -U loyang -A trust -E UTF8 --no-sync >" +
                     (dir_ / "initdb.log").string() + " 2>&1",
                 "initdb");
    start();
  }
  ~pg_cluster() {
    stop_immediate();
    ::close(guardian_pipe_);  // the guardian removes the directory
    ::waitpid(guardian_, nullptr, 0);
  }
  pg_cluster(const pg_cluster&) = delete;
  pg_cluster& operator=(const pg_cluster&) = delete;

  /// pg_ctl start (waits until it accepts connections).
  void start() { run_or_throw(start_command(), "pg_ctl start"); }
  /// `pg_ctl stop -m immediate`: as a crash (no shutdown checkpoint; recovery on start).
  void stop_immediate() { shell(stop_command()); }
  /// `pg_ctl restart -m fast`: what an operator does (every session is ended, then the
  /// server comes back; waits until it accepts connections).
  void restart_fast() {
    run_or_throw(as_user_ + (bin_ / "pg_ctl").string() + " -D " + data() + " -m fast -w -t 60 -o \"-p " +
                     std::to_string(port_) + " -k " + dir_.string() +
                     " -c listen_addresses='' -c fsync=off -c full_page_writes=off\" restart >/dev/null 2>&1",
                 "pg_ctl restart");
  }
  /// Ends every session on database `name` whose application_name is LIKE `who` (all by
  /// default), with pg_terminate_backend, waiting until they are gone: the server closes them
  /// while they are idle, as a restart does, without the restart's wait.
  void end_sessions(const std::string& name, const std::string& who = "%") {
    psql(name, "SELECT count(pg_terminate_backend(pid, 5000)) FROM pg_stat_activity WHERE datname = '" + name +
                   "' AND application_name LIKE '" + who + "' AND pid <> pg_backend_pid()");
  }
  /// The number of sessions on database `name` whose application_name is LIKE `who` (psql's
  /// own not counted).
  int sessions(const std::string& name, const std::string& who = "%") {
    return std::stoi(psql(name, "SELECT count(*) FROM pg_stat_activity WHERE datname = '" + name +
                                    "' AND application_name LIKE '" + who + "' AND pid <> pg_backend_pid()"));
  }
  /// The process ids of those sessions, one a line.
  std::string session_pids(const std::string& name, const std::string& who) {
    return psql(name, "SELECT pid FROM pg_stat_activity WHERE datname = '" + name + "' AND application_name LIKE '" +
                          who + "' AND pid <> pg_backend_pid() ORDER BY pid");
  }
  /// The shell command lines of start() and stop_immediate(), for a test script that restarts
  /// the cluster itself (tests/postgres/cluster_test.py).
  std::string start_command() const {
    return as_user_ + (bin_ / "pg_ctl").string() + " -D " + data() + " -l " + (dir_ / "server.log").string() +
           " -w -t 60 -o \"-p " + std::to_string(port_) + " -k " + dir_.string() +
           " -c listen_addresses='' -c fsync=off -c full_page_writes=off\" start >/dev/null 2>&1";
  }
  std::string stop_command() const {
    return as_user_ + (bin_ / "pg_ctl").string() + " -D " + data() + " -m immediate stop >/dev/null 2>&1";
  }

  /// A new empty database `name`, and its URL.
  std::string create_database(const std::string& name) {
    run_or_throw(as_user_ + (bin_ / "psql").string() + " -X -q -h " + dir_.string() + " -p " + std::to_string(port_) +
                     " -U loyang -d postgres -c 'CREATE DATABASE " + name + "' >/dev/null 2>&1",
                 "CREATE DATABASE " + name);
    return url(name);
  }
  /// The URL of database `name` (unix socket in the cluster's directory).
  std::string url(const std::string& name) const {
    return "postgresql://loyang@/" + name + "?host=" + dir_.string() + "&port=" + std::to_string(port_);
  }
  /// Runs `sql` with psql on database `name`; its output.
  std::string psql(const std::string& name, const std::string& sql) {
    const auto out = dir_ / "psql.out";
    run_or_throw(as_user_ + (bin_ / "psql").string() + " -X -q -A -t -h " + dir_.string() + " -p " +
                     std::to_string(port_) + " -U loyang -d " + name + " -c \"" + sql + "\" >" + out.string() + " 2>&1",
                 "psql " + sql);
    return read_file(out);
  }

  const std::filesystem::path& dir() const { return dir_; }

 private:
  std::string data() const { return (dir_ / "data").string(); }

  static int shell(const std::string& cmd) { return std::system(cmd.c_str()); }
  void run_or_throw(const std::string& cmd, const std::string& what) {
    if (shell(cmd) != 0) {
      throw std::runtime_error(what + " failed:\n" + read_file(dir_ / "initdb.log") + read_file(dir_ / "server.log"));
    }
  }
  static std::string read_file(const std::filesystem::path& p) {
    std::string out;
    if (FILE* f = std::fopen(p.c_str(), "r")) {
      char buf[4096];
      std::size_t n;
      while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
      std::fclose(f);
    }
    return out;
  }

  static int free_port() {
    const int s = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    ::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
    ::getsockname(s, reinterpret_cast<sockaddr*>(&a), &len);
    ::close(s);
    return ntohs(a.sin_port);
  }

  // A shell that waits for the pipe to close, then stops the cluster and removes the directory.
  void start_guardian() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
    const std::string as_user = ::geteuid() == 0 ? "setpriv --reuid=nobody --regid=nogroup --clear-groups " : "";
    const std::string script = "read x; cd /; " + as_user + (bin_ / "pg_ctl").string() + " -D " + data() +
                               " -m immediate stop >/dev/null 2>&1; rm -rf " + dir_.string();
    guardian_ = ::fork();
    if (guardian_ == 0) {
      ::dup2(fds[0], 0);
      ::setsid();  // not killed with this process's group
      ::execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(fds[0]);
    guardian_pipe_ = fds[1];
  }

  std::filesystem::path bin_;
  std::filesystem::path dir_;
  int port_ = 0;
  std::string as_user_;
  pid_t guardian_ = -1;
  int guardian_pipe_ = -1;
};

}  // namespace loyang::test
