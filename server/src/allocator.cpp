#include "allocator.hpp"

#include <cstdlib>

#ifdef LOYANG_TCMALLOC_LINKED
#include <gperftools/malloc_extension.h>
#endif

namespace loyang::server {

std::string bound_allocator_caches() {
#ifdef LOYANG_TCMALLOC_LINKED
  constexpr std::size_t thread_caches = std::size_t(4) << 20;
  if (std::getenv("TCMALLOC_MAX_TOTAL_THREAD_CACHE_BYTES")) {
    return "allocator: tcmalloc, thread caches as TCMALLOC_MAX_TOTAL_THREAD_CACHE_BYTES says";
  }
  if (!MallocExtension::instance()->SetNumericProperty("tcmalloc.max_total_thread_cache_bytes", thread_caches)) {
    return "allocator: tcmalloc, its thread caches could not be bounded";
  }
  return "allocator: tcmalloc, thread caches bounded to 4 MiB in all";
#else
  return {};
#endif
}

}  // namespace loyang::server
