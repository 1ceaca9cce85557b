#pragma once
// Internal: where new ids of one kind (games, accounts, chat messages, reports, operator
// actions) come from. One node: counted up from the largest stored. Several nodes on one
// database: blocks reserved in the database (store::reserve_ids), so no two nodes give the
// same id. Any thread.
#include <cstdint>
#include <mutex>
#include <string>

#include "../core/records.hpp"

namespace loyang::server::cluster {

class id_source {
 public:
  /// Ids reserved at once from a shared database: a reservation is a round trip, made once per
  /// this many ids.
  static constexpr std::int64_t block = 64;

  /// `kind` as store::reserve_ids names it. `block_size`: ids reserved at once on a shared
  /// database; 1 for a kind whose ids must follow the order they are given in over all nodes
  /// (private messages: their pages and read marks go by id), at a round trip each.
  id_source(storage& store, std::string kind, std::int64_t block_size = block)
      : store_(store), kind_(std::move(kind)), block_(block_size) {}

  /// The largest id stored (at start): a single node goes on after it; on a shared database a
  /// block below it is skipped.
  void start_after(std::int64_t largest);
  /// A new id; 0 when the shared database could not give one (unreachable: the caller answers
  /// as for a failed write). On a shared database it may block for a round trip.
  std::int64_t next();
  /// The largest id given or known here (0: none); for a single node, the catalog's counter.
  std::int64_t last() const;

 private:
  storage& store_;
  std::string kind_;
  std::int64_t block_;
  mutable std::mutex mutex_;
  std::int64_t last_ = 0;   // the last id given
  std::int64_t end_ = 0;    // shared: one past the reserved block
};

}  // namespace loyang::server::cluster
