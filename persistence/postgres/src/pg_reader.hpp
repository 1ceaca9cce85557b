#pragma once
// Internal: one PostgreSQL read connection and its prepared queries (the same reads as the
// SQLite store's game_reader, through row_readers.hpp and game_rebuild.hpp).
#include <string>

#include "pg_connection.hpp"
#include "store_backend.hpp"

namespace loyang::persistence::pg {

/// The statements every read connection prepares (as writer_statements()).
std::vector<named_sql> reader_statements();

class reader final : public detail::store_reader {
 public:
  /// Connects (as "loyang NODE reader" in pg_stat_activity) and prepares the queries. Throws
  /// persistence::error.
  reader(const std::string& url, const std::string& node);

  store::catalog load_catalog() override;
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
  store::catalog load_catalog_part(std::int64_t game, std::int64_t account) override;
  /// From the table id_blocks (made, for a kind, from the largest id stored).
  std::int64_t reserve_ids(const std::string& kind, std::int64_t count) override;
  std::vector<logged_command> load_commands_after(std::int64_t game, std::uint32_t after) override;
  std::int64_t find_account(const std::string& name, const std::string& token_hash) override;
  /// The table login_counters (schema version 4).
  void update_counters(const std::vector<std::string>& keys, std::int64_t now,
                       const std::function<void(std::vector<store::counter>&)>& change) override;
  void forget_counters(std::int64_t before) override;
  /// False also when PostgreSQL closed the connection while it waited in the pool.
  bool healthy() const override { return !c_.closed_by_server(); }

 private:
  cursor run(const std::string& name, const params& p) { return cursor(c_.run(name, p)); }

  connection c_;
};

}  // namespace loyang::persistence::pg
