#pragma once
// Internal: who keeps whom as a friend, muted or blocked (persistence's relation_record), in
// memory. Read on many strands (the lobby's checks, every room's chat), changed rarely: one
// shared mutex rather than a strand, as no caller may wait for an answer.
#include <array>
#include <cstdint>
#include <set>
#include <shared_mutex>
#include <unordered_map>
#include <vector>

#include "../core/records.hpp"

namespace loyang::server::social {

using persistence::relation_kind;
using persistence::relation_record;

class relations {
 public:
  /// Each account keeps at most this many relations of each kind.
  static constexpr std::size_t max_per_kind = 500;

  /// Takes the stored relations (at start).
  void load(const std::vector<relation_record>& all);

  /// Whether `account` keeps `kind` about `other`.
  bool has(std::int64_t account, std::int64_t other, relation_kind kind) const;
  /// Whether `reader` does not want to read `writer`: he muted or blocked him.
  bool hides(std::int64_t reader, std::int64_t writer) const;
  /// Whether `account` blocked `other`.
  bool blocked(std::int64_t account, std::int64_t other) const { return has(account, other, relation_kind::block); }
  /// The accounts `account` keeps as `kind`, by id.
  std::vector<std::int64_t> list(std::int64_t account, relation_kind kind) const;
  /// How many relations of `kind` `account` keeps.
  std::size_t count(std::int64_t account, relation_kind kind) const;

  /// The relations `account` keeps, all at once (another node stored them: cluster/).
  void replace(std::int64_t account, const std::vector<relation_record>& kept);

  /// Records a relation made (`on`) or ended, once stored.
  void set(const relation_record& r, bool on);

 private:
  static std::size_t index(relation_kind k) { return static_cast<std::size_t>(k); }
  mutable std::shared_mutex mutex_;
  std::unordered_map<std::int64_t, std::array<std::set<std::int64_t>, 3>> of_;
};

}  // namespace loyang::server::social
