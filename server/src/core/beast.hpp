#pragma once
// Internal: the Beast and Asio names the server's files share, as in Beast's examples.
#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace loyang::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

/// A connection's or a room's executor: its own strand of the server's io_context. A concrete
/// type rather than any_io_executor, whose type-erased copies took ~4 % of the server's CPU
/// under load.
using strand_type = net::strand<net::io_context::executor_type>;
/// A connection's socket, on its strand.
using socket_type = tcp::socket::rebind_executor<strand_type>::other;

}  // namespace loyang::server
