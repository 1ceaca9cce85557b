// The blocks come from the IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890,
// https://www.iana.org/assignments/iana-ipv4-special-registry and iana-ipv6-special-registry),
// the IPv4 multicast space (RFC 5771) and the IPv6 Address Space registry (only 2000::/3 is
// global unicast). Blocks the registries mark "globally reachable" (AS112, AMT, the PCP and
// TURN anycast addresses...) are refused too: no webhook receiver lives there.
#include "address_filter.hpp"

#include <ifaddrs.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace loyang::server::notify {
namespace {

namespace ip = boost::asio::ip;

struct block {
  std::string_view network;
  std::string_view what;
};

constexpr std::array<block, 21> v4_blocks{{
    {"0.0.0.0/8", "\"this network\" (RFC 791)"},
    {"10.0.0.0/8", "private (RFC 1918)"},
    {"100.64.0.0/10", "shared address space, carrier-grade NAT (RFC 6598)"},
    {"127.0.0.0/8", "loopback (RFC 1122)"},
    {"169.254.0.0/16", "link-local (RFC 3927), where cloud metadata services answer"},
    {"172.16.0.0/12", "private (RFC 1918)"},
    {"192.0.0.0/24", "IETF protocol assignments (RFC 6890)"},
    {"192.0.2.0/24", "documentation, TEST-NET-1 (RFC 5737)"},
    {"192.31.196.0/24", "AS112-v4 (RFC 7535)"},
    {"192.52.193.0/24", "AMT (RFC 7450)"},
    {"192.88.99.0/24", "6to4 relay anycast (RFC 7526)"},
    {"192.168.0.0/16", "private (RFC 1918)"},
    {"192.175.48.0/24", "AS112 direct delegation (RFC 7534)"},
    {"198.18.0.0/15", "benchmarking (RFC 2544)"},
    {"198.51.100.0/24", "documentation, TEST-NET-2 (RFC 5737)"},
    {"203.0.113.0/24", "documentation, TEST-NET-3 (RFC 5737)"},
    {"224.0.0.0/4", "multicast (RFC 5771)"},
    {"240.0.0.0/4", "reserved (RFC 1112)"},
    {"255.255.255.255/32", "limited broadcast (RFC 919)"},
    // Unreachable (inside 240/4 and 224/4) but named for the reader of a refusal.
    {"233.252.0.0/24", "documentation, MCAST-TEST-NET (RFC 5771)"},
    {"0.0.0.0/32", "unspecified"},
}};

// Checked in order: the first that holds names the refusal.
constexpr std::array<block, 20> v6_blocks{{
    {"::/128", "unspecified (RFC 4291)"},
    {"::1/128", "loopback (RFC 4291)"},
    {"64:ff9b::/96", "IPv4/IPv6 translation, NAT64 (RFC 6052)"},
    {"64:ff9b:1::/48", "local-use IPv4/IPv6 translation (RFC 8215)"},
    {"100::/64", "discard-only (RFC 6666)"},
    {"100:0:0:1::/64", "dummy prefix (RFC 9780)"},
    {"2001::/32", "Teredo (RFC 4380)"},
    {"2001:2::/48", "benchmarking (RFC 5180)"},
    {"2001::/23", "IETF protocol assignments (RFC 2928)"},
    {"2001:db8::/32", "documentation (RFC 3849)"},
    {"2002::/16", "6to4 (RFC 3056)"},
    {"2620:4f:8000::/48", "AS112 direct delegation (RFC 7534)"},
    {"3fff::/20", "documentation (RFC 9637)"},
    {"5f00::/16", "segment routing SIDs (RFC 9602)"},
    {"fc00::/7", "unique local (RFC 4193)"},
    {"fe80::/10", "link-local (RFC 4291)"},
    {"fec0::/10", "site-local, deprecated (RFC 3879)"},
    {"ff00::/8", "multicast (RFC 4291)"},
    {"::/8", "reserved by the IETF, IPv4-compatible (RFC 4291)"},
    // Everything else outside 2000::/3 is unassigned or reserved (IANA IPv6 Address Space).
    {"::/0", "outside the global unicast space 2000::/3"},
}};

struct parsed_block {
  ip_network network;
  std::string_view what;
};

template <std::size_t N>
std::vector<parsed_block> parse_all(const std::array<block, N>& blocks) {
  std::vector<parsed_block> out;
  for (const auto& b : blocks) out.push_back({*parse_network(b.network), b.what});
  return out;
}

/// `a` with an IPv4 address inside IPv6 (::ffff:a.b.c.d) as the IPv4 address.
ip::address plain(const ip::address& a) {
  if (a.is_v6() && a.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, a.to_v6());
  return a;
}

bool same(const ip::address& x, const ip::address& y) {
  const auto a = plain(x);
  const auto b = plain(y);
  if (a.is_v4() != b.is_v4()) return false;
  if (a.is_v4()) return a.to_v4() == b.to_v4();
  return a.to_v6().to_bytes() == b.to_v6().to_bytes();  // the scope id does not matter
}

}  // namespace

std::optional<std::string_view> special_purpose(const ip::address& address) {
  static const auto v4 = parse_all(v4_blocks);
  static const auto v6 = parse_all(v6_blocks);
  const auto a = plain(address);
  if (a.is_v6()) {
    // Global unicast (2000::/3) is fine unless a special block of it holds `a`.
    const bool global = (a.to_v6().to_bytes()[0] & 0xe0) == 0x20;
    for (const auto& b : v6) {
      if (b.network.prefix == 0 && global) return std::nullopt;
      if (b.network.contains(a)) return b.what;
    }
    return std::nullopt;
  }
  for (const auto& b : v4) {
    if (b.network.contains(a)) return b.what;
  }
  return std::nullopt;
}

std::vector<ip::address> own_addresses() {
  std::vector<ip::address> out;
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return out;
  for (const ifaddrs* i = list; i; i = i->ifa_next) {
    if (!i->ifa_addr) continue;
    if (i->ifa_addr->sa_family == AF_INET) {
      ip::address_v4::bytes_type b;
      std::memcpy(b.data(), &reinterpret_cast<const sockaddr_in*>(i->ifa_addr)->sin_addr, b.size());
      out.emplace_back(ip::address_v4(b));
    } else if (i->ifa_addr->sa_family == AF_INET6) {
      ip::address_v6::bytes_type b;
      std::memcpy(b.data(), &reinterpret_cast<const sockaddr_in6*>(i->ifa_addr)->sin6_addr, b.size());
      out.emplace_back(ip::address_v6(b));
    }
  }
  freeifaddrs(list);
  return out;
}

std::optional<std::string> address_policy::refusal(const ip::address& a) const {
  for (const auto& n : allowed_) {
    if (n.contains(a)) return std::nullopt;
  }
  std::string why;
  if (const auto what = special_purpose(a)) why = *what;
  // Read at each connection: addresses come and go (DHCP, containers).
  const auto own = own_addresses();
  if (std::any_of(own.begin(), own.end(), [&](const ip::address& o) { return same(o, a); })) {
    why += why.empty() ? "this host's own address" : " and this host's own address";
  }
  if (why.empty()) return std::nullopt;
  return plain(a).to_string() + " is " + why;
}

}  // namespace loyang::server::notify
