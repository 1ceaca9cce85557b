#pragma once
// Internal: the process's open-file limit (RLIMIT_NOFILE). Every connection takes a
// descriptor, so the server raises its soft limit to the hard one at start.
#include <cstdint>

namespace loyang::server {

/// The open-file limit before and after raise_descriptor_limit().
struct descriptor_limit {
  std::uint64_t before = 0;  ///< the soft limit found
  std::uint64_t now = 0;     ///< the soft limit in force
  std::uint64_t hard = 0;    ///< the hard limit (an unlimited one as the kernel's fs.nr_open)
};

/// Raises the soft RLIMIT_NOFILE to the hard limit (to fs.nr_open when the hard limit is
/// unlimited). Never throws; when the limit cannot be read or set, `now` is what is in force.
descriptor_limit raise_descriptor_limit();

/// The soft RLIMIT_NOFILE in force; 0 when it cannot be read.
std::uint64_t current_descriptor_limit();

}  // namespace loyang::server
