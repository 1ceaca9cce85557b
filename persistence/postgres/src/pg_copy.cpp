// copy_sqlite_to_postgres: a SQLite data directory into an empty PostgreSQL database, table by
// table in one transaction, then every game loaded back from PostgreSQL and replayed.
#include <array>
#include <map>
#include <optional>
#include <string>

#include "loyang/engine/game.hpp"
#include "loyang/persistence/database.hpp"
#include "loyang/persistence/pg_store.hpp"
#include "pg_connection.hpp"
#include "pg_schema.hpp"
#include "row_codec.hpp"

namespace loyang::persistence {
namespace {

struct table {
  const char* name;
  const char* columns;
};

// Every table of the schema (both stores have the same tables and columns), parents before
// the tables whose foreign keys name them.
constexpr std::array tables{
    table{"accounts", "id, name, password_hash, created_at, operator, banned_at, banned_by, ban_reason, bot"},
    table{"tokens", "token_hash, account_id, created_at, revoked, last_used_at"},
    table{"games",
          "id, options, seed, status, creator, invited, engine_version, created_at, updated_at, version, to_act, "
          "waiting_since, result, state_hash, watch, clock, extra, round"},
    table{"seats", "game_id, seat, account_id, bot, gone, gone_at"},
    table{"commands", "game_id, version, player, command, created_at"},
    table{"snapshots", "game_id, version, state, state_hash"},
    table{"last_seen", "game_id, seat, version"},
    table{"notify_settings", "account_id, settings"},
    table{"outbox", "id, account_id, channel, dedupe, body, created_at, attempts, next_at, state, last_error, settled_at"},
    table{"vacations", "account_id, starts_at, ends_at"},
    table{"relations", "account_id, other_id, kind, created_at"},
    table{"chat_messages", "id, game_id, account_id, text, created_at, deleted_by, deleted_at"},
    table{"notes", "game_id, account_id, text, updated_at"},
    table{"reports", "id, reporter, account_id, game_id, message_id, reason, created_at, closed_by, closed_at, outcome, "
                     "private_message_id"},
    table{"private_messages", "id, sender_id, recipient_id, text, created_at, read_at, deleted_by, deleted_at"},
    table{"tournaments", "id, status, body, created_at, updated_at, revision"},
    table{"moderation_log", "id, moderator, action, account_id, game_id, message_id, report_id, detail, created_at"},
};

int column_count(const char* columns) {
  int n = 1;
  for (const char* c = columns; *c != '\0'; ++c) n += *c == ',' ? 1 : 0;
  return n;
}

std::string placeholders(int n) {
  std::string out;
  for (int i = 1; i <= n; ++i) out += (i > 1 ? ", $" : "$") + std::to_string(i);
  return out;
}

void refuse_unless_empty(pg::connection& c) {
  std::string sql = "SELECT 0";
  for (const auto& t : tables) sql += std::string(" + (SELECT count(*) FROM ") + t.name + ")";
  const auto rows = c.query(sql).int64(0, 0);
  if (rows != 0) {
    throw error("the PostgreSQL database is not empty (" + std::to_string(rows) +
                " rows in loyang's tables): copy-to-postgres only fills an empty one");
  }
}

// One table: each SQLite row inserted as it is (integers sent as text; snapshots' states as bytes).
std::int64_t copy_table(database& from, pg::connection& to, const table& t) {
  const int n = column_count(t.columns);
  const std::string name = std::string("copy_") + t.name;
  to.prepare(name, std::string("INSERT INTO ") + t.name + "(" + t.columns + ") VALUES (" + placeholders(n) + ")");
  auto rows = from.prepare(std::string("SELECT ") + t.columns + " FROM " + t.name);
  const bool snapshots = std::string_view(t.name) == "snapshots";
  std::int64_t count = 0;
  while (rows.step()) {
    pg::params p;
    std::vector<std::byte> blob;
    for (int i = 0; i < n; ++i) {
      if (rows.column_is_null(i)) {
        p.add(nullptr);
      } else if (snapshots && i == 2) {
        blob = rows.column_blob(i);
        p.add(pg::params::binary{std::string_view(reinterpret_cast<const char*>(blob.data()), blob.size())});
      } else {
        p.add(rows.column_text_view(i));
      }
    }
    to.run(name, p);
    ++count;
  }
  return count;
}

// SQLite's stored state hash of each game (none before its first command).
std::map<std::int64_t, std::optional<std::int64_t>> sqlite_hashes(database& db) {
  std::map<std::int64_t, std::optional<std::int64_t>> out;
  auto rows = db.prepare("SELECT id, state_hash FROM games");
  while (rows.step()) {
    out[rows.column_int64(0)] = rows.column_is_null(1) ? std::nullopt : std::optional(rows.column_int64(1));
  }
  return out;
}

}  // namespace

pg_copy_report copy_sqlite_to_postgres(const std::filesystem::path& data_dir, const std::string& url,
                                       std::ostream& progress) {
  const auto file = data_dir / database_file_name;
  if (!std::filesystem::exists(file)) throw error("no SQLite database at " + file.string());
  auto from = database::open_in(data_dir);  // locked: no server may write meanwhile
  pg_copy_report report;
  {
    pg::connection to(url);
    if (!pg::migrate(to).empty()) throw error("the database was made by a newer loyang-server: copy with that one");
    pg::transaction t(to);
    refuse_unless_empty(to);
    for (const auto& table : tables) {
      const auto n = copy_table(from, to, table);
      progress << "copied " << n << " rows of " << table.name << '\n';
      report.rows += n;
    }
    // The daily secret replaces the one the migration made: the daily seeds stay the same.
    auto secrets = from.prepare("SELECT name, value FROM server_secrets");
    while (secrets.step()) {
      to.run_sql("INSERT INTO server_secrets(name, value) VALUES ($1, $2) "
                 "ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                 pg::params(secrets.column_text_view(0), secrets.column_text_view(1)));
    }
    // The outbox's identity goes on after the copied ids.
    to.exec("SELECT setval(pg_get_serial_sequence('outbox', 'id'), max(id)) FROM outbox HAVING max(id) IS NOT NULL");
    t.commit();
  }

  // The check: every game as the PostgreSQL store loads it (snapshot and replay checked
  // there), ending in the state SQLite stored.
  const auto expected = sqlite_hashes(from);
  auto store = make_pg_store(url);
  for (const auto& g : store->load_catalog().games) {
    const auto loaded = store->load_game(g);
    const auto it = expected.find(g.id);
    const auto hash = detail::to_column(engine::state_hash(loaded.state));
    if (it == expected.end() || (it->second ? *it->second != hash : g.version != 0)) {
      throw engine_mismatch("game " + std::to_string(g.id) + " loads from PostgreSQL in another state than SQLite's");
    }
    ++report.games;
    report.commands += static_cast<std::int64_t>(loaded.log.size());
  }
  store->stop();
  progress << "checked " << report.games << " games (" << report.commands << " commands replayed)\n";
  return report;
}

}  // namespace loyang::persistence
