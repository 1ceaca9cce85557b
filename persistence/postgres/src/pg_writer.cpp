#include "pg_writer.hpp"

#include <algorithm>
#include <array>
#include <thread>
#include <utility>

#include "loyang/persistence/error.hpp"
#include "row_codec.hpp"

namespace loyang::persistence::pg {
namespace {

// The write connection's statements, prepared on each (re)connection. Where SQLite's store
// runs several statements for one command, one statement here does it all (one round trip).
constexpr std::array statements{
    named_sql{"upsert_account",
              "INSERT INTO accounts(id, name, password_hash, created_at, operator, banned_at, banned_by, ban_reason, "
              "bot) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) "
              "ON CONFLICT(id) DO UPDATE SET name = excluded.name, password_hash = excluded.password_hash"},
    named_sql{"set_standing",
              "UPDATE accounts SET operator = $2, banned_at = $3, banned_by = $4, ban_reason = $5 WHERE id = $1"},
    named_sql{"upsert_token",
              "INSERT INTO tokens(token_hash, account_id, created_at, last_used_at, revoked) "
              "VALUES ($1, $2, $3, $3, 0) "
              "ON CONFLICT(token_hash) DO UPDATE SET account_id = excluded.account_id, "
              "created_at = excluded.created_at, last_used_at = excluded.last_used_at, revoked = 0"},
    named_sql{"revoke_token", "UPDATE tokens SET revoked = 1 WHERE token_hash = $1"},
    named_sql{"touch_token", "UPDATE tokens SET last_used_at = greatest(last_used_at, $2) WHERE token_hash = $1"},
    // Statements that must change one row raise (loyang_require) otherwise: in the pipeline
    // the failure must come from PostgreSQL, before the batch's COMMIT runs.
    named_sql{"set_password",
              "WITH changed AS (UPDATE accounts SET password_hash = $2 WHERE id = $1 RETURNING id) "
              "SELECT loyang_require(count(*) = 1, 'no account ' || $1) FROM changed"},
    named_sql{"revoke_others", "UPDATE tokens SET revoked = 1 WHERE account_id = $1 AND token_hash <> $2"},
    named_sql{"revoke_all_tokens", "UPDATE tokens SET revoked = 1 WHERE account_id = $1"},
    // The log owns `version`; options and seed may change only before the first command. A
    // record made from another version or revision of the row than the stored one is refused
    // (raises): with several nodes, one that had not seen another's change must not write back
    // what it held.
    named_sql{"upsert_game",
              "WITH up AS ("
              "INSERT INTO games(id, options, seed, status, creator, invited, engine_version, created_at, "
              "updated_at, version, to_act, waiting_since, result, watch, clock, extra, revision, round) "
              "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) "
              "ON CONFLICT(id) DO UPDATE SET "
              "options = CASE WHEN games.version = 0 THEN excluded.options ELSE games.options END, "
              "seed = CASE WHEN games.version = 0 THEN excluded.seed ELSE games.seed END, "
              "status = excluded.status, creator = excluded.creator, invited = excluded.invited, "
              "updated_at = excluded.updated_at, to_act = excluded.to_act, "
              "waiting_since = excluded.waiting_since, result = excluded.result, "
              "watch = excluded.watch, clock = excluded.clock, extra = excluded.extra, revision = excluded.revision, "
              "round = excluded.round "
              "WHERE games.version = excluded.version AND games.revision = excluded.revision - 1 RETURNING id) "
              "SELECT loyang_require(count(*) = 1, 'game ' || $1 || ' is not stored at version ' || $10 || "
              "' and revision ' || ($17 - 1) || ': another node changed it') FROM up"},
    // A daily challenge is started once per account and day, however many nodes are asked at
    // once: the lock serialises the account's daily starts, and the check, a statement of its
    // own, sees what another node committed while this one waited for the lock.
    named_sql{"daily_lock",
              "SELECT pg_advisory_xact_lock(734627341, hashtext($1::text || ' ' || ($2::jsonb ->> 'daily')))"},
    named_sql{"daily_once",
              "SELECT loyang_require(NOT EXISTS (SELECT 1 FROM games WHERE creator = $1 AND id <> $3 "
              "AND extra LIKE '%\"daily\"%' AND extra::jsonb ->> 'daily' = $2::jsonb ->> 'daily'), "
              "'daily_played: account ' || $1 || ' has started the daily challenge of ' || ($2::jsonb ->> 'daily'))"},
    named_sql{"upsert_seat",
              "INSERT INTO seats(game_id, seat, account_id, bot, gone, gone_at) VALUES ($1, $2, $3, $4, $5, $6) "
              "ON CONFLICT(game_id, seat) DO UPDATE SET account_id = excluded.account_id, "
              "bot = excluded.bot, gone = excluded.gone, gone_at = excluded.gone_at"},
    named_sql{"delete_extra_seats", "DELETE FROM seats WHERE game_id = $1 AND seat >= $2"},
    // A command: the game row advanced only from version $9 (the log has no gaps), the command
    // stored only when it was, and what its player has seen; raises when it was not stored.
    named_sql{"append_command",
              "WITH advanced AS ("
              " UPDATE games SET version = $1, status = $2, updated_at = $3, to_act = $4, waiting_since = $5,"
              " result = $6, state_hash = $7, clock = $10, revision = revision + 1, round = $14"
              " WHERE id = $8 AND version = $9 RETURNING id), "
              "stored AS ("
              " INSERT INTO commands(game_id, version, player, command, created_at)"
              " SELECT id, $1, $11, $12, $13 FROM advanced RETURNING game_id), "
              "seen AS ("
              " INSERT INTO last_seen(game_id, seat, version) SELECT game_id, $11, $1 FROM stored"
              " ON CONFLICT(game_id, seat) DO UPDATE SET version = greatest(last_seen.version, excluded.version)) "
              "SELECT loyang_require(count(*) = 1, 'game ' || $8 || ' is not stored at version ' || $9 || "
              "': command ' || $1 || ' refused') FROM stored"},
    named_sql{"upsert_snapshot",
              "INSERT INTO snapshots(game_id, version, state, state_hash) VALUES ($1, $2, $3, $4) "
              "ON CONFLICT(game_id, version) DO UPDATE SET state = excluded.state, state_hash = excluded.state_hash"},
    named_sql{"prune_snapshots", "DELETE FROM snapshots WHERE game_id = $1 AND version < $2"},
    named_sql{"upsert_seen",
              "INSERT INTO last_seen(game_id, seat, version) VALUES ($1, $2, $3) "
              "ON CONFLICT(game_id, seat) DO UPDATE SET version = greatest(last_seen.version, excluded.version)"},
    named_sql{"upsert_vacation",
              "INSERT INTO vacations(account_id, starts_at, ends_at) VALUES ($1, $2, $3) "
              "ON CONFLICT(account_id, starts_at) DO UPDATE SET ends_at = excluded.ends_at"},
    named_sql{"upsert_notify",
              "INSERT INTO notify_settings(account_id, settings) VALUES ($1, $2) "
              "ON CONFLICT(account_id) DO UPDATE SET settings = excluded.settings"},
    // A key queued before (a command retried, a wake run twice) is not queued again.
    named_sql{"insert_note",
              "INSERT INTO outbox(account_id, channel, dedupe, body, created_at, next_at) "
              "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT(dedupe) DO NOTHING"},
    named_sql{"settle_sent",
              "UPDATE outbox SET state = 'sent', attempts = attempts + 1, settled_at = $2, last_error = NULL "
              "WHERE id = $1"},
    named_sql{"settle_retry", "UPDATE outbox SET attempts = attempts + 1, next_at = $2, last_error = $3 WHERE id = $1"},
    named_sql{"settle_deferred", "UPDATE outbox SET next_at = $2 WHERE id = $1"},
    named_sql{"settle_dropped", "UPDATE outbox SET state = 'dropped', settled_at = $2, last_error = $3 WHERE id = $1"},
    named_sql{"settle_failed",
              "UPDATE outbox SET state = 'failed', attempts = attempts + 1, settled_at = $2, last_error = $3 "
              "WHERE id = $1"},
    named_sql{"upsert_relation",
              "INSERT INTO relations(account_id, other_id, kind, created_at) VALUES ($1, $2, $3, $4) "
              "ON CONFLICT(account_id, other_id, kind) DO UPDATE SET created_at = excluded.created_at"},
    named_sql{"delete_relation", "DELETE FROM relations WHERE account_id = $1 AND other_id = $2 AND kind = $3"},
    named_sql{"insert_chat",
              "INSERT INTO chat_messages(id, game_id, account_id, text, created_at, deleted_by, deleted_at) "
              "VALUES ($1, $2, $3, $4, $5, $6, $7)"},
    named_sql{"mark_chat_deleted",
              "WITH marked AS (UPDATE chat_messages SET deleted_by = $2, deleted_at = $3 WHERE id = $1 RETURNING id) "
              "SELECT loyang_require(count(*) = 1, 'no chat message ' || $1) FROM marked"},
    named_sql{"upsert_game_note",
              "INSERT INTO notes(game_id, account_id, text, updated_at) VALUES ($1, $2, $3, $4) "
              "ON CONFLICT(game_id, account_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at"},
    named_sql{"delete_game_note", "DELETE FROM notes WHERE game_id = $1 AND account_id = $2"},
    // A report is written whole each time (made, then closed): the last write wins.
    named_sql{"upsert_report",
              "INSERT INTO reports(id, reporter, account_id, game_id, message_id, reason, created_at, closed_by, "
              "closed_at, outcome, private_message_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) "
              "ON CONFLICT(id) DO UPDATE SET reporter = excluded.reporter, account_id = excluded.account_id, "
              "game_id = excluded.game_id, message_id = excluded.message_id, reason = excluded.reason, "
              "created_at = excluded.created_at, closed_by = excluded.closed_by, closed_at = excluded.closed_at, "
              "outcome = excluded.outcome, private_message_id = excluded.private_message_id"},
    // A tournament's first revision is inserted (a second insert of its id fails), each later
    // one replaces only the revision before it: two nodes never overwrite each other's change.
    named_sql{"insert_tournament",
              "INSERT INTO tournaments(id, status, body, created_at, updated_at, revision) "
              "VALUES ($1, $2, $3, $4, $5, $6)"},
    named_sql{"update_tournament",
              "WITH changed AS (UPDATE tournaments SET status = $2, body = $3, updated_at = $4, revision = $5 "
              "WHERE id = $1 AND revision = $5 - 1 RETURNING id) "
              "SELECT loyang_require(count(*) = 1, 'tournament ' || $1 || ' is not stored at revision ' || "
              "($5 - 1)) FROM changed"},
    named_sql{"insert_message",
              "INSERT INTO private_messages(id, sender_id, recipient_id, text, created_at, read_at, deleted_by, "
              "deleted_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"},
    named_sql{"mark_messages_read",
              "UPDATE private_messages SET read_at = $4 WHERE recipient_id = $1 AND sender_id = $2 AND id <= $3 "
              "AND read_at = 0"},
    named_sql{"mark_message_deleted",
              "WITH marked AS (UPDATE private_messages SET deleted_by = $2, deleted_at = $3 WHERE id = $1 "
              "RETURNING id) SELECT loyang_require(count(*) = 1, 'no private message ' || $1) FROM marked"},
    // The log is kept for good: an id given twice is refused rather than overwritten.
    // Other nodes hear of a change when its transaction commits (never of one rolled back):
    // "NODE KIND ID [VERSION]" on channel loyang (pg_listener.hpp).
    named_sql{"notify", "SELECT pg_notify('loyang', $1)"},
    named_sql{"notify_token_owner",
              "SELECT pg_notify('loyang', $1 || ' a ' || account_id) FROM tokens WHERE token_hash = $2"},
    named_sql{"notify_chat_deleted",
              "SELECT pg_notify('loyang', $1 || ' d ' || game_id || ' ' || id) FROM chat_messages WHERE id = $2"},
    named_sql{"insert_moderation",
              "INSERT INTO moderation_log(id, moderator, action, account_id, game_id, message_id, report_id, "
              "detail, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"},
};

constexpr auto initial_backoff = std::chrono::milliseconds(200);
constexpr auto longest_backoff = std::chrono::milliseconds(2000);

// A NULL for 0 (an empty seat, a game without creator).
std::optional<std::string> id_or_null(std::int64_t id) {
  return id != 0 ? std::optional<std::string>(std::to_string(id)) : std::nullopt;
}

}  // namespace

writer::writer(std::string url, std::string engine_version, std::string node)
    : url_(std::move(url)), engine_version_(std::move(engine_version)), node_(std::move(node)) {
  connect();
}

void writer::connect() {
  conn_.reset();
  connection c(url_, "loyang " + node_ + " writer");
  for (const auto& s : statements) c.prepare(s.name, s.sql);
  c.enter_pipeline();
  conn_.emplace(std::move(c));
  backoff_ = std::chrono::milliseconds(0);
}

connection& writer::conn(bool wait) {
  // A connection PostgreSQL closed while it was idle still says ok until it is read.
  if (conn_ && !conn_->closed_by_server()) return *conn_;
  // PostgreSQL went away (restarted, failed over): one attempt per backoff, so a burst of
  // writes does not hammer it while it comes back.
  auto now = std::chrono::steady_clock::now();
  if (now < next_attempt_) {
    // A write waits for the next attempt (2 s at most) rather than failing at once: the idle
    // probe's failures while PostgreSQL restarted must not fail the first write after it.
    if (!wait) throw error("PostgreSQL is unreachable; reconnecting");
    std::this_thread::sleep_until(next_attempt_);
    now = std::chrono::steady_clock::now();
  }
  backoff_ = std::clamp(backoff_ * 2, initial_backoff, longest_backoff);
  next_attempt_ = now + backoff_;
  connect();
  return *conn_;
}

void writer::send(const char* statement, const params& p) {
  conn_->send_prepared(statement, p);
  owners_.push_back(current_);
}

// The batch is sent as it is run, and executed when commit() syncs: one round trip.
void writer::begin() {
  auto& c = conn(true);
  owners_.clear();
  runs_ = 0;
  c.send("BEGIN");
  owners_.push_back(no_write);
}

void writer::commit() {
  conn_->send("COMMIT");
  owners_.push_back(no_write);
  const auto results = conn_->sync();
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (!results[i] || results[i]->empty()) continue;  // done, or skipped after a failure
    if (i < owners_.size() && owners_[i] != no_write) {
      // daily_once raises a message that starts with the code.
      const bool daily = results[i]->find(std::string(daily_played) + ": ") != std::string::npos;
      throw detail::refused_write(owners_[i], "PostgreSQL: " + *results[i], daily ? daily_played : storage_failed);
    }
    throw error("PostgreSQL, " + std::string(i == 0 ? "BEGIN" : "COMMIT") + ": " + *results[i]);
  }
}

void writer::rollback() noexcept {
  if (!conn_ || !conn_->ok()) return;  // PostgreSQL rolls back a lost connection's transaction
  try {
    // Also reads the results of whatever was sent and not synced yet.
    conn_->send("ROLLBACK");
    conn_->sync();
  } catch (...) {
    // The connection broke meanwhile: the same.
  }
}

bool writer::lost_transaction(const error&) { return !conn_ || !conn_->ok(); }

bool writer::closed_while_idle() { return conn_ && conn_->closed_by_server(); }

void writer::probe() {
  auto& c = conn(false);
  c.send("SELECT 1");
  if (const auto r = c.sync(); r.size() != 1 || r[0]) throw error("PostgreSQL: " + r.at(0).value_or("no answer"));
}

std::string writer::describe() const { return "the PostgreSQL database"; }

void writer::run(const detail::write& w) {
  current_ = runs_++;
  run_one(w);
}

void writer::queue(const std::vector<outbox_record>& notes) {
  for (const auto& n : notes) {
    send("insert_note", params(n.account, n.channel, n.dedupe, n.body, n.created_at, n.next_at));
  }
}

void writer::tell(char kind, std::int64_t id, std::int64_t version) {
  std::string payload = node_ + ' ' + kind + ' ' + std::to_string(id);
  if (version >= 0) payload += ' ' + std::to_string(version);
  send("notify", params(payload));
}

void writer::tell_command(const detail::command_write& w) {
  // PostgreSQL takes payloads below 8000 bytes; a command is a few dozen. The JSON is compact
  // (no spaces) and last, so the listener splits the rest at spaces.
  constexpr std::size_t longest_told = 7000;
  std::string payload = node_ + " g " + std::to_string(w.game) + ' ' + std::to_string(w.version);
  if (w.command.size() < longest_told && w.command.find(' ') == std::string::npos) {
    payload += ' ' + std::to_string(w.player) + ' ' + std::to_string(w.at) + ' ' + w.command;
  }
  send("notify", params(payload));
}

void writer::log(const moderation_record& m) {
  send("insert_moderation", params(m.id, m.moderator, m.action, m.account, m.game, m.message, m.report, m.detail, m.at));
}

void writer::run_one(const detail::write& write) {
  struct visitor {
    writer& self;

    void operator()(const detail::account_write& w) const {
      const auto& a = w.account;
      self.send("upsert_account", params(a.id, a.name, a.password_hash, a.created_at, a.operator_account ? 1 : 0,
                                     a.banned_at, a.banned_by, a.ban_reason, a.bot_account ? 1 : 0));
      self.tell('a', a.id);
    }
    void operator()(const detail::token_write& w) const {
      self.send("upsert_token", params(w.hash, w.account, w.at));
      self.tell('a', w.account);
    }
    void operator()(const detail::revoke_write& w) const {
      self.send("revoke_token", params(w.hash));
      self.send("notify_token_owner", params(self.node_, w.hash));
    }
    void operator()(const detail::touch_write& w) const {
      self.send("touch_token", params(w.hash, w.at));
      // Other nodes must not expire a token idle only on them.
      self.send("notify_token_owner", params(self.node_, w.hash));
    }
    void operator()(const detail::password_write& w) const {
      self.send("set_password", params(w.account, w.password_hash));
      self.send("revoke_others", params(w.account, w.keep_hash));
      self.tell('a', w.account);
    }
    void operator()(const detail::game_write& w) const {
      if (w.revision == 1 && w.creator != 0 && w.extra && w.extra->find("\"daily\"") != std::string::npos) {
        self.send("daily_lock", params(w.creator, *w.extra));
        self.send("daily_once", params(w.creator, *w.extra, w.id));
      }
      self.send("upsert_game", params(w.id, w.options, w.seed, w.status, id_or_null(w.creator), w.invited,
                                  self.engine_version_, w.created_at, w.updated_at, w.version, w.to_act,
                                  w.waiting_since, w.result, w.watch, w.clock, w.extra, w.revision, w.round));
      for (std::size_t i = 0; i < w.seats.size(); ++i) {
        const auto& s = w.seats[i];
        params p(w.id, static_cast<std::int64_t>(i), id_or_null(s.account_id), s.bot ? 1 : 0);
        if (s.gone != departure::none) {
          p.add(departure_name(s.gone)).add(s.gone_at);
        } else {
          p.add(nullptr).add(nullptr);
        }
        self.send("upsert_seat", p);
      }
      self.send("delete_extra_seats", params(w.id, static_cast<std::int64_t>(w.seats.size())));
      self.queue(w.notes);
      self.tell('g', w.id, w.version);
    }
    void operator()(const detail::command_write& w) const {
      // The log has no gaps: a command is only taken for a game at the version before it.
      self.send("append_command", params(w.version, w.status, w.updated_at, w.to_act, w.waiting_since, w.result,
                                         w.state_hash, w.game, w.version - 1, w.clock, w.player, w.command, w.at,
                                         w.round));
      if (w.snapshot) {
        self.send("upsert_snapshot",
              params(w.game, w.version, params::binary{w.snapshot->state}, w.snapshot->hash));
        self.send("prune_snapshots", params(w.game, w.version));
      }
      self.queue(w.notes);
      self.tell_command(w);
    }
    void operator()(const detail::seen_write& w) const { self.send("upsert_seen", params(w.game, w.seat, w.version)); }
    void operator()(const detail::notify_settings_write& w) const {
      self.send("upsert_notify", params(w.account, w.settings));
      self.queue(w.notes);
      self.tell('a', w.account);
    }
    void operator()(const detail::settle_write& w) const {
      switch (w.how) {
        case delivery::sent:
          self.send("settle_sent", params(w.id, w.at));
          break;
        case delivery::retry:
          self.send("settle_retry", params(w.id, w.next_at, w.error));
          break;
        case delivery::failed:
          self.send("settle_failed", params(w.id, w.at, w.error));
          break;
        case delivery::dropped:
          self.send("settle_dropped", params(w.id, w.at, w.error));
          break;
        case delivery::deferred:
          self.send("settle_deferred", params(w.id, w.next_at));
          break;
      }
    }
    void operator()(const detail::vacation_write& w) const {
      self.send("upsert_vacation", params(w.vacation.account, w.vacation.starts_at, w.vacation.ends_at));
      self.tell('a', w.vacation.account);
    }
    void operator()(const detail::relation_write& w) const {
      const auto& r = w.relation;
      if (w.on) {
        self.send("upsert_relation", params(r.account, r.other, relation_name(r.kind), r.at));
      } else {
        self.send("delete_relation", params(r.account, r.other, relation_name(r.kind)));
      }
      self.tell('a', r.account);
    }
    void operator()(const detail::chat_write& w) const {
      const auto& m = w.message;
      self.send("insert_chat", params(m.id, m.game, m.account, m.text, m.at, m.deleted_by, m.deleted_at));
      self.queue(w.notes);
      self.tell('c', m.game, m.id);
    }
    void operator()(const detail::chat_delete_write& w) const {
      // The transaction is rolled back, so no log entry names a message that is not there.
      self.send("mark_chat_deleted", params(w.id, w.log.moderator, w.log.at));
      self.send("notify_chat_deleted", params(self.node_, w.id));
      self.log(w.log);
    }
    void operator()(const detail::note_write& w) const {
      const auto& n = w.note;
      if (n.text.empty()) {
        self.send("delete_game_note", params(n.game, n.account));
      } else {
        self.send("upsert_game_note", params(n.game, n.account, n.text, n.updated_at));
      }
    }
    void operator()(const detail::report_write& w) const {
      const auto& r = w.report;
      self.send("upsert_report", params(r.id, r.reporter, r.account, r.game, r.message, r.reason, r.at, r.closed_by,
                                    r.closed_at, r.outcome, r.private_message));
      if (w.log) self.log(*w.log);
    }
    void operator()(const detail::moderation_write& w) const { self.log(w.log); }
    void operator()(const detail::message_write& w) const {
      const auto& m = w.message;
      self.send("insert_message",
                params(m.id, m.sender, m.recipient, m.text, m.at, m.read_at, m.deleted_by, m.deleted_at));
      self.queue(w.notes);
    }
    void operator()(const detail::tournament_write& w) const {
      const auto& t = w.tournament;
      if (t.revision == 1) {
        self.send("insert_tournament", params(t.id, t.status, t.body, t.created_at, t.updated_at, t.revision));
      } else {
        self.send("update_tournament", params(t.id, t.status, t.body, t.updated_at, t.revision));
      }
      self.tell('t', t.id, t.revision);
    }
    void operator()(const detail::message_read_write& w) const {
      self.send("mark_messages_read", params(w.reader, w.other, w.up_to, w.at));
    }
    void operator()(const detail::message_delete_write& w) const {
      // The transaction is rolled back, so no log entry names a message that is not there.
      self.send("mark_message_deleted", params(w.id, w.log.moderator, w.log.at));
      self.log(w.log);
    }
    void operator()(const detail::standing_write& w) const {
      const auto& a = w.account;
      self.send("set_standing", params(a.id, a.operator_account ? 1 : 0, a.banned_at, a.banned_by, a.ban_reason));
      self.tell('a', a.id);
      self.log(w.log);
      if (w.account.banned_at != 0) self.send("revoke_all_tokens", params(w.account.id));
    }
  };
  std::visit(visitor{*this}, write);
}

std::vector<named_sql> writer_statements() { return {statements.begin(), statements.end()}; }

}  // namespace loyang::persistence::pg
