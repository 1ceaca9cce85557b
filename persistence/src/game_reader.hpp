#pragma once
// Internal: one read connection and its prepared queries: the catalog, a game rebuilt from its
// latest snapshot and its log (checked against the stored hashes), the outbox, and the
// community's pages (chat, notes, reports, the operators' log).
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

  // The community's reads; see store.hpp. Throw persistence::error.
  std::vector<chat_record> load_chat(std::int64_t game, std::int64_t before, std::size_t limit);
  std::int64_t chat_count(std::int64_t game);
  std::optional<note_record> load_note(std::int64_t game, std::int64_t account);
  std::vector<report_record> load_reports(bool open_only, std::int64_t before, std::size_t limit);
  std::vector<moderation_record> load_moderation(std::int64_t before, std::size_t limit);

 private:
  database db_;
  statement game_, snapshot_, commands_, last_seen_, due_notes_, queued_notes_;
  statement chat_page_, chat_count_, game_note_, reports_page_, open_reports_page_, moderation_page_;
};

}  // namespace loyang::persistence::detail
