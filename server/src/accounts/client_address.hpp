#pragma once
// Internal: who a request comes from. The socket's peer, unless that peer is a proxy the
// operator trusts (--trusted-proxies): then the right-most address of X-Forwarded-For that
// is not itself a trusted proxy. Everything left of that address is the client's to forge.
// And the key every per-address limit counts a client under: IPv6 by its /64.
#include <boost/asio/ip/address.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace loyang::server {

/// An address block: an address and how many leading bits of it count (a CIDR).
struct ip_network {
  boost::asio::ip::address base;
  unsigned prefix = 0;

  /// Whether `a` lies in this block (IPv4-mapped IPv6 addresses count as IPv4).
  bool contains(const boost::asio::ip::address& a) const;
};

/// Parses "203.0.113.7" or "10.0.0.0/8" or "::1" or "fd00::/8"; nullopt when malformed
/// (a bad address, or a prefix longer than the address).
std::optional<ip_network> parse_network(std::string_view text);

/// Parses a comma-separated list of parse_network() items (spaces allowed around them).
/// nullopt and `bad` set to the offending item when one is malformed.
std::optional<std::vector<ip_network>> parse_networks(std::string_view list, std::string& bad);

/// The client's address as text: `peer`, or when `peer` is in `trusted`, the right-most
/// address of `forwarded_for` (X-Forwarded-For, comma-separated, possibly several headers
/// joined) that is not in `trusted`. A malformed entry stops the walk at the last good
/// address: nothing left of garbage is believed.
std::string client_address(const boost::asio::ip::address& peer, std::string_view forwarded_for,
                           const std::vector<ip_network>& trusted);

/// The key the per-address limits (login throttles, sign-ups, history reads, connections)
/// count `address` under: an IPv4 address (also IPv4-mapped) as itself, an IPv6 address by its
/// /64 ("2001:db8:1:2::/64"). One subscriber or machine is usually given a whole /64, so
/// counting single IPv6 addresses would let it take 2^64 turns.
std::string address_key(const boost::asio::ip::address& address);

/// address_key() of client_address(): who a request counts as for the per-address limits.
std::string client_key(const boost::asio::ip::address& peer, std::string_view forwarded_for,
                       const std::vector<ip_network>& trusted);

/// Whether `peer` is one of the `trusted` proxies.
bool is_trusted_proxy(const boost::asio::ip::address& peer, const std::vector<ip_network>& trusted);

}  // namespace loyang::server
