#include "loyang/persistence/migrations.hpp"

#include <array>
#include <string>

#include "loyang/persistence/backup.hpp"
#include "loyang/persistence/database.hpp"
#include "loyang/persistence/transaction.hpp"

namespace loyang::persistence {
namespace {

constexpr std::string_view migration_1 = R"sql(
CREATE TABLE accounts (
  id            INTEGER PRIMARY KEY,
  name          TEXT    NOT NULL UNIQUE,
  password_hash TEXT    NOT NULL,
  created_at    INTEGER NOT NULL
);
CREATE TABLE tokens (
  token_hash TEXT    PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  created_at INTEGER NOT NULL,
  revoked    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tokens_by_account ON tokens(account_id);
CREATE TABLE games (
  id             INTEGER PRIMARY KEY,
  options        TEXT    NOT NULL,
  seed           INTEGER NOT NULL,
  status         TEXT    NOT NULL CHECK (status IN ('open', 'active', 'finished', 'cancelled')),
  creator        INTEGER REFERENCES accounts(id),
  invited        TEXT    NOT NULL DEFAULT '[]',
  engine_version TEXT    NOT NULL,
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  version        INTEGER NOT NULL DEFAULT 0,
  to_act         TEXT    NOT NULL DEFAULT '[]',
  waiting_since  INTEGER NOT NULL DEFAULT 0,
  result         TEXT,
  state_hash     INTEGER
);
CREATE INDEX games_by_status ON games(status);
CREATE TABLE seats (
  game_id    INTEGER NOT NULL REFERENCES games(id),
  seat       INTEGER NOT NULL,
  account_id INTEGER REFERENCES accounts(id),
  bot        INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_by_account ON seats(account_id);
CREATE TABLE commands (
  game_id    INTEGER NOT NULL REFERENCES games(id),
  version    INTEGER NOT NULL,
  player     INTEGER NOT NULL,
  command    TEXT    NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
CREATE TABLE snapshots (
  game_id    INTEGER NOT NULL REFERENCES games(id),
  version    INTEGER NOT NULL,
  state      BLOB    NOT NULL,
  state_hash INTEGER NOT NULL,
  PRIMARY KEY (game_id, version)
);
)sql";

// Issue 19 (safe on the open internet): tokens expire after idling (last_used_at; created_at
// gives the absolute lifetime); names are unique regardless of case; a game says who may watch.
// Names that differ only in case from an older account's get "~<id>" appended (the older
// account keeps its name), or the unique index could not be made: '~' is in no valid name, so
// the new name is taken by nobody, and logging in takes any name. Invitations naming the
// renamed account are renamed with it (they were matched by exact spelling).
constexpr std::string_view migration_2 = R"sql(
ALTER TABLE tokens ADD COLUMN last_used_at INTEGER NOT NULL DEFAULT 0;
UPDATE tokens SET last_used_at = created_at;
CREATE TEMP TABLE renamed AS
  SELECT id, name AS old_name, name || '~' || id AS new_name FROM accounts
   WHERE EXISTS (SELECT 1 FROM accounts AS older
                  WHERE older.name = accounts.name COLLATE NOCASE AND older.id < accounts.id);
UPDATE accounts SET name = (SELECT new_name FROM renamed WHERE renamed.id = accounts.id)
 WHERE id IN (SELECT id FROM renamed);
UPDATE games SET invited = (
  SELECT json_group_array(COALESCE((SELECT new_name FROM renamed WHERE old_name = j.value), j.value))
    FROM json_each(games.invited) AS j)
 WHERE EXISTS (SELECT 1 FROM json_each(games.invited) AS j JOIN renamed ON old_name = j.value);
DROP TABLE renamed;
CREATE UNIQUE INDEX accounts_by_folded_name ON accounts(name COLLATE NOCASE);
ALTER TABLE games ADD COLUMN watch TEXT NOT NULL DEFAULT 'everyone'
  CHECK (watch IN ('everyone', 'players'));
)sql";

// Issue 20 ("since your last move"): the version each seat of a game last saw, updated when
// its command is accepted and when one of its connections stops watching.
constexpr std::string_view migration_3 = R"sql(
CREATE TABLE last_seen (
  game_id INTEGER NOT NULL REFERENCES games(id),
  seat    INTEGER NOT NULL,
  version INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
)sql";

// Issue 21 (turn clocks): each game's clocks, as JSON the server reads; NULL: no clock.
constexpr std::string_view migration_4 = R"sql(
ALTER TABLE games ADD COLUMN clock TEXT;
)sql";

// Issue 21 (timeouts, resigning): why a person left his seat ('timeout', 'resigned'), and when.
constexpr std::string_view migration_5 = R"sql(
ALTER TABLE seats ADD COLUMN gone TEXT;
ALTER TABLE seats ADD COLUMN gone_at INTEGER;
)sql";

// Issue 21 (notifications): each account's settings (JSON the server reads), and the outbox:
// notifications queued with the change that caused them, until delivered or given up.
constexpr std::string_view migration_6 = R"sql(
CREATE TABLE notify_settings (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
  settings   TEXT NOT NULL
);
CREATE TABLE outbox (
  id         INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  channel    TEXT NOT NULL,
  dedupe     TEXT NOT NULL UNIQUE,
  body       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  attempts   INTEGER NOT NULL DEFAULT 0,
  next_at    INTEGER NOT NULL,
  state      TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'failed', 'dropped')),
  last_error TEXT,
  settled_at INTEGER
);
CREATE INDEX outbox_due ON outbox(state, next_at);
)sql";

// Issue 21 (vacations): declared absences, for the clocks and the yearly allowance.
constexpr std::string_view migration_7 = R"sql(
CREATE TABLE vacations (
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  starts_at  INTEGER NOT NULL,
  ends_at    INTEGER NOT NULL,
  PRIMARY KEY (account_id, starts_at)
) WITHOUT ROWID;
)sql";

// Issue 23 (community): operators and bans on accounts; a game's extra (JSON the server reads;
// NULL: none); relations between accounts; each game's chat (kept when an operator deletes a
// message: deleted_by says who); a player's notes on a game; reports and the operators' log;
// and the server's secrets, the daily challenge's made here, once, at random (so it never
// changes after, and is never in the program or its configuration).
constexpr std::string_view migration_8 = R"sql(
ALTER TABLE accounts ADD COLUMN operator INTEGER NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN banned_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN banned_by INTEGER NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN ban_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN extra TEXT;
CREATE TABLE relations (
  account_id INTEGER NOT NULL,
  other_id   INTEGER NOT NULL,
  kind       TEXT    NOT NULL CHECK (kind IN ('friend', 'mute', 'block')),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, other_id, kind)
) WITHOUT ROWID;
CREATE TABLE chat_messages (
  id         INTEGER PRIMARY KEY,
  game_id    INTEGER NOT NULL REFERENCES games(id),
  account_id INTEGER NOT NULL,
  text       TEXT    NOT NULL,
  created_at INTEGER NOT NULL,
  deleted_by INTEGER NOT NULL DEFAULT 0,
  deleted_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX chat_by_game ON chat_messages(game_id, id);
CREATE TABLE notes (
  game_id    INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  text       TEXT    NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, account_id)
) WITHOUT ROWID;
CREATE TABLE reports (
  id         INTEGER PRIMARY KEY,
  reporter   INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  game_id    INTEGER NOT NULL DEFAULT 0,
  message_id INTEGER NOT NULL DEFAULT 0,
  reason     TEXT    NOT NULL,
  created_at INTEGER NOT NULL,
  closed_by  INTEGER NOT NULL DEFAULT 0,
  closed_at  INTEGER NOT NULL DEFAULT 0,
  outcome    TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX reports_open ON reports(id) WHERE closed_by = 0;
CREATE TABLE moderation_log (
  id         INTEGER PRIMARY KEY,
  moderator  INTEGER NOT NULL,
  action     TEXT    NOT NULL,
  account_id INTEGER NOT NULL DEFAULT 0,
  game_id    INTEGER NOT NULL DEFAULT 0,
  message_id INTEGER NOT NULL DEFAULT 0,
  report_id  INTEGER NOT NULL DEFAULT 0,
  detail     TEXT    NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE TABLE server_secrets (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO server_secrets(name, value) VALUES ('daily', lower(hex(randomblob(32))));
)sql";

// Issue 36 (the lobby's game rows): the round each game is in, written with each command;
// games stored before it show round 0 until their next command.
constexpr std::string_view migration_9 = R"sql(
ALTER TABLE games ADD COLUMN round INTEGER NOT NULL DEFAULT 0;
)sql";

// Issue 41 (between players): private messages between accounts (kept when an operator deletes
// one: deleted_by says who), and reports of them.
constexpr std::string_view migration_10 = R"sql(
CREATE TABLE private_messages (
  id           INTEGER PRIMARY KEY,
  sender_id    INTEGER NOT NULL,
  recipient_id INTEGER NOT NULL,
  text         TEXT    NOT NULL,
  created_at   INTEGER NOT NULL,
  read_at      INTEGER NOT NULL DEFAULT 0,
  deleted_by   INTEGER NOT NULL DEFAULT 0,
  deleted_at   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX private_messages_by_pair ON private_messages(sender_id, recipient_id, id);
CREATE INDEX private_messages_to ON private_messages(recipient_id, id);
CREATE INDEX private_messages_unread ON private_messages(recipient_id, sender_id) WHERE read_at = 0 AND deleted_by = 0;
ALTER TABLE reports ADD COLUMN private_message_id INTEGER NOT NULL DEFAULT 0;
)sql";

// Issue 41 (tournaments): each tournament as one row, its status apart for the lists and the
// rest JSON the server writes.
constexpr std::string_view migration_11 = R"sql(
CREATE TABLE tournaments (
  id         INTEGER PRIMARY KEY,
  status     TEXT    NOT NULL CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
  body       TEXT    NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  revision   INTEGER NOT NULL
);
-- Issue 42: bot accounts (docs/protocol.md, "Bot accounts"), chosen at sign-up.
ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
)sql";

constexpr std::array<std::string_view, 11> all_migrations{migration_1, migration_2, migration_3, migration_4,
                                                          migration_5, migration_6, migration_7, migration_8,
                                                          migration_9, migration_10, migration_11};

}  // namespace

std::span<const std::string_view> migrations() { return all_migrations; }

int latest_schema_version() { return static_cast<int>(all_migrations.size()); }

void check_schema_version(int found, int latest) {
  if (found > latest) {
    throw error("schema version " + std::to_string(found) +
                " is newer than this program knows (" + std::to_string(latest) +
                "); run a newer loyang-server or restore a matching backup");
  }
  if (found < 0) throw error("invalid schema version " + std::to_string(found));
}

namespace {

void check_known(int found) { check_schema_version(found, latest_schema_version()); }

}  // namespace

std::filesystem::path migrate(database& db) {
  const int before = db.user_version();
  check_known(before);
  if (before == latest_schema_version()) return {};
  std::filesystem::path copy;
  if (before >= 1) {
    copy = db.file();
    copy += ".pre-v" + std::to_string(before);
    copy_database(db.handle(), copy, db.file().string());
  }
  transaction t(db);
  // Read again under the write lock: another process may have migrated meanwhile.
  const int found = db.user_version();
  check_known(found);
  for (int version = found + 1; version <= latest_schema_version(); ++version) {
    db.exec(all_migrations[static_cast<std::size_t>(version - 1)]);
  }
  // PRAGMA takes no bound parameters; the value is an integer this program produced.
  db.exec("PRAGMA user_version = " + std::to_string(latest_schema_version()));
  t.commit();
  return copy;
}

}  // namespace loyang::persistence
