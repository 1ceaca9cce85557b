// The one translation unit that compiles Boost.Asio, Boost.Beast and Boost.URL. Every other
// file sees BOOST_ASIO_SEPARATE_COMPILATION / BOOST_BEAST_SEPARATE_COMPILATION (set PUBLIC on
// loyang_server_lib; Boost.URL needs no flag) and only declares what is defined here.
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
#include <boost/url/src.hpp>
