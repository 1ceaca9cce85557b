// The defaults of a store that no other process writes to.
#include "loyang/persistence/store.hpp"

#include <stdexcept>

namespace loyang::persistence {

store::catalog store::load_catalog_part(std::int64_t, std::int64_t) {
  throw std::logic_error("load_catalog_part: this store is not shared by several nodes");
}

std::int64_t store::reserve_ids(const std::string&, std::int64_t) {
  throw std::logic_error("reserve_ids: this store is not shared by several nodes");
}

std::int64_t store::find_account(const std::string&, const std::string&) {
  throw std::logic_error("find_account: this store is not shared by several nodes");
}

std::vector<logged_command> store::load_commands_after(std::int64_t, std::uint32_t) {
  throw std::logic_error("load_commands_after: this store is not shared by several nodes");
}

void store::update_counters(const std::vector<std::string>&, std::int64_t,
                            const std::function<void(std::vector<counter>&)>&) {
  throw std::logic_error("update_counters: this store is not shared by several nodes");
}

void store::forget_counters(std::int64_t) {
  throw std::logic_error("forget_counters: this store is not shared by several nodes");
}

}  // namespace loyang::persistence
