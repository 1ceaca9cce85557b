#pragma once
// Internal: the set of open connections, so that a shutdown can close them and learn when
// the last one has gone.
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "connection.hpp"

namespace loyang::server {

/// Thread-safe registry of live connections. Connections add themselves when they start and
/// remove themselves when destroyed.
class connection_registry {
 public:
  /// Registers `c`. Returns false (and does not register) once close_all() has run: the
  /// caller should then close its connection at once.
  bool add(const std::shared_ptr<connection>& c);

  /// Forgets `c`; called from the connection's destructor. Runs the close_all() callback
  /// when this was the last connection after close_all().
  void remove(const connection* c);

  /// Refuses new connections, asks each live one to close, and calls `on_empty` once no
  /// connection is left (immediately if there is none). `on_empty` may run on any thread.
  void close_all(std::function<void()> on_empty);

  /// Drops the close_all() callback; for the owner's destructor, after which the callback's
  /// captures would dangle.
  void forget_on_empty();

  /// Number of live connections.
  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::unordered_map<const connection*, std::weak_ptr<connection>> live_;
  bool closed_ = false;
  std::function<void()> on_empty_;
};

}  // namespace loyang::server
