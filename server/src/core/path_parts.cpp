// Splitting a request path into its parts after a route prefix (path_parts.hpp).
#include "path_parts.hpp"

namespace loyang::server {

std::vector<std::string_view> parts_after(std::string_view path, std::string_view prefix) {
  std::vector<std::string_view> out;
  if (path.substr(0, prefix.size()) != prefix) return out;
  auto rest = path.substr(prefix.size());
  while (!rest.empty()) {
    const auto slash = rest.find('/');
    out.push_back(rest.substr(0, slash));
    if (slash == std::string_view::npos) break;
    rest = rest.substr(slash + 1);
  }
  return out;
}

}  // namespace loyang::server
