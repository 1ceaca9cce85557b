// The one translation unit of loyang-load that compiles Boost.Asio and Boost.Beast; the others
// see BOOST_ASIO_SEPARATE_COMPILATION / BOOST_BEAST_SEPARATE_COMPILATION and only declare.
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
