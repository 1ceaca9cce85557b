// Command line and environment: flags win over LOYANG_* variables, bad values are refused.
#include <catch2/catch.hpp>
#include <algorithm>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "loyang/server/config.hpp"
#include "temp_dir.hpp"

using loyang::server::config_action;
using loyang::server::config_result;
using loyang::server::default_web_root;
using loyang::server::parse_config;

namespace {

using env_map = std::map<std::string, std::string, std::less<>>;

config_result parse(std::vector<std::string> args, env_map env = {}) {
  return parse_config(args, [env = std::move(env)](std::string_view name) -> std::optional<std::string> {
    auto it = env.find(name);
    if (it == env.end()) return std::nullopt;
    return it->second;
  });
}

}  // namespace

TEST_CASE("defaults apply when nothing is given", "[server][config]") {
  auto r = parse({});
  REQUIRE(r.action == config_action::run);
  CHECK(r.settings.port == 8080);
  CHECK(r.settings.address == "0.0.0.0");
  CHECK(r.settings.data_dir == "data");
  CHECK(r.settings.web_root.empty());
  CHECK(r.settings.threads >= 1);
  CHECK(r.settings.log_level == "info");
}

TEST_CASE("flags set every setting, in both spellings", "[server][config]") {
  auto r = parse({"--port", "9000", "--data=/srv/loyang", "--threads", "3", "--log-level=debug",
                  "--web", "/srv/web", "--address", "127.0.0.1"});
  REQUIRE(r.action == config_action::run);
  CHECK(r.settings.port == 9000);
  CHECK(r.settings.data_dir == "/srv/loyang");
  CHECK(r.settings.threads == 3);
  CHECK(r.settings.log_level == "debug");
  CHECK(r.settings.web_root == "/srv/web");
  CHECK(r.settings.address == "127.0.0.1");
}

TEST_CASE("environment variables set every setting", "[server][config]") {
  auto r = parse({}, {{"LOYANG_PORT", "8181"}, {"LOYANG_DATA", "/data"}, {"LOYANG_THREADS", "2"},
                      {"LOYANG_LOG_LEVEL", "warn"}, {"LOYANG_WEB", "/web"}, {"LOYANG_ADDRESS", "::"}});
  REQUIRE(r.action == config_action::run);
  CHECK(r.settings.port == 8181);
  CHECK(r.settings.data_dir == "/data");
  CHECK(r.settings.threads == 2);
  CHECK(r.settings.log_level == "warn");
  CHECK(r.settings.web_root == "/web");
  CHECK(r.settings.address == "::");
}

TEST_CASE("flags override the environment", "[server][config]") {
  auto r = parse({"--port", "9001", "--data", "flag-data"},
                 {{"LOYANG_PORT", "8181"}, {"LOYANG_DATA", "/env-data"}, {"LOYANG_THREADS", "2"}});
  REQUIRE(r.action == config_action::run);
  CHECK(r.settings.port == 9001);
  CHECK(r.settings.data_dir == "flag-data");
  CHECK(r.settings.threads == 2);  // not overridden: the environment's value stays
}

TEST_CASE("a valid flag overrides an invalid environment value only if the env is valid",
          "[server][config]") {
  // The environment is checked on its own: a broken LOYANG_PORT is reported even when
  // --port is given, so a misconfigured deployment does not go unnoticed.
  auto r = parse({"--port", "9001"}, {{"LOYANG_PORT", "eighty"}});
  CHECK(r.action == config_action::error);
  CHECK(r.message.find("LOYANG_PORT") != std::string::npos);
}

TEST_CASE("port 0 is accepted (any free port)", "[server][config]") {
  auto r = parse({"--port", "0"});
  REQUIRE(r.action == config_action::run);
  CHECK(r.settings.port == 0);
}

TEST_CASE("bad ports are refused with a message", "[server][config]") {
  for (const std::string port : {"-1", "65536", "abc", "80x", "", " 80", "1e3", "99999999999999999999"}) {
    INFO("port '" << port << "'");
    auto r = parse({"--port", port});
    CHECK(r.action == config_action::error);
    CHECK(r.message.find("port") != std::string::npos);
  }
  auto env = parse({}, {{"LOYANG_PORT", "70000"}});
  CHECK(env.action == config_action::error);
  CHECK(env.message.find("LOYANG_PORT") != std::string::npos);
}

TEST_CASE("other bad values are refused", "[server][config]") {
  CHECK(parse({"--threads", "0"}).action == config_action::error);
  CHECK(parse({"--threads", "257"}).action == config_action::error);
  CHECK(parse({"--threads", "two"}).action == config_action::error);
  CHECK(parse({"--log-level", "loud"}).action == config_action::error);
  CHECK(parse({"--address", "localhost:80"}).action == config_action::error);
  CHECK(parse({"--data", ""}).action == config_action::error);
  CHECK(parse({}, {{"LOYANG_LOG_LEVEL", "verbose"}}).action == config_action::error);
  // Origins as browsers send them, or refused: a typo would keep every WebSocket out.
  for (const char* bad : {"notaurl", "https://loyang.example.org/", "https://Loyang.example.org", "ftp://a.b",
                          "https://a.b,https://c.d/play", "loyang.example.org"}) {
    INFO(bad);
    const auto r = parse({"--allowed-origins", bad});
    CHECK(r.action == config_action::error);
    CHECK(r.message.find("is not an Origin") != std::string::npos);
  }
  const auto good = parse({"--allowed-origins", "https://loyang.example.org,http://127.0.0.1:8080,http://[::1]:9000"});
  REQUIRE(good.action == config_action::run);
  CHECK(good.settings.allowed_origins ==
        std::vector<std::string>{"https://loyang.example.org", "http://127.0.0.1:8080", "http://[::1]:9000"});
}

TEST_CASE("unknown options and missing values are refused", "[server][config]") {
  auto unknown = parse({"--prot", "80"});
  CHECK(unknown.action == config_action::error);
  CHECK(unknown.message.find("--prot") != std::string::npos);
  auto positional = parse({"8080"});
  CHECK(positional.action == config_action::error);
  auto missing = parse({"--port"});
  CHECK(missing.action == config_action::error);
  CHECK(missing.message.find("needs a value") != std::string::npos);
}

TEST_CASE("--help and --version win over everything else", "[server][config]") {
  CHECK(parse({"--help"}).action == config_action::help);
  CHECK(parse({"-h"}).action == config_action::help);
  CHECK(parse({"--port", "1", "--help", "--bogus"}).action == config_action::help);
  CHECK(parse({"--version"}).action == config_action::version);
  const auto text = loyang::server::usage("loyang-server");
  for (const char* word : {"--port", "--data", "--threads", "--log-level", "--web", "LOYANG_PORT",
                           "LOYANG_DATA", "LOYANG_THREADS", "LOYANG_LOG_LEVEL", "LOYANG_WEB"}) {
    INFO(word);
    CHECK(text.find(word) != std::string::npos);
  }
}

TEST_CASE("the default web root is found next to the build tree or falls back to ./web",
          "[server][config]") {
  loyang::test::temp_dir tmp;
  const auto exe_dir = tmp.path() / "build" / "release" / "server";
  std::filesystem::create_directories(exe_dir);
  CHECK(default_web_root(exe_dir) == "web");

  std::filesystem::create_directories(tmp.path() / "web");  // <exe-dir>/../../../web
  CHECK(default_web_root(exe_dir) == std::filesystem::canonical(tmp.path() / "web"));

  std::filesystem::create_directories(tmp.path() / "build" / "web");  // <exe-dir>/../../web
  CHECK(default_web_root(exe_dir) == std::filesystem::canonical(tmp.path() / "build" / "web"));
}

TEST_CASE("the cap on open games per account: 20 by default, flag and environment",
          "[server][config][lobby]") {
  CHECK(parse({}).settings.max_open_games_per_account == 20);
  CHECK(parse({"--max-open-games-per-account", "5"}).settings.max_open_games_per_account == 5);
  CHECK(parse({}, {{"LOYANG_MAX_OPEN_GAMES_PER_ACCOUNT", "7"}}).settings.max_open_games_per_account == 7);
  CHECK(parse({"--max-open-games-per-account=9"}, {{"LOYANG_MAX_OPEN_GAMES_PER_ACCOUNT", "7"}})
            .settings.max_open_games_per_account == 9);
  for (const std::string bad : {"0", "-1", "10001", "many", ""}) {
    INFO("value '" << bad << "'");
    const auto r = parse({"--max-open-games-per-account", bad});
    CHECK(r.action == config_action::error);
    CHECK(r.message.find("open games") != std::string::npos);
  }
  const auto text = loyang::server::usage("loyang-server");
  CHECK(text.find("--max-open-games-per-account") != std::string::npos);
  CHECK(text.find("LOYANG_MAX_OPEN_GAMES_PER_ACCOUNT") != std::string::npos);
}

TEST_CASE("--database takes a PostgreSQL URL, from the flag or LOYANG_DATABASE", "[server][config][postgres]") {
  CHECK(parse({}).settings.database_url.empty());
  const std::string url = "postgresql://loyang:secret@db.example.org:5432/loyang?sslmode=require";
  CHECK(parse({"--database", url}).settings.database_url == url);
  CHECK(parse({"--database=postgres://db/loyang"}).settings.database_url == "postgres://db/loyang");
  CHECK(parse({}, {{"LOYANG_DATABASE", url}}).settings.database_url == url);
  for (const std::string bad : {"", "mysql://db/loyang", "/srv/loyang.db"}) {
    INFO("value '" << bad << "'");
    const auto r = parse({"--database", bad});
    CHECK(r.action == config_action::error);
    CHECK(r.message.find("PostgreSQL URL") != std::string::npos);
  }
  const auto text = loyang::server::usage("loyang-server");
  CHECK(text.find("LOYANG_DATABASE") != std::string::npos);
  CHECK(text.find("copy-to-postgres") != std::string::npos);
}

TEST_CASE("the connection limits per address: 256 and 128 by default, 0 for none, flag and environment",
          "[server][config][descriptors]") {
  const auto defaults = parse({}).settings;
  CHECK(defaults.max_connections_per_address == 256);
  CHECK(defaults.max_websockets_per_address == 128);
  const auto flags = parse({"--max-connections-per-address", "0", "--max-websockets-per-address=3"}).settings;
  CHECK(flags.max_connections_per_address == 0);
  CHECK(flags.max_websockets_per_address == 3);
  const auto env = parse({"--max-websockets-per-address", "9"}, {{"LOYANG_MAX_CONNECTIONS_PER_ADDRESS", "40"},
                                                                 {"LOYANG_MAX_WEBSOCKETS_PER_ADDRESS", "7"}})
                       .settings;
  CHECK(env.max_connections_per_address == 40);
  CHECK(env.max_websockets_per_address == 9);  // the flag wins
  for (const std::string flag : {"--max-connections-per-address", "--max-websockets-per-address"}) {
    for (const std::string bad : {"-1", "1000001", "many", "2.5", ""}) {
      INFO(flag << " '" << bad << "'");
      const auto r = parse({flag, bad});
      CHECK(r.action == config_action::error);
      CHECK(r.message.find(flag) != std::string::npos);
      CHECK(r.message.find("0 (no limit) to 1000000") != std::string::npos);
    }
  }
  const auto bad_env = parse({}, {{"LOYANG_MAX_WEBSOCKETS_PER_ADDRESS", "lots"}});
  CHECK(bad_env.action == config_action::error);
  CHECK(bad_env.message.find("LOYANG_MAX_WEBSOCKETS_PER_ADDRESS") != std::string::npos);
  const auto text = loyang::server::usage("loyang-server");
  for (const char* name : {"--max-connections-per-address", "LOYANG_MAX_CONNECTIONS_PER_ADDRESS",
                           "--max-websockets-per-address", "LOYANG_MAX_WEBSOCKETS_PER_ADDRESS"}) {
    CHECK(text.find(name) != std::string::npos);
  }
}

TEST_CASE("the cap on unfinished games per account: 100 by default, flag and environment",
          "[server][config][lobby][budgets]") {
  CHECK(parse({}).settings.max_unfinished_games_per_account == 100);
  CHECK(parse({"--max-unfinished-games-per-account", "5"}).settings.max_unfinished_games_per_account == 5);
  CHECK(parse({}, {{"LOYANG_MAX_UNFINISHED_GAMES_PER_ACCOUNT", "7"}}).settings.max_unfinished_games_per_account == 7);
  for (const std::string bad : {"0", "-1", "100001", "many", ""}) {
    INFO("value '" << bad << "'");
    const auto r = parse({"--max-unfinished-games-per-account", bad});
    CHECK(r.action == config_action::error);
    CHECK(r.message.find("unfinished games") != std::string::npos);
  }
  const auto text = loyang::server::usage("loyang-server");
  CHECK(text.find("--max-unfinished-games-per-account") != std::string::npos);
  CHECK(text.find("LOYANG_MAX_UNFINISHED_GAMES_PER_ACCOUNT") != std::string::npos);
}

TEST_CASE("write budgets: name=N per hour, by flag or environment; unknown names and bad numbers refused",
          "[server][config][budgets]") {
  using pairs = std::vector<std::pair<std::string, int>>;
  CHECK(parse({}).settings.write_budgets.empty());  // every budget at its default
  CHECK(parse({"--write-budgets", "games=5, chat=0"}).settings.write_budgets == pairs{{"games", 5}, {"chat", 0}});
  CHECK(parse({}, {{"LOYANG_WRITE_BUDGETS", "reports=3"}}).settings.write_budgets == pairs{{"reports", 3}});
  const auto off = parse({"--write-budgets=off"}).settings.write_budgets;
  CHECK(off.size() == 13);
  CHECK(std::all_of(off.begin(), off.end(), [](const auto& p) { return p.second == 0; }));
  for (const std::string bad : {"gams=5", "games", "games=-1", "games=x", "games=1000001"}) {
    INFO("value '" << bad << "'");
    const auto r = parse({"--write-budgets", bad});
    CHECK(r.action == config_action::error);
    CHECK(r.message.find("budget") != std::string::npos);
  }
  CHECK(parse({"--write-budgets", "gams=5"}).message.find("known: games, games_per_address") != std::string::npos);
  const auto text = loyang::server::usage("loyang-server");
  CHECK(text.find("--write-budgets") != std::string::npos);
  CHECK(text.find("LOYANG_WRITE_BUDGETS") != std::string::npos);
}

TEST_CASE("webhook allow list: addresses and CIDR blocks, by flag or environment", "[server][config][notify]") {
  CHECK(parse({}).settings.webhook_allow_networks.empty());
  CHECK(parse({"--webhook-allow-networks", "127.0.0.0/8, ::1"}).settings.webhook_allow_networks ==
        std::vector<std::string>{"127.0.0.0/8", "::1"});
  CHECK(parse({}, {{"LOYANG_WEBHOOK_ALLOW_NETWORKS", "192.168.1.0/24"}}).settings.webhook_allow_networks ==
        std::vector<std::string>{"192.168.1.0/24"});
  const auto r = parse({"--webhook-allow-networks", "10.0.0.0/33"});
  CHECK(r.action == config_action::error);
  CHECK(r.message.find("'10.0.0.0/33' is not an IP address or CIDR block") != std::string::npos);
  const auto text = loyang::server::usage("loyang-server");
  CHECK(text.find("--webhook-allow-networks") != std::string::npos);
  CHECK(text.find("LOYANG_WEBHOOK_ALLOW_NETWORKS") != std::string::npos);
}

TEST_CASE("--node-name names this node among those sharing a database, from the flag or LOYANG_NODE_NAME",
          "[server][config][postgres]") {
  CHECK(parse({}).settings.node_name.empty());  // then: host name, process id, a random number
  CHECK(parse({"--node-name", "loyang-2"}).settings.node_name == "loyang-2");
  CHECK(parse({}, {{"LOYANG_NODE_NAME", "eu.node_1"}}).settings.node_name == "eu.node_1");
  CHECK(parse({"--node-name=b"}, {{"LOYANG_NODE_NAME", "a"}}).settings.node_name == "b");
  // Other nodes split a notification at spaces: a name with one would be misread.
  for (const std::string& bad : {std::string(), std::string("two words"), std::string("a/b"), std::string(64, 'n')}) {
    INFO("value '" << bad << "'");
    const auto r = parse({"--node-name", bad});
    CHECK(r.action == config_action::error);
    CHECK(r.message.find("node name") != std::string::npos);
  }
  CHECK(loyang::server::usage("loyang-server").find("LOYANG_NODE_NAME") != std::string::npos);
}

TEST_CASE("secrets come from files (LOYANG_X_FILE); a password on the command line is warned about",
          "[server][config][secrets]") {
  loyang::test::temp_dir tmp;
  const auto secret = tmp.path() / "smtp_password";
  std::ofstream(secret) << "s3cret word\n";  // as `echo` writes it: the line break is not the password's
  const auto from_file = parse({}, {{"LOYANG_SMTP_PASSWORD_FILE", secret.string()},
                                    {"LOYANG_DATABASE_FILE", (tmp.path() / "none").string()}});
  CHECK(from_file.action == config_action::error);  // a file that is not there
  CHECK(from_file.message.find("LOYANG_DATABASE_FILE") != std::string::npos);
  const auto read = parse({}, {{"LOYANG_SMTP_PASSWORD_FILE", secret.string()}});
  REQUIRE(read.action == config_action::run);
  CHECK(read.settings.smtp_password == "s3cret word");
  CHECK(read.warnings.empty());
  const auto both = parse({}, {{"LOYANG_SMTP_PASSWORD_FILE", secret.string()}, {"LOYANG_SMTP_PASSWORD", "x"}});
  CHECK(both.action == config_action::error);
  CHECK(both.message.find("both set") != std::string::npos);
  // Any setting may come from a file, not only the secret ones.
  std::ofstream(tmp.path() / "port") << "8181";
  CHECK(parse({}, {{"LOYANG_PORT_FILE", (tmp.path() / "port").string()}}).settings.port == 8181);

  const auto flagged = parse({"--smtp-password", "s3cret", "--database", "postgresql://loyang:pw@db/loyang"});
  REQUIRE(flagged.action == config_action::run);
  REQUIRE(flagged.warnings.size() == 2);
  CHECK(flagged.warnings[0].find("LOYANG_SMTP_PASSWORD_FILE") != std::string::npos);
  CHECK(flagged.warnings[1].find("LOYANG_DATABASE") != std::string::npos);
  for (const auto& w : flagged.warnings) CHECK(w.find("s3cret") == std::string::npos);
  CHECK(parse({"--database", "postgresql://loyang@db/loyang"}).warnings.empty());  // no password in it
}
