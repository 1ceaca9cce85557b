// Several server nodes on one PostgreSQL database behind HAProxy (issue 25): cluster_test.py
// starts three loyang-server nodes on this test's database and HAProxy in front, plays games
// through the balancer and directly to different nodes (seats of one game on different nodes,
// spectators on a third), compares every patched view with fresh snapshots on other nodes,
// kills a node with SIGKILL, and restarts the shared PostgreSQL under load with the cluster's
// own pg_ctl command lines. Where HAProxy is not installed the test does not run and the
// program exits 77 (skipped), as where PostgreSQL is missing (pg_main.cpp); LOYANG_HAPROXY
// names another haproxy binary (a missing one: skipped); LOYANG_CLUSTER_ARGS adds options to
// the script's (a longer soak: see cluster_test.py).
#include <unistd.h>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "shell_word.hpp"
#include "store_fixture.hpp"

using namespace loyang::test;

namespace {

/// $LOYANG_HAPROXY if set, else haproxy on PATH or in an sbin directory (not on every user's
/// PATH); nullopt when absent.
std::optional<std::filesystem::path> find_haproxy() {
  if (const char* given = std::getenv("LOYANG_HAPROXY")) {
    if (::access(given, X_OK) == 0) return std::filesystem::path(given);
    return std::nullopt;
  }
  std::string dirs = std::getenv("PATH") != nullptr ? std::getenv("PATH") : "";
  dirs += ":/usr/sbin:/usr/local/sbin:/sbin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const auto colon = dirs.find(':', start);
    const auto dir = dirs.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    if (!dir.empty() && ::access((std::filesystem::path(dir) / "haproxy").c_str(), X_OK) == 0) {
      return std::filesystem::path(dir) / "haproxy";
    }
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("three loyang-server nodes on one PostgreSQL behind HAProxy: views agree everywhere, a node killed, "
          "PostgreSQL restarted, nothing acknowledged lost",
          "[postgres][cluster]") {
  const auto haproxy = find_haproxy();
  if (!haproxy) {
    skipped_because() = "HAProxy is not installed (apt-get install haproxy): the cluster test did not run";
    WARN(skipped_because());
    return;
  }
  store_backing where(store_kind::postgres);
  const auto* cluster = shared_pg_cluster();
  std::string cmd = std::string("/usr/bin/python3 ") + LOYANG_CLUSTER_TEST + " " + LOYANG_SERVER_BINARY +
                    " --database " + sh_word(where.url()) + " --haproxy " + sh_word(haproxy->string()) +
                    " --pg-stop " + sh_word(cluster->stop_command()) + " --pg-start " +
                    sh_word(cluster->start_command()) + " --seed 25";
  // More, for a soak by hand: LOYANG_CLUSTER_ARGS='--rounds 6 --play-seconds 20 --seed 1'.
  const char* extra = std::getenv("LOYANG_CLUSTER_ARGS");
  if (extra != nullptr) cmd += std::string(" ") + extra;
  INFO(cmd);
  CHECK(std::system(cmd.c_str()) == 0);
}
