#include "game_reader.hpp"

#include <optional>
#include <string>

#include "game_rebuild.hpp"
#include "loyang/persistence/transaction.hpp"
#include "row_readers.hpp"

namespace loyang::persistence::detail {
namespace {

// Resets a kept statement however its read ends, so a pooled connection holds no read open.
class reset_on_exit {
 public:
  explicit reset_on_exit(statement& s) : s_(s) {}
  ~reset_on_exit() { s_.reset(); }
  reset_on_exit(const reset_on_exit&) = delete;
  reset_on_exit& operator=(const reset_on_exit&) = delete;

 private:
  statement& s_;
};

}  // namespace

game_reader::game_reader(const std::filesystem::path& file)
    : db_(file),
      game_(db_.prepare("SELECT options, seed, version, state_hash FROM games WHERE id = ?1")),
      snapshot_(db_.prepare(
          "SELECT version, state, state_hash FROM snapshots WHERE game_id = ?1 AND version <= ?2 "
          "ORDER BY version DESC LIMIT 1")),
      commands_(db_.prepare(
          "SELECT version, player, command, created_at FROM commands WHERE game_id = ?1 "
          "ORDER BY version")),
      last_seen_(db_.prepare("SELECT seat, version FROM last_seen WHERE game_id = ?1 ORDER BY seat")),
      due_notes_(db_.prepare(std::string(outbox_columns) +
                             "WHERE state = 'queued' AND next_at <= ?1 ORDER BY next_at, id LIMIT ?2")),
      queued_notes_(db_.prepare("SELECT count(*) FROM outbox WHERE state = 'queued'")),
      next_note_(db_.prepare("SELECT min(next_at) FROM outbox WHERE state = 'queued'")),
      chat_page_(db_.prepare(std::string(chat_columns) + "WHERE game_id = ?1 AND id < ?2 ORDER BY id DESC LIMIT ?3")),
      chat_count_(db_.prepare("SELECT count(*) FROM chat_messages WHERE game_id = ?1")),
      game_note_(db_.prepare("SELECT text, updated_at FROM notes WHERE game_id = ?1 AND account_id = ?2")),
      reports_page_(db_.prepare(std::string(report_columns) + "WHERE id < ?1 ORDER BY id DESC LIMIT ?2")),
      // `closed_by = 0` as the partial index reports_open says it, so that index serves it.
      open_reports_page_(db_.prepare(std::string(report_columns) +
                                     "WHERE closed_by = 0 AND id < ?1 ORDER BY id DESC LIMIT ?2")),
      moderation_page_(db_.prepare(std::string(moderation_columns) + "WHERE id < ?1 ORDER BY id DESC LIMIT ?2")),
      conversations_(db_.prepare(sqlite_marks(conversations_sql))),
      messages_page_(db_.prepare(sqlite_marks(messages_page_sql))),
      message_by_id_(db_.prepare(sqlite_marks(message_by_id_sql))),
      unread_by_sender_(db_.prepare(sqlite_marks(unread_by_sender_sql))),
      move_times_(db_.prepare(sqlite_marks(move_times_sql))),
      tournament_by_id_(db_.prepare(sqlite_marks(tournament_by_id_sql))) {}

std::optional<tournament_record> game_reader::load_tournament(std::int64_t id) {
  reset_on_exit done(tournament_by_id_);
  tournament_by_id_.bind(1, id);
  if (!tournament_by_id_.step()) return std::nullopt;
  return read_tournament(tournament_by_id_);
}

store::move_times game_reader::load_move_times(std::int64_t account, std::size_t games) {
  reset_on_exit done(move_times_);
  move_times_.bind(1, account).bind(2, limit_of(games));
  if (!move_times_.step()) return {};
  return {move_times_.column_int64(0), move_times_.column_int64(1)};
}

std::vector<conversation_record> game_reader::load_conversations(std::int64_t account, std::int64_t before,
                                                                 std::size_t limit) {
  std::vector<conversation_record> out;
  reset_on_exit done(conversations_);
  conversations_.bind(1, account).bind(2, upper_bound_of(before)).bind(3, limit_of(limit));
  while (conversations_.step()) out.push_back(read_conversation(conversations_));
  return out;
}

std::vector<message_record> game_reader::load_messages(std::int64_t account, std::int64_t other, std::int64_t before,
                                                       std::size_t limit) {
  std::vector<message_record> out;
  reset_on_exit done(messages_page_);
  messages_page_.bind(1, account).bind(2, other).bind(3, upper_bound_of(before)).bind(4, limit_of(limit));
  while (messages_page_.step()) out.push_back(read_message(messages_page_));
  return out;
}

std::optional<message_record> game_reader::load_message(std::int64_t id) {
  reset_on_exit done(message_by_id_);
  message_by_id_.bind(1, id);
  if (!message_by_id_.step()) return std::nullopt;
  return read_message(message_by_id_);
}

std::vector<std::pair<std::int64_t, std::int64_t>> game_reader::unread_messages(std::int64_t account) {
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  reset_on_exit done(unread_by_sender_);
  unread_by_sender_.bind(1, account);
  while (unread_by_sender_.step()) out.emplace_back(unread_by_sender_.column_int64(0), unread_by_sender_.column_int64(1));
  return out;
}

std::vector<chat_record> game_reader::load_chat(std::int64_t game, std::int64_t before, std::size_t limit) {
  std::vector<chat_record> out;
  reset_on_exit done(chat_page_);
  chat_page_.bind(1, game).bind(2, upper_bound_of(before)).bind(3, limit_of(limit));
  while (chat_page_.step()) out.push_back(read_chat(chat_page_));
  return out;
}

std::int64_t game_reader::chat_count(std::int64_t game) {
  reset_on_exit done(chat_count_);
  chat_count_.bind(1, game);
  return chat_count_.step() ? chat_count_.column_int64(0) : 0;
}

std::optional<note_record> game_reader::load_note(std::int64_t game, std::int64_t account) {
  reset_on_exit done(game_note_);
  game_note_.bind(1, game).bind(2, account);
  if (!game_note_.step()) return std::nullopt;
  return note_record{game, account, game_note_.column_text(0), game_note_.column_int64(1)};
}

std::vector<report_record> game_reader::load_reports(bool open_only, std::int64_t before, std::size_t limit) {
  auto& page = open_only ? open_reports_page_ : reports_page_;
  std::vector<report_record> out;
  reset_on_exit done(page);
  page.bind(1, upper_bound_of(before)).bind(2, limit_of(limit));
  while (page.step()) out.push_back(read_report(page));
  return out;
}

std::vector<moderation_record> game_reader::load_moderation(std::int64_t before, std::size_t limit) {
  std::vector<moderation_record> out;
  reset_on_exit done(moderation_page_);
  moderation_page_.bind(1, upper_bound_of(before)).bind(2, limit_of(limit));
  while (moderation_page_.step()) out.push_back(read_moderation(moderation_page_));
  return out;
}

std::vector<outbox_record> game_reader::due_notifications(std::int64_t now, std::size_t limit) {
  std::vector<outbox_record> out;
  due_notes_.bind(1, now).bind(2, static_cast<std::int64_t>(limit));
  while (due_notes_.step()) out.push_back(read_outbox(due_notes_));
  due_notes_.reset();
  return out;
}

std::int64_t game_reader::queued_notifications() {
  queued_notes_.step();
  const auto n = queued_notes_.column_int64(0);
  queued_notes_.reset();
  return n;
}

std::optional<std::int64_t> game_reader::next_notification_at() {
  next_note_.step();
  std::optional<std::int64_t> at;
  if (!next_note_.column_is_null(0)) at = next_note_.column_int64(0);
  next_note_.reset();
  return at;
}

store::catalog game_reader::load_catalog() {
  read_transaction t(db_);
  return read_catalog([this](const char* sql) { return db_.prepare(sql); });
}

loaded_game game_reader::load_game(std::int64_t id) {
  read_transaction t(db_);  // the row, the snapshot and the log of one committed state

  game_.bind(1, id);
  if (!game_.step()) {
    game_.reset();
    throw damaged_game("game " + std::to_string(id) + " is not stored");
  }
  std::optional<game_head> head;
  try {
    head = read_game_head(game_, id);
  } catch (...) {
    game_.reset();
    throw;
  }
  game_.reset();

  std::optional<game_rebuild> game;
  {
    reset_on_exit done(snapshot_);
    snapshot_.bind(1, id).bind(2, static_cast<std::int64_t>(head->version));
    if (snapshot_.step()) {
      const auto blob = snapshot_.column_blob(1);
      game.emplace(id, *head,
                   snapshot_view{static_cast<std::uint32_t>(snapshot_.column_int64(0)),
                                 std::string_view(reinterpret_cast<const char*>(blob.data()), blob.size()),
                                 from_column(snapshot_.column_int64(2))});
    } else {
      game.emplace(id, *head, std::nullopt);
    }
  }
  {
    reset_on_exit done(commands_);
    commands_.bind(1, id);
    while (commands_.step()) {
      game->add(static_cast<std::uint32_t>(commands_.column_int64(0)),
                static_cast<engine::player_id>(commands_.column_int64(1)), commands_.column_text_view(2),
                commands_.column_int64(3));
    }
  }
  {
    reset_on_exit done(last_seen_);
    last_seen_.bind(1, id);
    while (last_seen_.step()) {
      game->seen(static_cast<engine::player_id>(last_seen_.column_int64(0)),
                 static_cast<std::uint32_t>(last_seen_.column_int64(1)));
    }
  }
  return std::move(*game).finish();
}

}  // namespace loyang::persistence::detail
