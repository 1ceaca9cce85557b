#pragma once
/// The server's version, from the CMake project version.
#include <string_view>

namespace loyang::server {

/// "0.1.0" and so on; reported by --version and GET /healthz.
std::string_view version() noexcept;

}  // namespace loyang::server
