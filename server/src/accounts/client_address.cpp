#include "client_address.hpp"

#include <algorithm>
#include <charconv>

namespace loyang::server {
namespace {

namespace ip = boost::asio::ip;

ip::address plain(const ip::address& a) {
  if (a.is_v6() && a.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, a.to_v6());
  return a;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::optional<ip::address> parse_address(std::string_view text) {
  boost::system::error_code ec;
  auto a = ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  return plain(a);
}

bool in_any(const ip::address& a, const std::vector<ip_network>& nets) {
  return std::any_of(nets.begin(), nets.end(), [&](const ip_network& n) { return n.contains(a); });
}

ip::address client_ip(const ip::address& peer, std::string_view forwarded_for,
                      const std::vector<ip_network>& trusted) {
  auto client = plain(peer);
  if (!in_any(client, trusted)) return client;
  // Walk from the right: each hop was added by the proxy before it.
  while (!forwarded_for.empty()) {
    const auto comma = forwarded_for.rfind(',');
    const auto item = trim(comma == std::string_view::npos ? forwarded_for
                                                           : forwarded_for.substr(comma + 1));
    forwarded_for = comma == std::string_view::npos ? std::string_view()
                                                    : forwarded_for.substr(0, comma);
    const auto a = parse_address(item);
    if (!a) break;
    client = *a;
    if (!in_any(client, trusted)) break;
  }
  return client;
}

}  // namespace

bool ip_network::contains(const ip::address& raw) const {
  const auto a = plain(raw);
  if (a.is_v4() != base.is_v4()) return false;
  if (a.is_v4()) {
    const auto mask = prefix == 0 ? 0u : ~0u << (32 - prefix);
    return (a.to_v4().to_uint() & mask) == (base.to_v4().to_uint() & mask);
  }
  const auto x = a.to_v6().to_bytes();
  const auto y = base.to_v6().to_bytes();
  for (unsigned bit = 0; bit < prefix; bit += 8) {
    const unsigned left = std::min(8u, prefix - bit);
    const auto mask = static_cast<unsigned char>(0xff << (8 - left));
    if ((x[bit / 8] & mask) != (y[bit / 8] & mask)) return false;
  }
  return true;
}

std::optional<ip_network> parse_network(std::string_view text) {
  text = trim(text);
  const auto slash = text.find('/');
  const auto a = parse_address(text.substr(0, slash));
  if (!a) return std::nullopt;
  const unsigned width = a->is_v4() ? 32 : 128;
  unsigned prefix = width;
  if (slash != std::string_view::npos) {
    const auto digits = text.substr(slash + 1);
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), prefix);
    if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty() ||
        prefix > width) {
      return std::nullopt;
    }
  }
  return ip_network{*a, prefix};
}

std::optional<std::vector<ip_network>> parse_networks(std::string_view list, std::string& bad) {
  std::vector<ip_network> out;
  while (!list.empty()) {
    const auto comma = list.find(',');
    const auto item = trim(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (item.empty()) continue;
    auto n = parse_network(item);
    if (!n) {
      bad = std::string(item);
      return std::nullopt;
    }
    out.push_back(*n);
  }
  return out;
}

std::string client_address(const ip::address& peer, std::string_view forwarded_for,
                           const std::vector<ip_network>& trusted) {
  return client_ip(peer, forwarded_for, trusted).to_string();
}

std::string address_key(const ip::address& address) {
  const auto a = plain(address);
  if (a.is_v4()) return a.to_string();
  auto bytes = a.to_v6().to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return ip::address_v6(bytes).to_string() + "/64";
}

std::string client_key(const ip::address& peer, std::string_view forwarded_for,
                       const std::vector<ip_network>& trusted) {
  return address_key(client_ip(peer, forwarded_for, trusted));
}

bool is_trusted_proxy(const ip::address& peer, const std::vector<ip_network>& trusted) {
  return in_any(plain(peer), trusted);
}

}  // namespace loyang::server
