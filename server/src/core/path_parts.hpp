#pragma once
// Internal: splitting a request path into its parts after a route prefix, shared by the
// community routes and the write budgets' route table so both read a path the same way.
#include <string_view>
#include <vector>

namespace loyang::server {

/// The parts of `path` after `prefix`, split at '/': "/api/games/12/chat/5" after
/// "/api/games/" gives {"12", "chat", "5"}. Needs nothing of `path`; returns an empty list
/// when `path` does not start with `prefix`. A trailing '/' adds no empty last part, but empty
/// parts in between ("a//b") are kept. The views point into `path`, which must outlive them.
std::vector<std::string_view> parts_after(std::string_view path, std::string_view prefix);

}  // namespace loyang::server
