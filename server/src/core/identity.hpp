#pragma once
// Internal: who a request or a connection comes from, once its token was checked
// (accounts/accounts.hpp does the checking).
#include <cstdint>
#include <string>

namespace loyang::server {

/// A logged-in account, as a request or connection knows it.
struct identity {
  std::int64_t id = 0;
  std::string name;
};

}  // namespace loyang::server
