#pragma once
// Internal: what a room needs of a connection that watches it.
#include <memory>
#include <string>

namespace loyang::server {

/// An already-serialized message, shared by every connection it goes to.
using shared_text = std::shared_ptr<const std::string>;

class subscriber {
 public:
  virtual ~subscriber() = default;
  /// Queues `text` for sending. Thread-safe; never blocks. A connection whose queue is full
  /// closes itself instead of holding the room back.
  virtual void send(shared_text text) = 0;
};

}  // namespace loyang::server
