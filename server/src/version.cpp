#include "loyang/server/version.hpp"

namespace loyang::server {

std::string_view version() noexcept { return LOYANG_VERSION; }

}  // namespace loyang::server
