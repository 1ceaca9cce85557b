#pragma once
// Internal: one SQLite read connection and its prepared queries: the catalog, a game rebuilt
// from its latest snapshot and its log (checked against the stored hashes), the outbox, and
// the community's pages (chat, notes, reports, the operators' log).
#include <filesystem>

#include "loyang/persistence/database.hpp"
#include "store_backend.hpp"

namespace loyang::persistence::detail {

class game_reader final : public store_reader {
 public:
  /// Opens a connection to `file` (migrated already by the writer). Throws persistence::error.
  explicit game_reader(const std::filesystem::path& file);

  store::catalog load_catalog() override;
  /// Throws engine_mismatch or persistence::error (see queued_store::load_game).
  loaded_game load_game(std::int64_t game) override;
  std::vector<outbox_record> due_notifications(std::int64_t now, std::size_t limit) override;
  std::int64_t queued_notifications() override;
  std::optional<std::int64_t> next_notification_at() override;
  std::vector<chat_record> load_chat(std::int64_t game, std::int64_t before, std::size_t limit) override;
  std::int64_t chat_count(std::int64_t game) override;
  std::optional<note_record> load_note(std::int64_t game, std::int64_t account) override;
  std::vector<report_record> load_reports(bool open_only, std::int64_t before, std::size_t limit) override;
  std::vector<moderation_record> load_moderation(std::int64_t before, std::size_t limit) override;
  std::vector<conversation_record> load_conversations(std::int64_t account, std::int64_t before,
                                                      std::size_t limit) override;
  std::vector<message_record> load_messages(std::int64_t account, std::int64_t other, std::int64_t before,
                                            std::size_t limit) override;
  std::optional<message_record> load_message(std::int64_t id) override;
  std::optional<tournament_record> load_tournament(std::int64_t id) override;
  std::vector<std::pair<std::int64_t, std::int64_t>> unread_messages(std::int64_t account) override;
  store::move_times load_move_times(std::int64_t account, std::size_t games) override;

 private:
  database db_;
  statement game_, snapshot_, commands_, last_seen_, due_notes_, queued_notes_, next_note_;
  statement chat_page_, chat_count_, game_note_, reports_page_, open_reports_page_, moderation_page_;
  statement conversations_, messages_page_, message_by_id_, unread_by_sender_, move_times_, tournament_by_id_;
};

}  // namespace loyang::persistence::detail
