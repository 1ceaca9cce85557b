#pragma once
// Internal: one HTTP connection, after Beast's advanced_server example. Reads a request,
// answers it, and repeats while the client keeps the connection alive. (WebSocket upgrades
// will hand the stream over to a websocket_session here.)
#include <boost/optional.hpp>
#include <memory>

#include "beast.hpp"
#include "connection.hpp"
#include "shared_state.hpp"

namespace loyang::server {

/// One HTTP/1.1 connection. All its handlers run on the stream's own strand.
class http_session : public connection, public std::enable_shared_from_this<http_session> {
 public:
  /// Largest request body accepted, in bytes (Beast's example value).
  static constexpr std::uint64_t body_limit = 10000;
  /// How long a read of one request, or a write of one response, may take.
  static constexpr std::chrono::seconds timeout{30};

  http_session(socket_type&& socket, std::shared_ptr<shared_state> state);
  ~http_session() override;

  /// Starts reading requests.
  void run();

  /// Finishes the request in progress, if any, then closes. Thread-safe.
  void close() override;

 private:
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes_transferred);
  void write(http::message_generator msg);
  void on_write(bool keep_alive, beast::error_code ec, std::size_t bytes_transferred);
  void on_close();
  void do_close();
  static void fail(beast::error_code ec, const char* what);

  beast::basic_stream<tcp, strand_type> stream_;
  beast::flat_buffer buffer_;
  std::shared_ptr<shared_state> state_;
  // Rebuilt for every request: a parser holds one message.
  boost::optional<http::request_parser<http::string_body>> parser_;
  // Between a request read and its response written: close() must not cut it off.
  bool busy_ = false;
  // close() has been asked for: no further request is read.
  bool closing_ = false;
};

}  // namespace loyang::server
