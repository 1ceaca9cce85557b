#pragma once
// Internal: records read back from result rows, for both stores' readers. A Row has
// column_int64(i), column_text(i) and column_is_null(i) (SQLite's statement; PostgreSQL's
// result row), and a query(sql) gives a cursor: a Row with step() to go to the next row.
// The SELECTs below are plain SQL both databases run as they are.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <string>

#include "loyang/persistence/error.hpp"
#include "loyang/persistence/store.hpp"
#include "game_rebuild.hpp"
#include "row_codec.hpp"

namespace loyang::persistence::detail {

/// Columns of chat_record, report_record, moderation_record and outbox_record, in the order
/// the readers below take them; each is "SELECT ... FROM table ".
inline constexpr const char* chat_columns =
    "SELECT id, game_id, account_id, text, created_at, deleted_by, deleted_at FROM chat_messages ";
inline constexpr const char* report_columns =
    "SELECT id, reporter, account_id, game_id, message_id, reason, created_at, closed_by, closed_at, outcome, "
    "private_message_id FROM reports ";
inline constexpr const char* message_columns =
    "SELECT id, sender_id, recipient_id, text, created_at, read_at, deleted_by, deleted_at FROM private_messages ";

/// Reads written once for both databases: SQL with numbered parameters written `$1` (SQLite's
/// ?1 is the same parameter: sqlite_marks() turns one into the other).
/// An account's conversations: each other account's newest message and the unread count ($1:
/// the account, $2: below this newest id, $3: the limit).
inline constexpr const char* conversations_sql =
    "SELECT c.other, c.unread, m.id, m.sender_id, m.recipient_id, m.text, m.created_at, m.read_at, "
    "m.deleted_by, m.deleted_at FROM (SELECT other, max(id) AS last, sum(unread) AS unread FROM ("
    "SELECT recipient_id AS other, id, 0 AS unread FROM private_messages WHERE sender_id = $1 UNION ALL "
    "SELECT sender_id AS other, id, CASE WHEN read_at = 0 AND deleted_by = 0 THEN 1 ELSE 0 END AS unread "
    "FROM private_messages WHERE recipient_id = $1) AS both_ways GROUP BY other) AS c "
    "JOIN private_messages m ON m.id = c.last WHERE c.last < $2 ORDER BY c.last DESC LIMIT $3";
/// The messages between $1 and $2, both ways, below id $3, newest first, at most $4.
inline constexpr const char* messages_page_sql =
    "SELECT id, sender_id, recipient_id, text, created_at, read_at, deleted_by, deleted_at FROM private_messages "
    "WHERE ((sender_id = $1 AND recipient_id = $2) OR (sender_id = $2 AND recipient_id = $1)) AND id < $3 "
    "ORDER BY id DESC LIMIT $4";
inline constexpr const char* message_by_id_sql =
    "SELECT id, sender_id, recipient_id, text, created_at, read_at, deleted_by, deleted_at FROM private_messages "
    "WHERE id = $1";
/// Columns of tournament_record, in its order.
inline constexpr const char* tournament_columns =
    "SELECT id, status, body, created_at, updated_at, revision FROM tournaments ";
inline constexpr const char* tournament_by_id_sql =
    "SELECT id, status, body, created_at, updated_at, revision FROM tournaments WHERE id = $1";
/// (sender, count) of $1's unread messages.
inline constexpr const char* unread_by_sender_sql =
    "SELECT sender_id, count(*) FROM private_messages WHERE recipient_id = $1 AND read_at = 0 AND deleted_by = 0 "
    "GROUP BY sender_id ORDER BY sender_id";

/// store::load_move_times ($1: the account, $2: how many of its latest games). A command starts
/// a turn when the one before it in its game was another seat's.
inline constexpr const char* move_times_sql =
    "SELECT coalesce(sum(gap), 0), count(gap) FROM ("
    "SELECT c.created_at - lag(c.created_at) OVER w AS gap, "
    "CASE WHEN c.player <> lag(c.player) OVER w THEN 1 ELSE 0 END AS handed, "
    "s.account_id AS account, s.gone_at AS gone_at, c.created_at AS at "
    "FROM commands c JOIN seats s ON s.game_id = c.game_id AND s.seat = c.player "
    "WHERE c.game_id IN (SELECT game_id FROM seats WHERE account_id = $1 ORDER BY game_id DESC LIMIT $2) "
    "WINDOW w AS (PARTITION BY c.game_id ORDER BY c.version)) AS t "
    "WHERE account = $1 AND handed = 1 AND (gone_at IS NULL OR gone_at = 0 OR at < gone_at)";

/// `sql` with SQLite's parameter marks (?1) for PostgreSQL's ($1).
inline std::string sqlite_marks(std::string sql) {
  for (auto at = sql.find('$'); at != std::string::npos; at = sql.find('$', at)) sql[at] = '?';
  return sql;
}
inline constexpr const char* moderation_columns =
    "SELECT id, moderator, action, account_id, game_id, message_id, report_id, detail, created_at "
    "FROM moderation_log ";
inline constexpr const char* outbox_columns =
    "SELECT id, account_id, channel, dedupe, body, created_at, attempts, next_at FROM outbox ";

/// A page's bound: ids below `before`, every id when it is 0 (one plain range for the index).
inline std::int64_t upper_bound_of(std::int64_t before) {
  return before == 0 ? std::numeric_limits<std::int64_t>::max() : before;
}

/// A page's LIMIT as the databases take it.
inline std::int64_t limit_of(std::size_t limit) {
  return static_cast<std::int64_t>(std::min<std::size_t>(limit, std::numeric_limits<std::int64_t>::max()));
}

template <class Row>
chat_record read_chat(const Row& r) {
  return {r.column_int64(0), r.column_int64(1), r.column_int64(2), r.column_text(3),
          r.column_int64(4), r.column_int64(5), r.column_int64(6)};
}

template <class Row>
report_record read_report(const Row& r) {
  return {r.column_int64(0), r.column_int64(1), r.column_int64(2), r.column_int64(3), r.column_int64(4),
          r.column_text(5),  r.column_int64(6), r.column_int64(7), r.column_int64(8), r.column_text(9),
          r.column_int64(10)};
}

/// A row of message_columns (from column `first` on).
template <class Row>
message_record read_message(const Row& r, int first = 0) {
  return {r.column_int64(first),     r.column_int64(first + 1), r.column_int64(first + 2), r.column_text(first + 3),
          r.column_int64(first + 4), r.column_int64(first + 5), r.column_int64(first + 6), r.column_int64(first + 7)};
}

/// A row of tournament_columns.
template <class Row>
tournament_record read_tournament(const Row& r) {
  return {r.column_int64(0), r.column_text(1), r.column_text(2), r.column_int64(3), r.column_int64(4),
          r.column_int64(5)};
}

/// A row of conversations_sql.
template <class Row>
conversation_record read_conversation(const Row& r) {
  return {r.column_int64(0), read_message(r, 2), r.column_int64(1)};
}

template <class Row>
moderation_record read_moderation(const Row& r) {
  return {r.column_int64(0), r.column_int64(1), r.column_text(2),  r.column_int64(3), r.column_int64(4),
          r.column_int64(5), r.column_int64(6), r.column_text(7), r.column_int64(8)};
}

template <class Row>
outbox_record read_outbox(const Row& r) {
  return {r.column_int64(0), r.column_int64(1), r.column_text(2),
          r.column_text(3),  r.column_text(4),  r.column_int64(5),
          static_cast<int>(r.column_int64(6)), r.column_int64(7)};
}

/// "SELECT options, seed, version, state_hash FROM games WHERE id = ..." as a game_head.
template <class Row>
game_head read_game_head(const Row& r, std::int64_t id) {
  game_head head;
  head.options = parse_options_text(r.column_text(0), id);
  head.seed = from_column(r.column_int64(1));
  head.version = static_cast<std::uint32_t>(r.column_int64(2));
  if (!r.column_is_null(3)) head.hash = from_column(r.column_int64(3));
  return head;
}

/// The account rows, unrevoked tokens, vacations and notification settings into `out`, read with
/// `query`; `account`: only that account's (0: every account's).
template <class Query>
void read_accounts(Query&& query, store::catalog& out, std::int64_t account) {
  const auto only = [account](const char* column) {
    return account == 0 ? std::string() : std::string(" AND ") + column + " = " + std::to_string(account);
  };
  auto accounts = query(("SELECT id, name, password_hash, created_at, operator, banned_at, banned_by, ban_reason, "
                          "bot FROM accounts WHERE true" + only("id") + " ORDER BY id").c_str());
  while (accounts.step()) {
    out.accounts.push_back({accounts.column_int64(0), accounts.column_text(1), accounts.column_text(2),
                            accounts.column_int64(3), accounts.column_int64(4) != 0, accounts.column_int64(5),
                            accounts.column_int64(6), accounts.column_text(7), accounts.column_int64(8) != 0});
  }
  auto tokens = query(("SELECT token_hash, account_id, created_at, last_used_at FROM tokens WHERE revoked = 0" +
                       only("account_id")).c_str());
  while (tokens.step()) {
    out.tokens.push_back({tokens.column_text(0), tokens.column_int64(1), tokens.column_int64(2),
                          tokens.column_int64(3)});
  }
  auto vacations = query(("SELECT account_id, starts_at, ends_at FROM vacations WHERE true" + only("account_id") +
                          " ORDER BY account_id, starts_at").c_str());
  while (vacations.step()) {
    out.vacations.push_back({vacations.column_int64(0), vacations.column_int64(1), vacations.column_int64(2)});
  }
  auto settings = query(("SELECT account_id, settings FROM notify_settings WHERE true" + only("account_id") +
                         " ORDER BY account_id").c_str());
  while (settings.step()) out.notify_settings.emplace_back(settings.column_int64(0), settings.column_text(1));
  auto relations = query(("SELECT account_id, other_id, kind, created_at FROM relations WHERE true" +
                          only("account_id") + " ORDER BY account_id, other_id, kind").c_str());
  while (relations.step()) {
    out.relations.push_back({relations.column_int64(0), relations.column_int64(1),
                             parse_relation(relations.column_text(2)), relations.column_int64(3)});
  }
}

/// The game rows and their seats into `out.games`, read with `query`; `game`: only that game
/// (0: every game). `revision`: the rows have one (PostgreSQL).
template <class Query>
void read_games(Query&& query, store::catalog& out, std::int64_t game, bool revision) {
  const auto only = [game](const char* column) {
    return game == 0 ? std::string() : std::string(" WHERE ") + column + " = " + std::to_string(game);
  };
  auto games = query((std::string("SELECT id, options, seed, status, creator, invited, created_at, updated_at, version, "
                                  "to_act, waiting_since, result, watch, clock, extra, round") +
                      (revision ? ", revision" : "") +
                      " FROM games" + only("id") + " ORDER BY id")
                         .c_str());
  std::map<std::int64_t, std::size_t> index;
  while (games.step()) {
    game_record g;
    g.id = games.column_int64(0);
    g.options = parse_options_text(games.column_text(1), g.id);
    g.seed = from_column(games.column_int64(2));
    g.status = parse_status(games.column_text(3));
    g.creator = games.column_is_null(4) ? 0 : games.column_int64(4);
    g.invited = parse_invited(games.column_text(5));
    g.created_at = games.column_int64(6);
    g.updated_at = games.column_int64(7);
    g.version = static_cast<std::uint32_t>(games.column_int64(8));
    g.to_act = parse_to_act(games.column_text(9));
    g.waiting_since = games.column_int64(10);
    if (!games.column_is_null(11)) g.result = parse_json(games.column_text(11));
    g.watch = parse_watch(games.column_text(12));
    if (!games.column_is_null(13)) g.clock = parse_json(games.column_text(13));
    if (!games.column_is_null(14)) g.extra = parse_json(games.column_text(14));
    g.round = static_cast<int>(games.column_int64(15));
    if (revision) g.revision = games.column_int64(16);
    index[g.id] = out.games.size();
    out.games.push_back(std::move(g));
  }
  auto seats = query(("SELECT game_id, seat, account_id, bot, gone, gone_at FROM seats" + only("game_id") +
                      " ORDER BY game_id, seat")
                         .c_str());
  while (seats.step()) {
    const auto it = index.find(seats.column_int64(0));
    if (it == index.end()) continue;
    auto& list = out.games[it->second].seats;
    const auto seat = static_cast<std::size_t>(seats.column_int64(1));
    if (list.size() <= seat) list.resize(seat + 1);
    list[seat].account_id = seats.column_is_null(2) ? 0 : seats.column_int64(2);
    list[seat].bot = seats.column_int64(3) != 0;
    if (!seats.column_is_null(4)) {
      list[seat].gone = parse_departure(seats.column_text(4));
      list[seat].gone_at = seats.column_is_null(5) ? 0 : seats.column_int64(5);
    }
  }
}

/// Everything store::catalog holds, read with `query` (inside the caller's read transaction).
/// Throws persistence::error, also when the daily secret is missing.
template <class Query>
store::catalog read_catalog(Query&& query, bool revision = false) {
  store::catalog out;
  try {
    read_accounts(query, out, 0);
    read_games(query, out, 0, revision);
    auto tournaments = query((std::string(tournament_columns) + "ORDER BY id").c_str());
    while (tournaments.step()) out.tournaments.push_back(read_tournament(tournaments));
    auto max_ids = query(
        "SELECT coalesce((SELECT max(id) FROM chat_messages), 0), coalesce((SELECT max(id) FROM reports), 0), "
        "coalesce((SELECT max(id) FROM moderation_log), 0), coalesce((SELECT max(id) FROM private_messages), 0), "
        "coalesce((SELECT max(id) FROM tournaments), 0)");
    if (max_ids.step()) {
      out.max_chat_id = max_ids.column_int64(0);
      out.max_report_id = max_ids.column_int64(1);
      out.max_moderation_id = max_ids.column_int64(2);
      out.max_message_id = max_ids.column_int64(3);
      out.max_tournament_id = max_ids.column_int64(4);
    }
    auto secret = query("SELECT value FROM server_secrets WHERE name = 'daily'");
    // Made by the schema's migrations; a database without it has been tampered with, and an
    // empty secret would make the daily seeds guessable.
    if (!secret.step() || secret.column_text(0).empty()) throw error("the database has no daily secret");
    out.daily_secret = secret.column_text(0);
  } catch (const nlohmann::json::exception& e) {
    throw error(std::string("stored catalog does not parse: ") + e.what());
  }
  return out;
}

/// The rows of one game and/or one account (0: none), as store::load_catalog_part says.
template <class Query>
store::catalog read_catalog_part(Query&& query, std::int64_t game, std::int64_t account) {
  store::catalog out;
  try {
    if (account != 0) read_accounts(query, out, account);
    if (game != 0) read_games(query, out, game, true);
  } catch (const nlohmann::json::exception& e) {
    throw error(std::string("stored catalog does not parse: ") + e.what());
  }
  return out;
}

}  // namespace loyang::persistence::detail
