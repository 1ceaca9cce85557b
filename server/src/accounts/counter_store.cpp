// The two homes of the throttles' counts: this node's memory (bounded, least recently used
// forgotten first) and, with several nodes, the shared database's table login_counters.
#include "counter_store.hpp"

#include <spdlog/spdlog.h>

namespace loyang::server {
namespace {

class in_memory final : public counter_store {
 public:
  explicit in_memory(std::size_t capacity) : counters_(capacity) {}

  void update(const std::vector<std::string>& keys, std::int64_t,
              const std::function<void(std::vector<counter*>&)>& change) override {
    std::lock_guard lock(mutex_);
    std::vector<counter> copies;  // bounded_map may forget an entry to make room for the next
    copies.reserve(keys.size());
    for (const auto& k : keys) copies.push_back(counters_.at(k));
    std::vector<counter*> view;
    for (auto& c : copies) view.push_back(&c);
    change(view);
    for (std::size_t i = 0; i < keys.size(); ++i) counters_.at(keys[i]) = copies[i];
  }

  void forget(std::int64_t) override {}  // bounded by capacity instead

 private:
  std::mutex mutex_;
  bounded_map<counter> counters_;
};

class in_database final : public counter_store {
 public:
  explicit in_database(storage& store) : store_(store) {}

  void update(const std::vector<std::string>& keys, std::int64_t now,
              const std::function<void(std::vector<counter*>&)>& change) override {
    store_.update_counters(keys, now, [&](std::vector<persistence::store::counter>& rows) {
      std::vector<counter> copies;
      copies.reserve(rows.size());
      for (const auto& r : rows) copies.push_back({r.count, r.since, r.known});
      std::vector<counter*> view;
      for (auto& c : copies) view.push_back(&c);
      change(view);
      for (std::size_t i = 0; i < rows.size(); ++i) {
        rows[i].count = copies[i].count;
        rows[i].since = copies[i].since;
        rows[i].known = copies[i].known;
      }
    });
  }

  void forget(std::int64_t before) override {
    try {
      store_.forget_counters(before);
    } catch (const std::exception& e) {
      spdlog::warn("accounts: old login counters could not be deleted: {}", e.what());
    }
  }

 private:
  storage& store_;
};

}  // namespace

std::unique_ptr<counter_store> memory_counters(std::size_t capacity) { return std::make_unique<in_memory>(capacity); }

std::unique_ptr<counter_store> database_counters(storage& store) { return std::make_unique<in_database>(store); }

}  // namespace loyang::server
