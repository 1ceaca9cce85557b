#pragma once
/// The game server: one io_context, a listener, the database, and a graceful stop.
///
///     loyang::server::server s(settings);   // opens the database, binds the port
///     s.stop_on_signals();                  // SIGINT/SIGTERM call stop()
///     s.run();                              // blocks until stopped
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include "loyang/server/config.hpp"

namespace loyang::server {

/// The address cannot be listened on. what() is one sentence for the operator, e.g.
/// "cannot listen on 0.0.0.0:8080: the address is already in use".
class listen_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// How long stop() lets open connections finish before abandoning them.
inline constexpr std::chrono::seconds shutdown_grace{10};

/// An HTTP (and later WebSocket) server on one port.
class server {
 public:
  /// Opens `settings.data_dir`/loyang.db (creating the directory and migrating the schema)
  /// and binds the listening socket; nothing is served before run(). Throws
  /// persistence::error for an unusable data directory or database (one in use by
  /// another server, one that cannot be written), and listen_error when the address cannot
  /// be bound. An empty
  /// settings.web_root means ./web.
  explicit server(config settings);
  ~server();
  server(const server&) = delete;
  server& operator=(const server&) = delete;

  /// The TCP port actually bound (useful with port 0).
  std::uint16_t port() const noexcept;

  /// The metrics port actually bound (config::metrics_address); 0 when there is none.
  std::uint16_t metrics_port() const noexcept;

  /// The address bound, as text ("0.0.0.0", "127.0.0.1", "::").
  std::string address() const;

  /// The SQLite database file in use (empty when the store is PostgreSQL).
  const std::filesystem::path& database_file() const noexcept;

  /// The directory static files are served from.
  const std::filesystem::path& web_root() const noexcept;

  /// Makes SIGINT and SIGTERM call stop(); a second signal during the stop abandons the
  /// open connections at once. Call before run().
  void stop_on_signals();

  /// Serves on config::threads threads (the calling one included) until stop() has
  /// completed. Call once.
  void run();

  /// Stops accepting connections and closes the listening socket; requests in progress
  /// are answered, idle connections are closed, then run() returns. Connections still open
  /// after shutdown_grace are abandoned. Thread-safe and idempotent.
  void stop();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace loyang::server
