#pragma once
// The Beast and Asio names loyang-load's files share.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>

namespace loyang::load {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using clock = std::chrono::steady_clock;

/// A game's executor: the strand its players share. A concrete type rather than
/// any_io_executor, whose type-erased copies cost a few per cent of the tool's CPU.
using strand_type = net::strand<net::io_context::executor_type>;

/// `s` seconds as a clock duration.
inline clock::duration seconds(double s) {
  return std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(s));
}

}  // namespace loyang::load
