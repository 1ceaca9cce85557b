#pragma once
// Internal: the writes a store's writer thread runs, already turned into column values on the
// caller's thread (JSON dumped, state encoded and hashed). Shared by the SQLite and the
// PostgreSQL stores; each runs them with its own statements.
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "loyang/engine/state.hpp"
#include "loyang/persistence/records.hpp"

namespace loyang::persistence::detail {

struct account_write {
  account_record account;
};

struct token_write {
  std::string hash;
  std::int64_t account = 0;
  std::int64_t at = 0;
};

struct revoke_write {
  std::string hash;
};

struct touch_write {
  std::string hash;
  std::int64_t at = 0;
};

/// A new password hash, and every token of the account but `keep_hash` revoked.
struct password_write {
  std::int64_t account = 0;
  std::string password_hash;
  std::string keep_hash;
};

/// The games row (as columns) and its seats.
struct game_write {
  std::int64_t id = 0;
  std::string options;
  std::int64_t seed = 0;
  std::string status;
  std::int64_t creator = 0;  // 0: NULL
  std::string invited;
  std::string watch;
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
  std::int64_t version = 0;
  std::int64_t revision = 0;  // game_record::revision
  std::string to_act;
  std::int64_t waiting_since = 0;
  std::int64_t round = 0;
  std::optional<std::string> result;
  std::optional<std::string> clock;
  std::optional<std::string> extra;  // the community's fields; nullopt: NULL
  std::vector<seat_record> seats;
  std::vector<outbox_record> notes;
};

struct snapshot_blob {
  std::string state;  // engine::encode
  std::int64_t hash = 0;
};

/// One command and the game row's progress.
struct command_write {
  std::int64_t game = 0;
  std::int64_t version = 0;
  int player = 0;
  std::string command;
  std::int64_t at = 0;
  std::string status;
  std::int64_t updated_at = 0;
  std::string to_act;
  std::int64_t waiting_since = 0;
  std::int64_t round = 0;
  std::optional<std::string> result;
  std::optional<std::string> clock;
  std::int64_t state_hash = 0;
  std::optional<snapshot_blob> snapshot;
  std::vector<outbox_record> notes;
};

/// The version a seat of a game has seen (kept when newer than the stored one).
struct seen_write {
  std::int64_t game = 0;
  int seat = 0;
  std::int64_t version = 0;
};

/// An account's notification settings.
struct notify_settings_write {
  std::int64_t account = 0;
  std::string settings;
  std::vector<outbox_record> notes;
};

struct vacation_write {
  vacation_record vacation;
};

/// How a notification's delivery attempt ended.
struct settle_write {
  std::int64_t id = 0;
  delivery how = delivery::sent;
  std::int64_t at = 0;
  std::int64_t next_at = 0;
  std::string error;
};

/// A relation added (only its time updated when it exists) or removed (`on` false).
struct relation_write {
  relation_record relation;
  bool on = true;
};

/// One chat message, and the notifications it causes.
struct chat_write {
  chat_record message;
  std::vector<outbox_record> notes;
};

/// Chat message `id` marked deleted by the log's operator at its time, and the log entry;
/// fails when there is no such message.
struct chat_delete_write {
  std::int64_t id = 0;
  moderation_record log;
};

/// One private message, and the notifications it causes.
struct message_write {
  message_record message;
  std::vector<outbox_record> notes;
};

/// The unread messages `other` sent `reader`, up to id `up_to`, marked read at `at`.
struct message_read_write {
  std::int64_t reader = 0;
  std::int64_t other = 0;
  std::int64_t up_to = 0;
  std::int64_t at = 0;
};

/// Private message `id` marked deleted by the log's operator at its time, and the log entry;
/// fails when there is no such message.
struct message_delete_write {
  std::int64_t id = 0;
  moderation_record log;
};

/// A tournament inserted or replaced.
struct tournament_write {
  tournament_record tournament;
};

/// A player's notes on a game, replaced; empty text removes them.
struct note_write {
  note_record note;
};

/// A report inserted or replaced (closed), with the operator's log entry when there is one.
struct report_write {
  report_record report;
  std::optional<moderation_record> log;
};

/// One operator action by itself.
struct moderation_write {
  moderation_record log;
};

/// An account's standing (operator right, ban fields), the log entry, and, when banned, every
/// token of the account revoked.
struct standing_write {
  account_record account;
  moderation_record log;
};

using write = std::variant<account_write, token_write, revoke_write, touch_write, password_write,
                           game_write, command_write, seen_write, notify_settings_write, settle_write,
                           vacation_write, relation_write, chat_write, chat_delete_write, note_write,
                           report_write, moderation_write, standing_write, message_write, message_read_write,
                           message_delete_write, tournament_write>;

game_write make_game_write(const game_record& g);

/// The write of append_command: the command, the game row's progress and the state's hash,
/// with a full snapshot when c.version is a multiple of `snapshot_every` or the game finished.
command_write make_command_write(const command_record& c, const game_record& g, const engine::state& state,
                                 std::uint32_t snapshot_every);

/// A write and its queue entry (queued_store.hpp names it without its definition).
struct queued_write {
  write what;
};

/// What `w` stores, for the log: "saving account 7 (ann)", "storing command 12 of game 3".
std::string describe(const write& w);

}  // namespace loyang::persistence::detail
