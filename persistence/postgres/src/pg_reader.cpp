#include "pg_reader.hpp"

#include <algorithm>
#include <array>

#include "game_rebuild.hpp"
#include "row_readers.hpp"

namespace loyang::persistence::pg {
namespace {

// A read transaction: every query inside sees one committed state of the database.
constexpr const char* snapshot_read = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";

template <class Row, class Read>
auto read_all(Row&& rows, Read&& read) {
  std::vector<decltype(read(rows))> out;
  while (rows.step()) out.push_back(read(rows));
  return out;
}

}  // namespace

std::vector<named_sql> reader_statements() {
  using namespace detail;
  // Columns' lists joined once: the views outlive every call.
  static const std::string due_notes = std::string(outbox_columns) + "WHERE state = 'queued' AND next_at <= $1 ORDER BY next_at, id LIMIT $2";
  static const std::string chat_page = std::string(chat_columns) + "WHERE game_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3";
  static const std::string reports_page = std::string(report_columns) + "WHERE id < $1 ORDER BY id DESC LIMIT $2";
  static const std::string open_reports_page =
      std::string(report_columns) + "WHERE closed_by = 0 AND id < $1 ORDER BY id DESC LIMIT $2";
  static const std::string moderation_page = std::string(moderation_columns) + "WHERE id < $1 ORDER BY id DESC LIMIT $2";
  return {
      // Served by accounts_by_folded_name and the tokens' primary key.
      {"account_named", "SELECT id FROM accounts WHERE lower(name) = lower($1)"},
      {"account_of_token", "SELECT account_id FROM tokens WHERE token_hash = $1 AND revoked = 0"},
      {"commands_after",
       "SELECT version, player, command, created_at FROM commands WHERE game_id = $1 AND version > $2 ORDER BY version"},
      {"game", "SELECT options, seed, version, state_hash FROM games WHERE id = $1"},
      {"snapshot",
       "SELECT version, state, state_hash FROM snapshots WHERE game_id = $1 AND version <= $2 "
       "ORDER BY version DESC LIMIT 1"},
      {"commands", "SELECT version, player, command, created_at FROM commands WHERE game_id = $1 ORDER BY version"},
      {"last_seen", "SELECT seat, version FROM last_seen WHERE game_id = $1 ORDER BY seat"},
      {"due_notes", due_notes},
      {"chat_page", chat_page},
      {"chat_count", "SELECT count(*) FROM chat_messages WHERE game_id = $1"},
      {"game_note", "SELECT text, updated_at FROM notes WHERE game_id = $1 AND account_id = $2"},
      {"reports_page", reports_page},
      // `closed_by = 0` as the partial index reports_open says it, so that index serves it.
      {"open_reports_page", open_reports_page},
      {"moderation_page", moderation_page},
      {"conversations", conversations_sql},
      {"messages_page", messages_page_sql},
      {"message_by_id", message_by_id_sql},
      {"tournament_by_id", tournament_by_id_sql},
      {"unread_by_sender", unread_by_sender_sql},
      {"move_times", move_times_sql},
      // Made if absent and locked (DO UPDATE locks the row) until the transaction ends.
      {"lock_counter",
       "INSERT INTO login_counters(key, touched_at) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET "
       "touched_at = greatest(login_counters.touched_at, excluded.touched_at) RETURNING count, since, known"},
      {"set_counter", "UPDATE login_counters SET count = $2, since = $3, known = $4 WHERE key = $1"},
  };
}

reader::reader(const std::string& url, const std::string& node) : c_(url, "loyang " + node + " reader") {
  for (const auto& q : reader_statements()) c_.prepare(q.name, q.sql);
}

store::catalog reader::load_catalog() {
  transaction t(c_, snapshot_read);
  auto out = detail::read_catalog([this](const char* sql) { return cursor(c_.query(sql)); }, true);
  t.commit();
  return out;
}

store::catalog reader::load_catalog_part(std::int64_t game, std::int64_t account) {
  transaction t(c_, snapshot_read);
  auto out = detail::read_catalog_part([this](const char* sql) { return cursor(c_.query(sql)); }, game, account);
  t.commit();
  return out;
}

std::int64_t reader::reserve_ids(const std::string& kind, std::int64_t count) {
  static const std::array<std::pair<std::string_view, std::string_view>, 7> tables{{
      {"games", "games"}, {"accounts", "accounts"}, {"chat", "chat_messages"}, {"reports", "reports"},
      {"moderation", "moderation_log"}, {"messages", "private_messages"}, {"tournaments", "tournaments"}}};
  const auto it = std::find_if(tables.begin(), tables.end(), [&](const auto& t) { return t.first == kind; });
  if (it == tables.end() || count < 1) throw error("no ids of kind " + kind);
  // The first block of a kind starts after the largest id stored (a copied site, or ids given
  // before blocks were used); the row lock of the UPDATE makes concurrent nodes take turns.
  // Keyed game ids (store.hpp, first_keyed_id) are not numbers: their numbers are the server's
  // to read (cluster/id_source.cpp skips past them).
  c_.run_sql("INSERT INTO id_blocks(kind, next_id) VALUES ($1, (SELECT coalesce(max(id), 0) + 1 FROM " +
                 std::string(it->second) + " WHERE id < " + std::to_string(first_keyed_id) +
                 ")) ON CONFLICT (kind) DO NOTHING",
             params(kind));
  return c_.run_sql("UPDATE id_blocks SET next_id = next_id + $2 WHERE kind = $1 RETURNING next_id - $2",
                    params(kind, count))
      .int64(0, 0);
}

std::int64_t reader::find_account(const std::string& name, const std::string& token_hash) {
  auto rows = name.empty() ? run("account_of_token", params(token_hash)) : run("account_named", params(name));
  return rows.step() ? rows.column_int64(0) : 0;
}

void reader::update_counters(const std::vector<std::string>& keys, std::int64_t now,
                             const std::function<void(std::vector<store::counter>&)>& change) {
  // Locked in one order by every node, so two logins that share keys wait, never deadlock.
  std::vector<std::size_t> order(keys.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
  transaction t(c_);
  std::vector<store::counter> counters(keys.size());
  for (const auto i : order) {
    auto row = run("lock_counter", params(keys[i], now));
    if (!row.step()) throw error("PostgreSQL: no counter row for " + keys[i]);
    counters[i] = {keys[i], row.column_int64(0), row.column_int64(1), row.column_int64(2) != 0};
  }
  const auto before = counters;
  change(counters);
  for (const auto i : order) {
    const auto& c = counters[i];
    if (c.count == before[i].count && c.since == before[i].since && c.known == before[i].known) continue;
    c_.run("set_counter", params(keys[i], c.count, c.since, c.known ? 1 : 0));
  }
  t.commit();
}

void reader::forget_counters(std::int64_t before) {
  c_.run_sql("DELETE FROM login_counters WHERE touched_at < $1", params(before));
}

std::vector<logged_command> reader::load_commands_after(std::int64_t game, std::uint32_t after) {
  auto rows = run("commands_after", params(game, static_cast<std::int64_t>(after)));
  std::vector<logged_command> out;
  while (rows.step()) {
    out.push_back({static_cast<std::uint32_t>(rows.column_int64(0)), static_cast<engine::player_id>(rows.column_int64(1)),
                   rows.column_text(2), rows.column_int64(3)});
  }
  return out;
}

loaded_game reader::load_game(std::int64_t id) {
  transaction t(c_, snapshot_read);  // the row, the snapshot and the log of one committed state
  auto row = run("game", params(id));
  if (!row.step()) throw damaged_game("game " + std::to_string(id) + " is not stored");
  const auto head = detail::read_game_head(row, id);

  auto snapshot = run("snapshot", params(id, static_cast<std::int64_t>(head.version)));
  std::string bytes;
  std::optional<detail::snapshot_view> start;
  if (snapshot.step()) {
    bytes = snapshot.column_bytes(1);
    start = detail::snapshot_view{static_cast<std::uint32_t>(snapshot.column_int64(0)), bytes,
                                  detail::from_column(snapshot.column_int64(2))};
  }
  detail::game_rebuild game(id, head, start);
  auto commands = run("commands", params(id));
  while (commands.step()) {
    game.add(static_cast<std::uint32_t>(commands.column_int64(0)),
             static_cast<engine::player_id>(commands.column_int64(1)), commands.column_text_view(2),
             commands.column_int64(3));
  }
  auto seen = run("last_seen", params(id));
  while (seen.step()) {
    game.seen(static_cast<engine::player_id>(seen.column_int64(0)), static_cast<std::uint32_t>(seen.column_int64(1)));
  }
  t.commit();
  return std::move(game).finish();
}

std::vector<outbox_record> reader::due_notifications(std::int64_t now, std::size_t limit) {
  return read_all(run("due_notes", params(now, detail::limit_of(limit))), detail::read_outbox<cursor>);
}

std::int64_t reader::queued_notifications() {
  return c_.query("SELECT count(*) FROM outbox WHERE state = 'queued'").int64(0, 0);
}

std::optional<std::int64_t> reader::next_notification_at() {
  const auto r = c_.query("SELECT min(next_at) FROM outbox WHERE state = 'queued'");
  if (r.is_null(0, 0)) return std::nullopt;
  return r.int64(0, 0);
}

std::vector<chat_record> reader::load_chat(std::int64_t game, std::int64_t before, std::size_t limit) {
  return read_all(run("chat_page", params(game, detail::upper_bound_of(before), detail::limit_of(limit))),
                  detail::read_chat<cursor>);
}

std::int64_t reader::chat_count(std::int64_t game) { return c_.run("chat_count", params(game)).int64(0, 0); }

std::optional<note_record> reader::load_note(std::int64_t game, std::int64_t account) {
  auto row = run("game_note", params(game, account));
  if (!row.step()) return std::nullopt;
  return note_record{game, account, row.column_text(0), row.column_int64(1)};
}

std::vector<report_record> reader::load_reports(bool open_only, std::int64_t before, std::size_t limit) {
  return read_all(run(open_only ? "open_reports_page" : "reports_page",
                      params(detail::upper_bound_of(before), detail::limit_of(limit))),
                  detail::read_report<cursor>);
}

std::vector<moderation_record> reader::load_moderation(std::int64_t before, std::size_t limit) {
  return read_all(run("moderation_page", params(detail::upper_bound_of(before), detail::limit_of(limit))),
                  detail::read_moderation<cursor>);
}

std::vector<conversation_record> reader::load_conversations(std::int64_t account, std::int64_t before,
                                                            std::size_t limit) {
  return read_all(run("conversations", params(account, detail::upper_bound_of(before), detail::limit_of(limit))),
                  [](const cursor& r) { return detail::read_conversation(r); });
}

std::vector<message_record> reader::load_messages(std::int64_t account, std::int64_t other, std::int64_t before,
                                                  std::size_t limit) {
  return read_all(run("messages_page", params(account, other, detail::upper_bound_of(before), detail::limit_of(limit))),
                  [](const cursor& r) { return detail::read_message(r); });
}

std::optional<message_record> reader::load_message(std::int64_t id) {
  auto row = run("message_by_id", params(id));
  if (!row.step()) return std::nullopt;
  return detail::read_message(row);
}

std::optional<tournament_record> reader::load_tournament(std::int64_t id) {
  auto row = run("tournament_by_id", params(id));
  if (!row.step()) return std::nullopt;
  return detail::read_tournament(row);
}

std::vector<std::pair<std::int64_t, std::int64_t>> reader::unread_messages(std::int64_t account) {
  return read_all(run("unread_by_sender", params(account)),
                  [](const cursor& r) { return std::pair{r.column_int64(0), r.column_int64(1)}; });
}

store::move_times reader::load_move_times(std::int64_t account, std::size_t games) {
  auto row = run("move_times", params(account, detail::limit_of(games)));
  if (!row.step()) return {};
  return {row.column_int64(0), row.column_int64(1)};
}

}  // namespace loyang::persistence::pg
