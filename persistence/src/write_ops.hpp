#pragma once
// Internal: the SQLite write connection's prepared statements, which run the writes of
// writes.hpp.
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "loyang/persistence/database.hpp"
#include "loyang/persistence/records.hpp"
#include "writes.hpp"

namespace loyang::persistence::detail {

/// The write connection's statements, prepared once and reused for every write.
class write_statements {
 public:
  write_statements(database& db, std::string engine_version);

  /// Runs `w` inside the caller's transaction; throws persistence::error (the caller then
  /// rolls the transaction back: a write may have run part of its statements).
  void run(const write& w);

 private:
  void run(const account_write& w);
  void run(const token_write& w);
  void run(const revoke_write& w);
  void run(const touch_write& w);
  void run(const password_write& w);
  void run(const game_write& w);
  void run(const command_write& w);
  void run(const seen_write& w);
  void run(const notify_settings_write& w);
  void run(const settle_write& w);
  void run(const vacation_write& w);
  void run(const relation_write& w);
  void run(const chat_write& w);
  void run(const chat_delete_write& w);
  void run(const note_write& w);
  void run(const report_write& w);
  void run(const moderation_write& w);
  void run(const standing_write& w);
  void run(const message_write& w);
  void run(const message_read_write& w);
  void run(const message_delete_write& w);
  void run(const tournament_write& w);
  void queue(const std::vector<outbox_record>& notes);
  void log(const moderation_record& m);

  database& db_;
  std::string engine_version_;
  statement upsert_account_, set_standing_, upsert_token_, revoke_token_, touch_token_;
  statement set_password_, revoke_others_;
  statement upsert_game_, upsert_seat_, delete_extra_seats_;
  statement advance_game_, insert_command_, insert_snapshot_, prune_snapshots_;
  statement upsert_seen_;
  statement upsert_vacation_;
  statement upsert_notify_, insert_note_, settle_sent_, settle_retry_, settle_deferred_, settle_dropped_, settle_failed_;
  statement upsert_relation_, delete_relation_;
  statement insert_chat_, mark_chat_deleted_;
  statement upsert_game_note_, delete_game_note_;
  statement upsert_report_, insert_moderation_, revoke_all_tokens_;
  statement insert_message_, mark_messages_read_, mark_message_deleted_;
  statement insert_tournament_, update_tournament_;
};

}  // namespace loyang::persistence::detail
