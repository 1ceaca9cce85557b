// PLACEHOLDER while the SQLite half of the community store is written (issue 23): every write
// fails, every read is empty. Replaced by the real implementation before the issue closes.
#include "loyang/persistence/sqlite_store.hpp"

namespace loyang::persistence {

void sqlite_store::save_relation(const relation_record&, bool, write_done done) { done("storage_failed"); }
void sqlite_store::append_chat(const chat_record&, std::vector<outbox_record>, write_done done) {
  done("storage_failed");
}
void sqlite_store::delete_chat(std::int64_t, const moderation_record&, write_done done) { done("storage_failed"); }
std::vector<chat_record> sqlite_store::load_chat(std::int64_t, std::int64_t, std::size_t) { return {}; }
std::int64_t sqlite_store::chat_count(std::int64_t) { return 0; }
void sqlite_store::save_note(const note_record&, write_done done) { done("storage_failed"); }
std::optional<note_record> sqlite_store::load_note(std::int64_t, std::int64_t) { return std::nullopt; }
void sqlite_store::save_report(const report_record&, std::optional<moderation_record>, write_done done) {
  done("storage_failed");
}
std::vector<report_record> sqlite_store::load_reports(bool, std::int64_t, std::size_t) { return {}; }
void sqlite_store::save_moderation(const moderation_record&, write_done done) { done("storage_failed"); }
std::vector<moderation_record> sqlite_store::load_moderation(std::int64_t, std::size_t) { return {}; }
void sqlite_store::ban_account(const account_record&, const moderation_record&, write_done done) {
  done("storage_failed");
}

}  // namespace loyang::persistence
