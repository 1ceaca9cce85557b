#pragma once
// Internal: how much freed memory the allocator may keep for reuse.
#include <string>

namespace loyang::server {

/// With tcmalloc (the release build's allocator): its threads' caches of freed memory together
/// are held to 4 MiB instead of its default 32 MiB, unless TCMALLOC_MAX_TOTAL_THREAD_CACHE_BYTES
/// is set. The server's few threads free much of what they allocate at once (a command's
/// patches and texts), so the larger caches only kept up to 30 MB of a busy server's memory
/// without making a command cheaper (docs/benchmarks.md, "Memory per game"). Returns a line for
/// the log saying what was set (empty with glibc's malloc).
std::string bound_allocator_caches();

}  // namespace loyang::server
