// Internal: raising the open-file limit at start (descriptor_limit.hpp).
#include "descriptor_limit.hpp"

#include <sys/resource.h>

#include <fstream>

namespace loyang::server {
namespace {

// The most descriptors a process may have when the hard limit says "unlimited".
std::uint64_t nr_open() {
  std::ifstream in("/proc/sys/fs/nr_open");
  std::uint64_t n = 0;
  return in >> n ? n : 1048576;  // the kernel's default
}

}  // namespace

descriptor_limit raise_descriptor_limit() {
  descriptor_limit out;
  rlimit r{};
  if (getrlimit(RLIMIT_NOFILE, &r) != 0) return out;
  out.before = out.now = r.rlim_cur;
  out.hard = r.rlim_max == RLIM_INFINITY ? nr_open() : r.rlim_max;
  if (r.rlim_cur == RLIM_INFINITY || r.rlim_cur >= out.hard) return out;
  r.rlim_cur = out.hard;
  if (setrlimit(RLIMIT_NOFILE, &r) == 0) out.now = out.hard;
  return out;
}

std::uint64_t current_descriptor_limit() {
  rlimit r{};
  return getrlimit(RLIMIT_NOFILE, &r) == 0 ? r.rlim_cur : 0;
}

}  // namespace loyang::server
