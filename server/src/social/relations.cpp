#include "relations.hpp"

#include <mutex>

namespace loyang::server::social {

void relations::load(const std::vector<relation_record>& all) {
  std::unique_lock lock(mutex_);
  for (const auto& r : all) of_[r.account][index(r.kind)].insert(r.other);
}

bool relations::has(std::int64_t account, std::int64_t other, relation_kind kind) const {
  std::shared_lock lock(mutex_);
  const auto it = of_.find(account);
  return it != of_.end() && it->second[index(kind)].count(other) != 0;
}

bool relations::hides(std::int64_t reader, std::int64_t writer) const {
  std::shared_lock lock(mutex_);
  const auto it = of_.find(reader);
  if (it == of_.end()) return false;
  return it->second[index(relation_kind::mute)].count(writer) != 0 ||
         it->second[index(relation_kind::block)].count(writer) != 0;
}

std::vector<std::int64_t> relations::list(std::int64_t account, relation_kind kind) const {
  std::shared_lock lock(mutex_);
  const auto it = of_.find(account);
  if (it == of_.end()) return {};
  const auto& s = it->second[index(kind)];
  return {s.begin(), s.end()};
}

std::size_t relations::count(std::int64_t account, relation_kind kind) const {
  std::shared_lock lock(mutex_);
  const auto it = of_.find(account);
  return it == of_.end() ? 0 : it->second[index(kind)].size();
}

void relations::replace(std::int64_t account, const std::vector<relation_record>& kept) {
  std::unique_lock lock(mutex_);
  auto& mine = of_[account];
  for (auto& s : mine) s.clear();
  for (const auto& r : kept) {
    if (r.account == account) mine[index(r.kind)].insert(r.other);
  }
}

void relations::set(const relation_record& r, bool on) {
  std::unique_lock lock(mutex_);
  auto& s = of_[r.account][index(r.kind)];
  if (on) {
    s.insert(r.other);
  } else {
    s.erase(r.other);
  }
}

}  // namespace loyang::server::social
