// The settings of logins (issue 19): token lifetimes, trusted proxies and sign-ups per hour,
// from flags and LOYANG_* variables; and how the client address is found.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "accounts/client_address.hpp"
#include "loyang/server/config.hpp"

using loyang::server::client_address;
using loyang::server::config_action;
using loyang::server::config_result;
using loyang::server::parse_config;
using loyang::server::parse_networks;

namespace {

using env_map = std::map<std::string, std::string, std::less<>>;

config_result parse(std::vector<std::string> args, env_map env = {}) {
  return parse_config(args, [env = std::move(env)](std::string_view name) -> std::optional<std::string> {
    auto it = env.find(name);
    if (it == env.end()) return std::nullopt;
    return it->second;
  });
}

std::string client(const std::string& peer, const std::string& xff, const std::string& trusted) {
  std::string bad;
  const auto nets = parse_networks(trusted, bad);
  REQUIRE(nets);
  return client_address(boost::asio::ip::make_address(peer), xff, *nets);
}

}  // namespace

TEST_CASE("login settings have play-by-web defaults", "[server][config][accounts]") {
  const auto r = parse({});
  REQUIRE(r.action == config_action::run);
  CHECK(r.settings.token_idle_lifetime == std::chrono::hours(24 * 30));
  CHECK(r.settings.token_lifetime == std::chrono::hours(24 * 180));
  CHECK(r.settings.trusted_proxies.empty());
  CHECK(r.settings.signups_per_hour == 5);
}

TEST_CASE("login settings come from flags and the environment, flags first",
          "[server][config][accounts]") {
  const auto r = parse({"--token-idle-lifetime", "12h", "--trusted-proxies=10.0.0.0/8, ::1"},
                       {{"LOYANG_TOKEN_IDLE_LIFETIME", "3d"},
                        {"LOYANG_TOKEN_LIFETIME", "90m"},
                        {"LOYANG_SIGNUPS_PER_HOUR", "0"},
                        {"LOYANG_TRUSTED_PROXIES", "127.0.0.1"}});
  REQUIRE(r.action == config_action::run);
  CHECK(r.settings.token_idle_lifetime == std::chrono::hours(12));
  CHECK(r.settings.token_lifetime == std::chrono::minutes(90));
  CHECK(r.settings.signups_per_hour == 0);
  CHECK(r.settings.trusted_proxies == std::vector<std::string>{"10.0.0.0/8", "::1"});
  CHECK(parse({"--token-lifetime", "45s"}).settings.token_lifetime == std::chrono::seconds(45));
}

TEST_CASE("bad login settings are refused with a sentence", "[server][config][accounts]") {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--token-idle-lifetime", "30"},
           {"--token-idle-lifetime", "0d"},
           {"--token-lifetime", "-1d"},
           {"--token-lifetime", "9999d"},
           {"--token-lifetime", "d"},
           {"--trusted-proxies", "10.0.0.0/33"},
           {"--trusted-proxies", "proxy.example.org"},
           {"--signups-per-hour", "-1"},
           {"--signups-per-hour", "many"}}) {
    const auto r = parse(args);
    INFO(args[0] << " " << args[1] << ": " << r.message);
    CHECK(r.action == config_action::error);
    CHECK(r.message.find(args[0]) != std::string::npos);
  }
  const auto env = parse({}, {{"LOYANG_TRUSTED_PROXIES", "1.2.3.4,nope"}});
  CHECK(env.action == config_action::error);
  CHECK(env.message.find("nope") != std::string::npos);
  CHECK(loyang::server::usage("loyang-server").find("--trusted-proxies") != std::string::npos);
}

TEST_CASE("the client address is the peer, or X-Forwarded-For's right-most untrusted entry "
          "behind a trusted proxy",
          "[server][accounts][address]") {
  // No trusted proxies: the header is the client's own invention.
  CHECK(client("127.0.0.1", "203.0.113.9", "") == "127.0.0.1");
  // A peer that is not trusted: ignored as well.
  CHECK(client("192.0.2.1", "203.0.113.9", "127.0.0.1") == "192.0.2.1");
  // Behind a trusted proxy: the address it saw.
  CHECK(client("127.0.0.1", "203.0.113.9", "127.0.0.1") == "203.0.113.9");
  // A forged left part does not matter; trusted hops on the right are skipped.
  CHECK(client("127.0.0.1", "1.1.1.1, 203.0.113.9, 10.0.0.5", "127.0.0.1,10.0.0.0/8") ==
        "203.0.113.9");
  // Garbage stops the walk at the last good address.
  CHECK(client("127.0.0.1", "203.0.113.9, garbage", "127.0.0.1") == "127.0.0.1");
  // No header: the proxy itself.
  CHECK(client("10.1.2.3", "", "10.0.0.0/8") == "10.1.2.3");
  // IPv6 and IPv4-mapped peers.
  CHECK(client("::ffff:127.0.0.1", "2001:db8::7", "127.0.0.1") == "2001:db8::7");
  CHECK(client("2001:db8::1", "198.51.100.1", "2001:db8::/32") == "198.51.100.1");
  CHECK(client("2001:db9::1", "198.51.100.1", "2001:db8::/32") == "2001:db9::1");
}

TEST_CASE("the per-address limits count IPv6 clients by their /64, IPv4 and IPv4-mapped ones by address",
          "[server][accounts][address]") {
  using loyang::server::address_key;
  using loyang::server::client_key;
  const auto key = [](const std::string& a) { return address_key(boost::asio::ip::make_address(a)); };
  // One /64 is one subscriber's or one machine's: all of it is one key.
  CHECK(key("2001:db8:1:2::1") == "2001:db8:1:2::/64");
  CHECK(key("2001:db8:1:2:ffff:ffff:ffff:ffff") == "2001:db8:1:2::/64");
  CHECK(key("2001:db8:1:3::1") == "2001:db8:1:3::/64");
  CHECK(key("::1") == "::/64");
  // IPv4, also when it arrives IPv4-mapped on an IPv6 socket: the address itself.
  CHECK(key("203.0.113.9") == "203.0.113.9");
  CHECK(key("::ffff:203.0.113.9") == "203.0.113.9");
  CHECK(key("203.0.113.10") != key("203.0.113.9"));
  // Behind a trusted proxy, the forwarded client's key.
  std::string bad;
  const auto proxies = parse_networks("127.0.0.1", bad);
  REQUIRE(proxies);
  const auto proxy = boost::asio::ip::make_address("127.0.0.1");
  CHECK(client_key(proxy, "2001:db8:5:6:7::8", *proxies) == "2001:db8:5:6::/64");
  CHECK(client_key(proxy, "198.51.100.4", *proxies) == "198.51.100.4");
  CHECK(client_key(boost::asio::ip::make_address("2001:db8:9:9::1"), "198.51.100.4", *proxies) ==
        "2001:db8:9:9::/64");
}
