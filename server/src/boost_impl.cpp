// The one translation unit that compiles Boost.Asio and Boost.Beast. Every other file sees
// BOOST_ASIO_SEPARATE_COMPILATION / BOOST_BEAST_SEPARATE_COMPILATION (set PUBLIC on
// loyang_server_lib) and only declares what is defined here.
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
