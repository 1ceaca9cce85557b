#pragma once
// Internal: one read connection and its prepared queries: the catalog, and a game rebuilt
// from its latest snapshot and its log, checked against the stored hashes.
#include <filesystem>

#include "loyang/persistence/database.hpp"
#include "loyang/persistence/store.hpp"

namespace loyang::persistence::detail {

class game_reader {
 public:
  /// Opens a connection to `file` (migrated already by the writer). Throws persistence::error.
  explicit game_reader(const std::filesystem::path& file);

  store::catalog load_catalog();
  /// Throws engine_mismatch or persistence::error (see sqlite_store::load_game).
  loaded_game load_game(std::int64_t game);
  std::vector<outbox_record> due_notifications(std::int64_t now, std::size_t limit);
  std::int64_t queued_notifications();

 private:
  database db_;
  statement game_, snapshot_, commands_, last_seen_, due_notes_, queued_notes_;
};

}  // namespace loyang::persistence::detail
