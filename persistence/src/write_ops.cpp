#include "write_ops.hpp"

#include <cstddef>
#include <span>

#include "row_codec.hpp"

namespace loyang::persistence::detail {
namespace {

void bind_optional(statement& s, int index, const std::optional<std::string>& text) {
  if (text) {
    s.bind(index, std::string_view(*text));
  } else {
    s.bind(index, nullptr);
  }
}

}  // namespace

write_statements::write_statements(database& db, std::string engine_version)
    : db_(db),
      engine_version_(std::move(engine_version)),
      upsert_account_(db.prepare(
          "INSERT INTO accounts(id, name, password_hash, created_at, operator, banned_at, banned_by, ban_reason, "
          "bot) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) "
          "ON CONFLICT(id) DO UPDATE SET name = excluded.name, password_hash = excluded.password_hash")),
      set_standing_(db.prepare(
          "UPDATE accounts SET operator = ?2, banned_at = ?3, banned_by = ?4, ban_reason = ?5 WHERE id = ?1")),
      upsert_token_(db.prepare(
          "INSERT INTO tokens(token_hash, account_id, created_at, last_used_at, revoked) "
          "VALUES (?1, ?2, ?3, ?3, 0) "
          "ON CONFLICT(token_hash) DO UPDATE SET account_id = excluded.account_id, "
          "created_at = excluded.created_at, last_used_at = excluded.last_used_at, revoked = 0")),
      revoke_token_(db.prepare("UPDATE tokens SET revoked = 1 WHERE token_hash = ?1")),
      touch_token_(db.prepare(
          "UPDATE tokens SET last_used_at = max(last_used_at, ?2) WHERE token_hash = ?1")),
      set_password_(db.prepare("UPDATE accounts SET password_hash = ?2 WHERE id = ?1")),
      revoke_others_(db.prepare(
          "UPDATE tokens SET revoked = 1 WHERE account_id = ?1 AND token_hash <> ?2")),
      // The log owns `version`; options and seed may change only before the first command.
      upsert_game_(db.prepare(
          "INSERT INTO games(id, options, seed, status, creator, invited, engine_version, "
          "created_at, updated_at, version, to_act, waiting_since, result, watch, clock, extra, round) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17) "
          "ON CONFLICT(id) DO UPDATE SET "
          "options = CASE WHEN version = 0 THEN excluded.options ELSE options END, "
          "seed = CASE WHEN version = 0 THEN excluded.seed ELSE seed END, "
          "status = excluded.status, creator = excluded.creator, invited = excluded.invited, "
          "updated_at = excluded.updated_at, to_act = excluded.to_act, "
          "waiting_since = excluded.waiting_since, result = excluded.result, "
          "watch = excluded.watch, clock = excluded.clock, extra = excluded.extra, round = excluded.round")),
      upsert_seat_(db.prepare(
          "INSERT INTO seats(game_id, seat, account_id, bot, gone, gone_at) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6) "
          "ON CONFLICT(game_id, seat) DO UPDATE SET account_id = excluded.account_id, "
          "bot = excluded.bot, gone = excluded.gone, gone_at = excluded.gone_at")),
      delete_extra_seats_(db.prepare("DELETE FROM seats WHERE game_id = ?1 AND seat >= ?2")),
      advance_game_(db.prepare(
          "UPDATE games SET version = ?1, status = ?2, updated_at = ?3, to_act = ?4, "
          "waiting_since = ?5, result = ?6, state_hash = ?7, clock = ?10, round = ?11 WHERE id = ?8 AND version = ?9")),
      insert_command_(db.prepare(
          "INSERT INTO commands(game_id, version, player, command, created_at) "
          "VALUES (?1, ?2, ?3, ?4, ?5)")),
      insert_snapshot_(db.prepare(
          "INSERT OR REPLACE INTO snapshots(game_id, version, state, state_hash) "
          "VALUES (?1, ?2, ?3, ?4)")),
      prune_snapshots_(db.prepare("DELETE FROM snapshots WHERE game_id = ?1 AND version < ?2")),
      upsert_seen_(db.prepare(
          "INSERT INTO last_seen(game_id, seat, version) VALUES (?1, ?2, ?3) "
          "ON CONFLICT(game_id, seat) DO UPDATE SET version = max(version, excluded.version)")),
      upsert_vacation_(db.prepare(
          "INSERT INTO vacations(account_id, starts_at, ends_at) VALUES (?1, ?2, ?3) "
          "ON CONFLICT(account_id, starts_at) DO UPDATE SET ends_at = excluded.ends_at")),
      upsert_notify_(db.prepare(
          "INSERT INTO notify_settings(account_id, settings) VALUES (?1, ?2) "
          "ON CONFLICT(account_id) DO UPDATE SET settings = excluded.settings")),
      // A key queued before (a command retried, a wake run twice) is not queued again.
      insert_note_(db.prepare(
          "INSERT OR IGNORE INTO outbox(account_id, channel, dedupe, body, created_at, next_at) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6)")),
      settle_sent_(db.prepare(
          "UPDATE outbox SET state = 'sent', attempts = attempts + 1, settled_at = ?2, last_error = NULL "
          "WHERE id = ?1")),
      settle_retry_(db.prepare(
          "UPDATE outbox SET attempts = attempts + 1, next_at = ?2, last_error = ?3 WHERE id = ?1")),
      settle_deferred_(db.prepare("UPDATE outbox SET next_at = ?2 WHERE id = ?1")),
      settle_dropped_(db.prepare(
          "UPDATE outbox SET state = 'dropped', settled_at = ?2, last_error = ?3 WHERE id = ?1")),
      settle_failed_(db.prepare(
          "UPDATE outbox SET state = 'failed', attempts = attempts + 1, settled_at = ?2, last_error = ?3 "
          "WHERE id = ?1")),
      upsert_relation_(db.prepare(
          "INSERT INTO relations(account_id, other_id, kind, created_at) VALUES (?1, ?2, ?3, ?4) "
          "ON CONFLICT(account_id, other_id, kind) DO UPDATE SET created_at = excluded.created_at")),
      delete_relation_(db.prepare("DELETE FROM relations WHERE account_id = ?1 AND other_id = ?2 AND kind = ?3")),
      insert_chat_(db.prepare(
          "INSERT INTO chat_messages(id, game_id, account_id, text, created_at, deleted_by, deleted_at) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")),
      mark_chat_deleted_(db.prepare("UPDATE chat_messages SET deleted_by = ?2, deleted_at = ?3 WHERE id = ?1")),
      upsert_game_note_(db.prepare(
          "INSERT INTO notes(game_id, account_id, text, updated_at) VALUES (?1, ?2, ?3, ?4) "
          "ON CONFLICT(game_id, account_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at")),
      delete_game_note_(db.prepare("DELETE FROM notes WHERE game_id = ?1 AND account_id = ?2")),
      // A report is written whole each time (made, then closed): the last write wins.
      upsert_report_(db.prepare(
          "INSERT INTO reports(id, reporter, account_id, game_id, message_id, reason, created_at, closed_by, "
          "closed_at, outcome, private_message_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) "
          "ON CONFLICT(id) DO UPDATE SET reporter = excluded.reporter, account_id = excluded.account_id, "
          "game_id = excluded.game_id, message_id = excluded.message_id, reason = excluded.reason, "
          "created_at = excluded.created_at, closed_by = excluded.closed_by, closed_at = excluded.closed_at, "
          "outcome = excluded.outcome, private_message_id = excluded.private_message_id")),
      // The log is kept for good: an id given twice is refused rather than overwritten.
      insert_moderation_(db.prepare(
          "INSERT INTO moderation_log(id, moderator, action, account_id, game_id, message_id, report_id, detail, "
          "created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")),
      revoke_all_tokens_(db.prepare("UPDATE tokens SET revoked = 1 WHERE account_id = ?1")),
      insert_message_(db.prepare(
          "INSERT INTO private_messages(id, sender_id, recipient_id, text, created_at, read_at, deleted_by, "
          "deleted_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")),
      mark_messages_read_(db.prepare(
          "UPDATE private_messages SET read_at = ?4 WHERE recipient_id = ?1 AND sender_id = ?2 AND id <= ?3 "
          "AND read_at = 0")),
      mark_message_deleted_(db.prepare("UPDATE private_messages SET deleted_by = ?2, deleted_at = ?3 WHERE id = ?1")),
      insert_tournament_(db.prepare(
          "INSERT INTO tournaments(id, status, body, created_at, updated_at, revision) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6)")),
      update_tournament_(db.prepare(
          "UPDATE tournaments SET status = ?2, body = ?3, updated_at = ?5, revision = ?6 "
          "WHERE id = ?1 AND revision = ?6 - 1")) {}

void write_statements::log(const moderation_record& m) {
  insert_moderation_.bind(1, m.id)
      .bind(2, m.moderator)
      .bind(3, std::string_view(m.action))
      .bind(4, m.account)
      .bind(5, m.game)
      .bind(6, m.message)
      .bind(7, m.report)
      .bind(8, std::string_view(m.detail))
      .bind(9, m.at)
      .run();
}

void write_statements::run(const relation_write& w) {
  const auto& r = w.relation;
  if (w.on) {
    upsert_relation_.bind(1, r.account).bind(2, r.other).bind(3, relation_name(r.kind)).bind(4, r.at).run();
  } else {
    delete_relation_.bind(1, r.account).bind(2, r.other).bind(3, relation_name(r.kind)).run();
  }
}

void write_statements::run(const chat_write& w) {
  const auto& m = w.message;
  insert_chat_.bind(1, m.id)
      .bind(2, m.game)
      .bind(3, m.account)
      .bind(4, std::string_view(m.text))
      .bind(5, m.at)
      .bind(6, m.deleted_by)
      .bind(7, m.deleted_at)
      .run();
  queue(w.notes);
}

void write_statements::run(const chat_delete_write& w) {
  mark_chat_deleted_.bind(1, w.id).bind(2, w.log.moderator).bind(3, w.log.at).run();
  // The caller's transaction is rolled back, so no log entry names a message that is not there.
  if (db_.changes() != 1) throw error("no chat message " + std::to_string(w.id));
  log(w.log);
}

void write_statements::run(const message_write& w) {
  const auto& m = w.message;
  insert_message_.bind(1, m.id)
      .bind(2, m.sender)
      .bind(3, m.recipient)
      .bind(4, std::string_view(m.text))
      .bind(5, m.at)
      .bind(6, m.read_at)
      .bind(7, m.deleted_by)
      .bind(8, m.deleted_at)
      .run();
  queue(w.notes);
}

void write_statements::run(const message_read_write& w) {
  mark_messages_read_.bind(1, w.reader).bind(2, w.other).bind(3, w.up_to).bind(4, w.at).run();
}

void write_statements::run(const message_delete_write& w) {
  mark_message_deleted_.bind(1, w.id).bind(2, w.log.moderator).bind(3, w.log.at).run();
  // Rolled back by the caller, so no log entry names a message that is not there.
  if (db_.changes() != 1) throw error("no private message " + std::to_string(w.id));
  log(w.log);
}

void write_statements::run(const tournament_write& w) {
  const auto& t = w.tournament;
  // The first revision is inserted, each later one replaces only the one before it.
  auto& s = t.revision == 1 ? insert_tournament_ : update_tournament_;
  s.bind(1, t.id)
      .bind(2, std::string_view(t.status))
      .bind(3, std::string_view(t.body))
      .bind(4, t.created_at)
      .bind(5, t.updated_at)
      .bind(6, t.revision)
      .run();
  if (db_.changes() != 1) {
    throw error("tournament " + std::to_string(t.id) + " is not stored at revision " + std::to_string(t.revision - 1));
  }
}

void write_statements::run(const note_write& w) {
  const auto& n = w.note;
  if (n.text.empty()) {
    delete_game_note_.bind(1, n.game).bind(2, n.account).run();
  } else {
    upsert_game_note_.bind(1, n.game).bind(2, n.account).bind(3, std::string_view(n.text)).bind(4, n.updated_at).run();
  }
}

void write_statements::run(const report_write& w) {
  const auto& r = w.report;
  upsert_report_.bind(1, r.id)
      .bind(2, r.reporter)
      .bind(3, r.account)
      .bind(4, r.game)
      .bind(5, r.message)
      .bind(6, std::string_view(r.reason))
      .bind(7, r.at)
      .bind(8, r.closed_by)
      .bind(9, r.closed_at)
      .bind(10, std::string_view(r.outcome))
      .bind(11, r.private_message)
      .run();
  if (w.log) log(*w.log);
}

void write_statements::run(const moderation_write& w) { log(w.log); }

void write_statements::run(const standing_write& w) {
  set_standing_.bind(1, w.account.id)
      .bind(2, w.account.operator_account ? 1 : 0)
      .bind(3, w.account.banned_at)
      .bind(4, w.account.banned_by)
      .bind(5, std::string_view(w.account.ban_reason))
      .run();
  log(w.log);
  if (w.account.banned_at != 0) revoke_all_tokens_.bind(1, w.account.id).run();
}

void write_statements::queue(const std::vector<outbox_record>& notes) {
  for (const auto& n : notes) {
    insert_note_.bind(1, n.account)
        .bind(2, std::string_view(n.channel))
        .bind(3, std::string_view(n.dedupe))
        .bind(4, std::string_view(n.body))
        .bind(5, n.created_at)
        .bind(6, n.next_at)
        .run();
  }
}

void write_statements::run(const vacation_write& w) {
  upsert_vacation_.bind(1, w.vacation.account).bind(2, w.vacation.starts_at).bind(3, w.vacation.ends_at).run();
}

void write_statements::run(const notify_settings_write& w) {
  upsert_notify_.bind(1, w.account).bind(2, std::string_view(w.settings)).run();
  queue(w.notes);
}

void write_statements::run(const settle_write& w) {
  switch (w.how) {
    case delivery::sent:
      settle_sent_.bind(1, w.id).bind(2, w.at).run();
      break;
    case delivery::retry:
      settle_retry_.bind(1, w.id).bind(2, w.next_at).bind(3, std::string_view(w.error)).run();
      break;
    case delivery::failed:
      settle_failed_.bind(1, w.id).bind(2, w.at).bind(3, std::string_view(w.error)).run();
      break;
    case delivery::dropped:
      settle_dropped_.bind(1, w.id).bind(2, w.at).bind(3, std::string_view(w.error)).run();
      break;
    case delivery::deferred:
      settle_deferred_.bind(1, w.id).bind(2, w.next_at).run();
      break;
  }
}

void write_statements::run(const write& w) {
  std::visit([this](const auto& x) { run(x); }, w);
}

void write_statements::run(const account_write& w) {
  upsert_account_.bind(1, w.account.id)
      .bind(2, std::string_view(w.account.name))
      .bind(3, std::string_view(w.account.password_hash))
      .bind(4, w.account.created_at)
      .bind(5, w.account.operator_account ? 1 : 0)
      .bind(6, w.account.banned_at)
      .bind(7, w.account.banned_by)
      .bind(8, std::string_view(w.account.ban_reason))
      .bind(9, w.account.bot_account ? 1 : 0)
      .run();
}

void write_statements::run(const token_write& w) {
  upsert_token_.bind(1, std::string_view(w.hash)).bind(2, w.account).bind(3, w.at).run();
}

void write_statements::run(const revoke_write& w) {
  revoke_token_.bind(1, std::string_view(w.hash)).run();
}

void write_statements::run(const touch_write& w) {
  touch_token_.bind(1, std::string_view(w.hash)).bind(2, w.at).run();
}

void write_statements::run(const password_write& w) {
  set_password_.bind(1, w.account).bind(2, std::string_view(w.password_hash)).run();
  if (db_.changes() != 1) throw error("no account " + std::to_string(w.account));
  revoke_others_.bind(1, w.account).bind(2, std::string_view(w.keep_hash)).run();
}

void write_statements::run(const game_write& w) {
  upsert_game_.bind(1, w.id)
      .bind(2, std::string_view(w.options))
      .bind(3, w.seed)
      .bind(4, std::string_view(w.status));
  if (w.creator != 0) {
    upsert_game_.bind(5, w.creator);
  } else {
    upsert_game_.bind(5, nullptr);
  }
  upsert_game_.bind(6, std::string_view(w.invited))
      .bind(7, std::string_view(engine_version_))
      .bind(8, w.created_at)
      .bind(9, w.updated_at)
      .bind(10, w.version)
      .bind(11, std::string_view(w.to_act))
      .bind(12, w.waiting_since);
  bind_optional(upsert_game_, 13, w.result);
  upsert_game_.bind(14, std::string_view(w.watch));
  bind_optional(upsert_game_, 15, w.clock);
  bind_optional(upsert_game_, 16, w.extra);
  upsert_game_.bind(17, w.round);
  upsert_game_.run();
  for (std::size_t i = 0; i < w.seats.size(); ++i) {
    upsert_seat_.bind(1, w.id).bind(2, static_cast<std::int64_t>(i));
    if (w.seats[i].account_id != 0) {
      upsert_seat_.bind(3, w.seats[i].account_id);
    } else {
      upsert_seat_.bind(3, nullptr);
    }
    upsert_seat_.bind(4, w.seats[i].bot ? 1 : 0);
    if (w.seats[i].gone != departure::none) {
      upsert_seat_.bind(5, departure_name(w.seats[i].gone)).bind(6, w.seats[i].gone_at);
    } else {
      upsert_seat_.bind(5, nullptr).bind(6, nullptr);
    }
    upsert_seat_.run();
  }
  delete_extra_seats_.bind(1, w.id).bind(2, static_cast<std::int64_t>(w.seats.size())).run();
  queue(w.notes);
}

void write_statements::run(const command_write& w) {
  advance_game_.bind(1, w.version)
      .bind(2, std::string_view(w.status))
      .bind(3, w.updated_at)
      .bind(4, std::string_view(w.to_act))
      .bind(5, w.waiting_since);
  bind_optional(advance_game_, 6, w.result);
  bind_optional(advance_game_, 10, w.clock);
  advance_game_.bind(11, w.round);
  advance_game_.bind(7, w.state_hash).bind(8, w.game).bind(9, w.version - 1).run();
  // The log has no gaps: a command is only taken for a game at the version before it.
  if (db_.changes() != 1) {
    throw error("game " + std::to_string(w.game) + " is not stored at version " +
                std::to_string(w.version - 1) + ": command " + std::to_string(w.version) +
                " refused");
  }
  insert_command_.bind(1, w.game)
      .bind(2, w.version)
      .bind(3, w.player)
      .bind(4, std::string_view(w.command))
      .bind(5, w.at)
      .run();
  if (w.snapshot) {
    const auto& blob = w.snapshot->state;
    insert_snapshot_.bind(1, w.game)
        .bind(2, w.version)
        .bind(3, std::as_bytes(std::span<const char>(blob.data(), blob.size())))
        .bind(4, w.snapshot->hash)
        .run();
    prune_snapshots_.bind(1, w.game).bind(2, w.version).run();
  }
  // The player has seen what his own command produced.
  run(seen_write{w.game, w.player, w.version});
  queue(w.notes);
}

void write_statements::run(const seen_write& w) {
  upsert_seen_.bind(1, w.game).bind(2, static_cast<std::int64_t>(w.seat)).bind(3, w.version).run();
}

}  // namespace loyang::persistence::detail
