#pragma once
// Internal: which addresses a webhook may connect to. A webhook URL is the player's to choose,
// so the server must not be made to send requests into the operator's network or to itself:
// every special-purpose block of the IANA registries is refused, and so are this host's own
// interface addresses, unless the operator allows a block (--webhook-allow-networks). The
// check is made on the address the socket is opened for (curl_delivery.cpp), never on a name.
#include <boost/asio/ip/address.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../accounts/client_address.hpp"

namespace loyang::server::notify {

/// The special-purpose block `a` lies in ("loopback", "private", "documentation", ...), or
/// nullopt for an ordinary global unicast address. An IPv4 address inside IPv6 (mapped,
/// ::ffff:0:0/96) is judged as the IPv4 address.
std::optional<std::string_view> special_purpose(const boost::asio::ip::address& a);

/// This host's interface addresses, read now (getifaddrs); empty if they cannot be read.
std::vector<boost::asio::ip::address> own_addresses();

class address_policy {
 public:
  /// `allowed`: blocks a webhook may go to whatever else is true of them.
  explicit address_policy(std::vector<ip_network> allowed = {}) : allowed_(std::move(allowed)) {}

  /// Why a webhook may not connect to `a` ("192.0.2.9 is documentation, TEST-NET-1 (RFC
  /// 5737)", "... is this host's own address", or both joined by "and"), or nullopt when it may.
  std::optional<std::string> refusal(const boost::asio::ip::address& a) const;

 private:
  std::vector<ip_network> allowed_;
};

}  // namespace loyang::server::notify
