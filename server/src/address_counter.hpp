#pragma once
// Internal: open connections counted per client address key (accounts/client_address.hpp,
// address_key()), so that one machine cannot hold every descriptor of the server. A lease is
// one counted connection; the count goes down when the lease goes. Entries of addresses with
// nothing open are dropped, so the memory is bounded by the open connections.
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace loyang::server {

/// Thread-safe counts of open connections per key.
class address_counter {
 public:
  /// One counted connection; move-only. An empty lease (default-made, or from a limit of 0)
  /// counts nothing.
  class lease {
   public:
    lease() = default;
    lease(lease&& other) noexcept;
    lease& operator=(lease&& other) noexcept;
    lease(const lease&) = delete;
    lease& operator=(const lease&) = delete;
    ~lease();

   private:
    friend class address_counter;
    lease(address_counter* owner, std::string key) : owner_(owner), key_(std::move(key)) {}
    void release() noexcept;
    address_counter* owner_ = nullptr;
    std::string key_;
  };

  /// A lease for `key` when fewer than `limit` are open under it; nullopt (counting nothing)
  /// when `limit` are. A `limit` of 0 means no limit: an empty lease. The counter must outlive
  /// its leases.
  std::optional<lease> try_acquire(const std::string& key, std::size_t limit);

  /// Connections open under `key`.
  std::size_t open(const std::string& key) const;

 private:
  void release(const std::string& key) noexcept;

  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::size_t> open_;
};

}  // namespace loyang::server
