// The stores' community half (issue 23): relations, chat, notes, reports, the operators' log,
// bans, a game's extra and the daily secret survive closing and reopening the store (on SQLite
// and on PostgreSQL: store_backing), and a SQLite database of the previous schema (7) is
// migrated with its accounts and games.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <algorithm>
#include <future>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "loyang/persistence/database.hpp"
#include "loyang/persistence/migrations.hpp"
#include "store_fixture.hpp"
#include "temp_dir.hpp"

using namespace loyang::test;
using loyang::persistence::account_record;
using loyang::persistence::chat_record;
using loyang::persistence::make_sqlite_store;
using loyang::persistence::moderation_record;
using loyang::persistence::note_record;
using loyang::persistence::outbox_record;
using loyang::persistence::relation_kind;
using loyang::persistence::relation_record;
using loyang::persistence::report_record;
using loyang::persistence::token_record;

namespace {

void add_account(persistence::store& s, const account_record& a) {
  REQUIRE(wait_for([&](auto d) { s.save_account(a, d); }) == "");
}

/// Accounts 1 (ada, who creates the games), 2 (grace, an operator) and 3 (linus).
void add_people(persistence::store& s) {
  add_creator(s);
  account_record grace{2, "grace", "hash-grace", 101};
  grace.operator_account = true;
  add_account(s, grace);
  add_account(s, {3, "linus", "hash-linus", 102});
}

/// An open game `id` created by account 1 (needs add_creator), with `extra`.
// `revision`: the row's once stored (its first write is 1; PostgreSQL refuses a write made from
// another revision than the stored one).
void add_game(persistence::store& s, std::int64_t id, const nlohmann::json& extra = nullptr,
              std::int64_t revision = 1) {
  persistence::game_record g;
  g.id = id;
  g.revision = revision;
  g.options = {3, engine::ruleset::original, false};
  g.creator = 1;
  g.seats.resize(3);
  g.seats[0].account_id = 1;
  g.created_at = g.updated_at = g.waiting_since = 300 + id;
  g.extra = extra;
  REQUIRE(wait_for([&](auto d) { s.save_game(g, d); }) == "");
}

chat_record message(std::int64_t id, std::int64_t game, std::int64_t account, std::int64_t at) {
  chat_record m;
  m.id = id;
  m.game = game;
  m.account = account;
  m.text = "message " + std::to_string(id) + " <b>not html</b> \xc3\xa9";
  m.at = at;
  return m;
}

std::string chat(persistence::store& s, const chat_record& m, std::vector<outbox_record> notes = {}) {
  return wait_for([&](auto d) { s.append_chat(m, std::move(notes), d); });
}

moderation_record action(std::int64_t id, const std::string& what, std::int64_t at) {
  moderation_record m;
  m.id = id;
  m.moderator = 2;
  m.action = what;
  m.detail = "because " + std::to_string(id);
  m.at = at;
  return m;
}

report_record report(std::int64_t id, std::int64_t at) {
  report_record r;
  r.id = id;
  r.reporter = 1;
  r.account = 3;
  r.game = id % 2 == 0 ? 1 : 0;
  r.message = id % 2 == 0 ? 40 + id : 0;
  r.reason = "report " + std::to_string(id);
  r.at = at;
  return r;
}

std::vector<std::int64_t> ids_of(const auto& records) {
  std::vector<std::int64_t> ids;
  for (const auto& r : records) ids.push_back(r.id);
  return ids;
}

std::vector<relation_record> sorted(std::vector<relation_record> v) {
  std::sort(v.begin(), v.end(), [](const relation_record& a, const relation_record& b) {
    return std::tuple(a.account, a.other, a.kind) < std::tuple(b.account, b.other, b.kind);
  });
  return v;
}

std::vector<token_record> sorted(std::vector<token_record> v) {
  std::sort(v.begin(), v.end());
  return v;
}

const account_record& account_of(const persistence::store::catalog& c, std::int64_t id) {
  const auto it = std::find_if(c.accounts.begin(), c.accounts.end(), [id](const auto& a) { return a.id == id; });
  REQUIRE(it != c.accounts.end());
  return *it;
}

const persistence::game_record& game_of(const persistence::store::catalog& c, std::int64_t id) {
  const auto it = std::find_if(c.games.begin(), c.games.end(), [id](const auto& g) { return g.id == id; });
  REQUIRE(it != c.games.end());
  return *it;
}

bool is_lower_hex(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

void exec_raw(sqlite3* db, const std::string& sql) {
  char* text = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &text);
  INFO(sql.substr(0, 80) << ": " << (text ? text : ""));
  sqlite3_free(text);
  REQUIRE(rc == SQLITE_OK);
}

std::int64_t scalar(const std::filesystem::path& data, const std::string& sql) {
  persistence::database db(data / "loyang.db");
  auto s = db.prepare(sql);
  REQUIRE(s.step());
  return s.column_int64(0);
}

}  // namespace

TEST_CASE("relations, ban and operator fields, a game's extra, the max ids and the daily secret "
          "survive a reopen",
          "[persistence][community]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  const nlohmann::json extra = {{"rated", true}, {"rematch_of", 4}, {"daily", "2026-11-25"}, {"declined", {"bob"}}};
  std::string secret;
  {
    auto s = where.open();
    add_people(*s);
    account_record linus{3, "linus", "hash-linus", 102};
    linus.banned_at = 700;
    linus.banned_by = 2;
    linus.ban_reason = "spam, twice";
    REQUIRE(wait_for([&](auto d) { s->save_standing(linus, action(3, "ban", 700), d); }) == "");

    live_game g(1, engine::options{3, engine::ruleset::original, false}, 99);
    g.record.extra = extra;
    g.save(*s);
    // A command writes the game row but not its extra, whatever the record it carries says.
    auto next = g.advance();
    next.second.extra = {{"rated", false}};
    REQUIRE(wait_for([&](auto d) { s->append_command(next.first, next.second, g.state, d); }) == "");
    add_game(*s, 2, {{"x", 1}});
    add_game(*s, 2, nullptr, 2);  // saved again without extra: NULL again
    add_game(*s, 3);

    const auto rel = [&](const relation_record& r, bool on) {
      return wait_for([&](auto d) { s->save_relation(r, on, d); });
    };
    CHECK(rel({1, 2, relation_kind::friend_of, 500}, true) == "");
    CHECK(rel({1, 3, relation_kind::mute, 501}, true) == "");
    CHECK(rel({1, 3, relation_kind::block, 502}, true) == "");
    CHECK(rel({2, 1, relation_kind::friend_of, 503}, true) == "");
    CHECK(rel({1, 2, relation_kind::friend_of, 600}, true) == "");  // again: only its time
    CHECK(rel({2, 1, relation_kind::friend_of, 0}, false) == "");   // removed
    CHECK(rel({3, 3, relation_kind::mute, 0}, false) == "");        // removing none is no error

    CHECK(chat(*s, message(7, 1, 1, 800)) == "");
    CHECK(chat(*s, message(12, 2, 3, 801)) == "");
    CHECK(wait_for([&](auto d) { s->save_report(report(5, 810), std::nullopt, d); }) == "");
    CHECK(wait_for([&](auto d) { s->save_moderation(action(9, "cancel_game", 820), d); }) == "");
    CHECK(wait_for([&](auto d) { s->save_moderation(action(4, "grant_operator", 821), d); }) == "");

    secret = s->load_catalog().daily_secret;
  }
  CHECK(secret.size() == 64);
  CHECK(is_lower_hex(secret));

  auto s = where.open();
  const auto c = s->load_catalog();
  CHECK(c.daily_secret == secret);  // made once, by the migration; not anew at each open
  REQUIRE(c.accounts.size() == 3);
  CHECK_FALSE(account_of(c, 1).operator_account);
  CHECK(account_of(c, 1).banned_at == 0);
  CHECK(account_of(c, 2).operator_account);
  CHECK(account_of(c, 2).banned_at == 0);
  CHECK(account_of(c, 3).banned_at == 700);
  CHECK(account_of(c, 3).banned_by == 2);
  CHECK(account_of(c, 3).ban_reason == "spam, twice");
  CHECK_FALSE(account_of(c, 3).operator_account);

  REQUIRE(c.games.size() == 3);
  CHECK(game_of(c, 1).extra == extra);
  CHECK(game_of(c, 1).version == 1);
  CHECK(game_of(c, 2).extra.is_null());
  CHECK(game_of(c, 3).extra.is_null());

  CHECK(sorted(c.relations) == std::vector<relation_record>{{1, 2, relation_kind::friend_of, 600},
                                                            {1, 3, relation_kind::mute, 501},
                                                            {1, 3, relation_kind::block, 502}});
  CHECK(c.max_chat_id == 12);
  CHECK(c.max_report_id == 5);
  CHECK(c.max_moderation_id == 9);
}

TEST_CASE("a new database gets a random daily secret; none at all is refused", "[persistence][community]") {
  temp_dir a, b;
  std::string first;
  {
    auto s = make_sqlite_store(a.path());
    const auto c = s->load_catalog();
    first = c.daily_secret;
    CHECK(c.relations.empty());
    CHECK(c.max_chat_id == 0);
    CHECK(c.max_report_id == 0);
    CHECK(c.max_moderation_id == 0);
  }
  {
    auto s = make_sqlite_store(b.path());
    CHECK(s->load_catalog().daily_secret.size() == 64);
    CHECK(s->load_catalog().daily_secret != first);
  }
  {
    persistence::database db(b.path() / "loyang.db");
    db.exec("DELETE FROM server_secrets");
  }
  auto s = make_sqlite_store(b.path());
  CHECK_THROWS_AS(s->load_catalog(), persistence::error);
}

TEST_CASE("chat pages come newest first, below `before`, deleted messages included", "[persistence][community]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  {
    auto s = where.open();
    add_people(*s);
    add_game(*s, 1);
    add_game(*s, 2);
    // Ids increase over all games: game 1 has 1, 2, 4, 6, 7; game 2 has 3, 5.
    for (const auto& [id, game] : std::vector<std::pair<int, int>>{{1, 1}, {2, 1}, {3, 2}, {4, 1}, {5, 2}, {6, 1}, {7, 1}}) {
      REQUIRE(chat(*s, message(id, game, 1 + id % 3, 900 + id)) == "");
    }
    // The notification goes into the outbox with the message.
    const outbox_record note{0, 3, "webhook", "chat-8", "{\"chat\":8}", 908, 0, 908};
    CHECK(chat(*s, message(8, 2, 1, 908), {note}) == "");
    CHECK(s->queued_notifications() == 1);
    REQUIRE(s->due_notifications(1000, 10).size() == 1);
    CHECK(s->due_notifications(1000, 10)[0].dedupe == "chat-8");

    // No such game; an id taken already: refused, nothing stored.
    CHECK(chat(*s, message(9, 42, 1, 909)) == "storage_failed");
    CHECK(chat(*s, message(4, 2, 1, 910)) == "storage_failed");

    moderation_record log = action(1, "delete_message", 950);
    log.account = 1 + 4 % 3;
    log.game = 1;
    log.message = 4;
    CHECK(wait_for([&](auto d) { s->delete_chat(4, log, d); }) == "");
  }
  auto s = where.open();
  CHECK(ids_of(s->load_chat(1, 0, 3)) == std::vector<std::int64_t>{7, 6, 4});
  CHECK(ids_of(s->load_chat(1, 4, 10)) == std::vector<std::int64_t>{2, 1});
  CHECK(ids_of(s->load_chat(1, 5, 2)) == std::vector<std::int64_t>{4, 2});
  CHECK(ids_of(s->load_chat(1, 1, 10)).empty());
  CHECK(ids_of(s->load_chat(2, 0, 10)) == std::vector<std::int64_t>{8, 5, 3});
  CHECK(s->load_chat(1, 0, 0).empty());
  CHECK(s->load_chat(42, 0, 10).empty());

  const auto all = s->load_chat(1, 0, 100);
  REQUIRE(all.size() == 5);
  auto deleted = message(4, 1, 1 + 4 % 3, 904);
  deleted.deleted_by = 2;
  deleted.deleted_at = 950;
  CHECK(all[2] == deleted);  // text kept, marked deleted
  CHECK(all[0] == message(7, 1, 1 + 7 % 3, 907));

  CHECK(s->chat_count(1) == 5);
  CHECK(s->chat_count(2) == 3);
  CHECK(s->chat_count(42) == 0);
  const auto logged = s->load_moderation(0, 10);
  REQUIRE(logged.size() == 1);
  CHECK(logged[0].action == "delete_message");
  CHECK(logged[0].message == 4);
  CHECK(logged[0].game == 1);
  CHECK(logged[0].at == 950);
  CHECK(s->load_catalog().max_chat_id == 8);
}

TEST_CASE("deleting a chat message that does not exist fails alone and logs nothing", "[persistence][community]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  std::mutex mutex;
  std::vector<std::string> failures;
  persistence::sqlite_store_options options;
  options.on_failure = [&](const std::string& line) {
    std::lock_guard lock(mutex);
    failures.push_back(line);
  };
  {
    auto s = where.open(options);
    add_people(*s);
    add_game(*s, 1);
    REQUIRE(chat(*s, message(1, 1, 1, 900)) == "");
    // Queued together, likely one batch: the good ones commit, the bad one fails by itself.
    std::promise<std::string> before, missing, after;
    s->save_moderation(action(5, "ban", 901), [&](const std::string& e) { before.set_value(e); });
    s->delete_chat(99, action(6, "delete_message", 902), [&](const std::string& e) { missing.set_value(e); });
    s->save_moderation(action(7, "unban", 903), [&](const std::string& e) { after.set_value(e); });
    CHECK(before.get_future().get() == "");
    CHECK(missing.get_future().get() == "storage_failed");
    CHECK(after.get_future().get() == "");
    // An action logged twice is refused: the log is kept as written.
    CHECK(wait_for([&](auto d) { s->save_moderation(action(5, "cancel_game", 904), d); }) == "storage_failed");
  }
  {
    std::lock_guard lock(mutex);
    REQUIRE(failures.size() == 2);
    CHECK(failures[0].find("deleting chat message 99") != std::string::npos);
    CHECK(failures[1].find("logging operator action 5 (cancel_game)") != std::string::npos);
  }
  auto s = where.open();
  const auto logged = s->load_moderation(0, 10);
  CHECK(ids_of(logged) == std::vector<std::int64_t>{7, 5});
  CHECK(logged[1].action == "ban");
  CHECK(s->load_chat(1, 0, 10)[0].deleted_by == 0);
  CHECK(s->load_catalog().max_moderation_id == 7);
}

TEST_CASE("a ban revokes the account's tokens in one transaction; an unban keeps the account",
          "[persistence][community]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  account_record linus{3, "linus", "hash-linus", 102};
  {
    auto s = where.open();
    add_people(*s);
    for (const auto& t : std::vector<std::pair<std::string, int>>{{"l1", 3}, {"l2", 3}, {"a1", 1}}) {
      REQUIRE(wait_for([&](auto d) { s->save_token(t.first, t.second, 200, d); }) == "");
    }
    REQUIRE(wait_for([&](auto d) { s->save_moderation(action(1, "grant_operator", 600), d); }) == "");

    auto banned = linus;
    banned.banned_at = 700;
    banned.banned_by = 2;
    banned.ban_reason = "spam";
    // Its log entry cannot be stored (id 1 is taken): nothing of the ban is, tokens included.
    CHECK(wait_for([&](auto d) { s->save_standing(banned, action(1, "ban", 700), d); }) == "storage_failed");
    CHECK(sorted(s->load_catalog().tokens).size() == 3);
    CHECK(account_of(s->load_catalog(), 3).banned_at == 0);

    auto log = action(2, "ban", 700);
    log.account = 3;
    CHECK(wait_for([&](auto d) { s->save_standing(banned, log, d); }) == "");
  }
  {
    auto s = where.open();
    const auto c = s->load_catalog();
    CHECK(c.tokens == std::vector<token_record>{{"a1", 1, 200, 200}});
    CHECK(account_of(c, 3).banned_at == 700);
    CHECK(account_of(c, 3).banned_by == 2);
    CHECK(account_of(c, 3).ban_reason == "spam");
    CHECK(account_of(c, 3).password_hash == "hash-linus");
    const auto logged = s->load_moderation(0, 10);
    REQUIRE(ids_of(logged) == std::vector<std::int64_t>{2, 1});
    CHECK(logged[0].action == "ban");
    CHECK(logged[0].account == 3);
    CHECK(logged[0].detail == "because 2");

    // Unbanned: the account stays, cleared, and a token it has then is not revoked.
    REQUIRE(wait_for([&](auto d) { s->save_token("l3", 3, 800, d); }) == "");
    auto log2 = action(3, "unban", 800);
    log2.account = 3;
    CHECK(wait_for([&](auto d) { s->save_standing(linus, log2, d); }) == "");
  }
  auto s = where.open();
  const auto c = s->load_catalog();
  REQUIRE(c.accounts.size() == 3);
  CHECK(account_of(c, 3).name == "linus");
  CHECK(account_of(c, 3).banned_at == 0);
  CHECK(account_of(c, 3).banned_by == 0);
  CHECK(account_of(c, 3).ban_reason.empty());
  CHECK(sorted(c.tokens) == std::vector<token_record>{{"a1", 1, 200, 200}, {"l3", 3, 800, 800}});
  CHECK(ids_of(s->load_moderation(0, 10)) == std::vector<std::int64_t>{3, 2, 1});
}

TEST_CASE("an account's standing is stored apart: a node's older copy of the account does not undo a grant, a "
          "revoke or a ban",
          "[persistence][community]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  auto s = where.open();
  add_people(*s);  // grace (2) an operator, linus (3) not
  account_record old_grace{2, "grace", "hash-grace", 101};
  old_grace.operator_account = true;
  const account_record old_linus{3, "linus", "hash-linus", 102};

  auto revoked = old_grace;
  revoked.operator_account = false;
  auto granted = old_linus;
  granted.operator_account = true;
  granted.banned_at = 900;
  granted.banned_by = 1;
  granted.ban_reason = "test";
  REQUIRE(wait_for([&](auto d) { s->save_standing(revoked, action(1, "revoke_operator", 900), d); }) == "");
  REQUIRE(wait_for([&](auto d) { s->save_standing(granted, action(2, "grant_operator", 900), d); }) == "");

  // Another node, still holding the accounts as they were, changes their passwords.
  auto stale_grace = old_grace;
  stale_grace.password_hash = "new-hash-grace";
  auto stale_linus = old_linus;
  stale_linus.password_hash = "new-hash-linus";
  add_account(*s, stale_grace);
  add_account(*s, stale_linus);

  const auto c = s->load_catalog();
  CHECK_FALSE(account_of(c, 2).operator_account);
  CHECK(account_of(c, 2).password_hash == "new-hash-grace");
  CHECK(account_of(c, 3).operator_account);
  CHECK(account_of(c, 3).banned_at == 900);
  CHECK(account_of(c, 3).ban_reason == "test");
  CHECK(account_of(c, 3).password_hash == "new-hash-linus");
}

TEST_CASE("notes are replaced, and empty text deletes them", "[persistence][community]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  const auto note = [](std::int64_t game, std::int64_t account, std::string text, std::int64_t at) {
    return note_record{game, account, std::move(text), at};
  };
  {
    auto s = where.open();
    add_people(*s);
    add_game(*s, 1);
    add_game(*s, 2);
    CHECK(wait_for([&](auto d) { s->save_note(note(1, 1, "first", 10), d); }) == "");
    CHECK(wait_for([&](auto d) { s->save_note(note(1, 1, "second\nline", 20), d); }) == "");
    CHECK(wait_for([&](auto d) { s->save_note(note(1, 2, "grace's", 30), d); }) == "");
    CHECK(wait_for([&](auto d) { s->save_note(note(2, 1, "other game", 40), d); }) == "");
    CHECK(s->load_note(1, 1) == note(1, 1, "second\nline", 20));
  }
  {
    auto s = where.open();
    CHECK(s->load_note(1, 1) == note(1, 1, "second\nline", 20));
    CHECK(s->load_note(1, 2) == note(1, 2, "grace's", 30));
    CHECK(s->load_note(2, 1) == note(2, 1, "other game", 40));
    CHECK(s->load_note(2, 2) == std::nullopt);
    CHECK(wait_for([&](auto d) { s->save_note(note(1, 1, "", 50), d); }) == "");
    CHECK(wait_for([&](auto d) { s->save_note(note(3, 3, "", 50), d); }) == "");  // none to delete
  }
  auto s = where.open();
  CHECK(s->load_note(1, 1) == std::nullopt);
  CHECK(s->load_note(1, 2) == note(1, 2, "grace's", 30));
  CHECK(s->load_note(2, 1) == note(2, 1, "other game", 40));
}

TEST_CASE("reports page newest first, the open ones alone when asked; closing one logs it",
          "[persistence][community]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  auto closed = report(2, 802);
  closed.closed_by = 2;
  closed.closed_at = 900;
  closed.outcome = "warned";
  {
    auto s = where.open();
    add_people(*s);
    for (int id = 1; id <= 5; ++id) {
      REQUIRE(wait_for([&](auto d) { s->save_report(report(id, 800 + id), std::nullopt, d); }) == "");
    }
    auto log = action(10, "close_report", 900);
    log.report = 2;
    CHECK(wait_for([&](auto d) { s->save_report(closed, log, d); }) == "");
    auto four = report(4, 804);
    four.closed_by = 2;
    four.closed_at = 901;
    CHECK(wait_for([&](auto d) { s->save_report(four, std::nullopt, d); }) == "");
    // A closing whose log entry cannot be stored (id 10 is taken) leaves the report open.
    auto five = report(5, 805);
    five.closed_by = 2;
    five.closed_at = 902;
    CHECK(wait_for([&](auto d) { s->save_report(five, action(10, "close_report", 902), d); }) == "storage_failed");
  }
  auto s = where.open();
  CHECK(ids_of(s->load_reports(false, 0, 10)) == std::vector<std::int64_t>{5, 4, 3, 2, 1});
  CHECK(ids_of(s->load_reports(false, 0, 2)) == std::vector<std::int64_t>{5, 4});
  CHECK(ids_of(s->load_reports(false, 4, 2)) == std::vector<std::int64_t>{3, 2});
  CHECK(ids_of(s->load_reports(true, 0, 10)) == std::vector<std::int64_t>{5, 3, 1});
  CHECK(ids_of(s->load_reports(true, 5, 10)) == std::vector<std::int64_t>{3, 1});
  CHECK(ids_of(s->load_reports(true, 0, 1)) == std::vector<std::int64_t>{5});
  CHECK(ids_of(s->load_reports(true, 1, 10)).empty());

  const auto all = s->load_reports(false, 0, 10);
  CHECK(all[3] == closed);
  CHECK(all[4] == report(1, 801));
  CHECK(all[0] == report(5, 805));  // still open
  const auto logged = s->load_moderation(0, 10);
  REQUIRE(logged.size() == 1);
  CHECK(logged[0].report == 2);
  CHECK(logged[0].action == "close_report");
  const auto c = s->load_catalog();
  CHECK(c.max_report_id == 5);
  CHECK(c.max_moderation_id == 10);
}

TEST_CASE("the operators' log pages newest first", "[persistence][community]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  {
    auto s = where.open();
    for (int id : {3, 1, 8, 5}) {
      auto m = action(id, "cancel_game", 100 + id);
      m.moderator = id == 8 ? 0 : 2;  // 0: the command line
      m.account = 3;
      m.game = id;
      m.message = id * 10;
      m.report = id * 100;
      REQUIRE(wait_for([&](auto d) { s->save_moderation(m, d); }) == "");
    }
  }
  auto s = where.open();
  CHECK(ids_of(s->load_moderation(0, 10)) == std::vector<std::int64_t>{8, 5, 3, 1});
  CHECK(ids_of(s->load_moderation(0, 2)) == std::vector<std::int64_t>{8, 5});
  CHECK(ids_of(s->load_moderation(5, 10)) == std::vector<std::int64_t>{3, 1});
  CHECK(ids_of(s->load_moderation(1, 10)).empty());
  auto expected = action(8, "cancel_game", 108);
  expected.moderator = 0;
  expected.account = 3;
  expected.game = 8;
  expected.message = 80;
  expected.report = 800;
  CHECK(s->load_moderation(0, 1)[0] == expected);
}

TEST_CASE("a database of schema 7 is migrated and keeps its accounts and games",
          "[persistence][community][migrations]") {
  temp_dir tmp;
  {
    sqlite3* raw = nullptr;
    REQUIRE(sqlite3_open((tmp.path() / "loyang.db").c_str(), &raw) == SQLITE_OK);
    const auto migrations = persistence::migrations();
    REQUIRE(migrations.size() >= 8);
    for (std::size_t i = 0; i < 7; ++i) exec_raw(raw, std::string(migrations[i]));
    exec_raw(raw, "PRAGMA user_version = 7");
    exec_raw(raw,
             "INSERT INTO accounts(id, name, password_hash, created_at) VALUES "
             "(1, 'ann', 'h1', 10), (2, 'bob', 'h2', 20);"
             "INSERT INTO tokens(token_hash, account_id, created_at, last_used_at) VALUES ('t', 2, 77, 78);"
             "INSERT INTO games(id, options, seed, status, creator, invited, engine_version, created_at, "
             "updated_at, watch, clock) VALUES (4, '{\"players\":2}', 5, 'open', 1, '[\"bob\"]', 'x', 1, 2, "
             "'players', '{\"c\":1}');"
             "INSERT INTO seats(game_id, seat, account_id, bot) VALUES (4, 0, 1, 0), (4, 1, NULL, 1);"
             "INSERT INTO vacations(account_id, starts_at, ends_at) VALUES (2, 100, 200)");
    sqlite3_close(raw);
  }
  auto s = make_sqlite_store(tmp.path());
  CHECK(scalar(tmp.path(), "PRAGMA user_version") == persistence::latest_schema_version());
  // The way back to the previous release: the file as it was, beside it, still at schema 7
  // with its rows, and a standalone file (no WAL to carry along).
  const auto copy = tmp.path() / "loyang.db.pre-v7";
  REQUIRE(std::filesystem::is_regular_file(copy));
  CHECK_FALSE(std::filesystem::exists(tmp.path() / "loyang.db.pre-v7-wal"));
  {
    sqlite3* was = nullptr;
    REQUIRE(sqlite3_open_v2(copy.c_str(), &was, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    const auto ask = [was](const char* sql) {
      sqlite3_stmt* st = nullptr;
      REQUIRE(sqlite3_prepare_v2(was, sql, -1, &st, nullptr) == SQLITE_OK);
      REQUIRE(sqlite3_step(st) == SQLITE_ROW);
      const auto v = sqlite3_column_int64(st, 0);
      sqlite3_finalize(st);
      return v;
    };
    CHECK(ask("PRAGMA user_version") == 7);
    CHECK(ask("SELECT count(*) FROM accounts") == 2);
    CHECK(ask("SELECT count(*) FROM games") == 1);
    sqlite3_close(was);
  }
  auto c = s->load_catalog();
  REQUIRE(c.accounts.size() == 2);
  CHECK(account_of(c, 1).name == "ann");
  CHECK(account_of(c, 2).password_hash == "h2");
  CHECK_FALSE(account_of(c, 2).operator_account);
  CHECK(account_of(c, 2).banned_at == 0);
  CHECK(account_of(c, 2).ban_reason.empty());
  CHECK(c.tokens == std::vector<token_record>{{"t", 2, 77, 78}});
  REQUIRE(c.games.size() == 1);
  const auto& g = c.games[0];
  CHECK(g.id == 4);
  CHECK(g.seed == 5);
  CHECK(g.invited == std::vector<std::string>{"bob"});
  CHECK(g.watch == persistence::watch_policy::players);
  CHECK(g.clock == nlohmann::json{{"c", 1}});
  CHECK(g.extra.is_null());
  REQUIRE(g.seats.size() == 2);
  CHECK(g.seats[0].account_id == 1);
  CHECK(g.seats[1].bot);
  CHECK(c.vacations == std::vector<persistence::vacation_record>{{2, 100, 200}});
  CHECK(c.daily_secret.size() == 64);
  CHECK(is_lower_hex(c.daily_secret));
  CHECK(c.relations.empty());

  // The new tables take writes on the migrated file.
  CHECK(wait_for([&](auto d) { s->save_relation({2, 1, relation_kind::block, 5}, true, d); }) == "");
  CHECK(chat(*s, message(1, 4, 2, 6)) == "");
  CHECK(s->chat_count(4) == 1);
  c = s->load_catalog();
  CHECK(c.relations == std::vector<relation_record>{{2, 1, relation_kind::block, 5}});
  CHECK(c.max_chat_id == 1);
}

TEST_CASE("private messages: conversations newest first with unread counts, pages both ways, read marks, deletion",
          "[persistence][community][messages]") {
  using loyang::persistence::message_record;
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  const auto send = [](persistence::store& s, const message_record& m, std::vector<outbox_record> notes = {}) {
    return wait_for([&](auto d) { s.append_message(m, std::move(notes), d); });
  };
  {
    auto s = where.open();
    add_people(*s);
    // ada (1) and grace (2) write each other; linus (3) writes ada.
    REQUIRE(send(*s, {1, 1, 2, "hello grace", 1000}) == "");
    REQUIRE(send(*s, {2, 2, 1, "hello ada", 1001}) == "");
    REQUIRE(send(*s, {3, 3, 1, "hi ada, linus here", 1002}) == "");
    const outbox_record note{0, 1, "email", "message:a1:m4", "{\"event\":\"message\"}", 1003, 0, 1003};
    REQUIRE(send(*s, {4, 2, 1, "a rematch?", 1003}, {note}) == "");
    CHECK(s->queued_notifications() == 1);
    CHECK(send(*s, {4, 3, 1, "the same id", 1004}) == "storage_failed");
    // ada reads grace's messages up to 2: message 4 stays unread.
    REQUIRE(wait_for([&](auto d) { s->mark_messages_read(1, 2, 2, 1010, d); }) == "");
    moderation_record log = action(1, "delete_private_message", 1020);
    log.account = 3;
    log.message = 3;
    REQUIRE(wait_for([&](auto d) { s->delete_message(3, log, d); }) == "");
    CHECK(wait_for([&](auto d) { s->delete_message(99, action(2, "delete_private_message", 1021), d); }) ==
          "storage_failed");
  }
  auto s = where.open();
  const auto ada = s->load_conversations(1, 0, 10);
  REQUIRE(ada.size() == 2);
  CHECK(ada[0].other == 2);
  CHECK(ada[0].last.id == 4);
  CHECK(ada[0].unread == 1);
  CHECK(ada[1].other == 3);
  CHECK(ada[1].unread == 0);  // deleted: no longer unread
  CHECK(ada[1].last.deleted_by == 2);
  CHECK(ada[1].last.text == "hi ada, linus here");  // kept, marked deleted
  CHECK(s->load_conversations(1, 4, 10).size() == 1);  // below the newest id 4: linus's only
  CHECK(s->load_conversations(1, 0, 1).size() == 1);
  const auto grace = s->load_conversations(2, 0, 10);
  REQUIRE(grace.size() == 1);
  CHECK(grace[0].unread == 1);  // ada's "hello grace"; grace's own messages do not count
  CHECK(s->load_conversations(3, 0, 10).size() == 1);

  const auto page = s->load_messages(1, 2, 0, 10);
  REQUIRE(page.size() == 3);
  CHECK(page[0].id == 4);
  CHECK(page[2] == message_record{1, 1, 2, "hello grace", 1000});
  CHECK(page[1].read_at == 1010);
  CHECK(page[0].read_at == 0);
  CHECK(s->load_messages(2, 1, 4, 10).size() == 2);  // the same both ways, below 4
  CHECK(s->load_messages(1, 3, 0, 10).size() == 1);
  CHECK(s->load_messages(2, 3, 0, 10).empty());
  CHECK(s->load_message(2)->text == "hello ada");
  CHECK_FALSE(s->load_message(42));
  CHECK(s->unread_messages(1) == std::vector<std::pair<std::int64_t, std::int64_t>>{{2, 1}});
  CHECK(s->unread_messages(2) == std::vector<std::pair<std::int64_t, std::int64_t>>{{1, 1}});
  CHECK(s->load_catalog().max_message_id == 4);
  CHECK(s->load_moderation(0, 10).at(0).action == "delete_private_message");
  // A report of a private message keeps its id.
  report_record r;
  r.id = 7;
  r.reporter = 1;
  r.account = 3;
  r.reason = "spam";
  r.at = 1030;
  r.private_message = 3;
  REQUIRE(wait_for([&](auto d) { s->save_report(r, std::nullopt, d); }) == "");
  CHECK(s->load_reports(false, 0, 10).at(0) == r);
}

TEST_CASE("move times: the seconds each person takes to start a turn after another seat's command, summed",
          "[persistence][community][move_times]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  auto s = where.open();
  add_people(*s);
  live_game g(5, engine::options{2, engine::ruleset::yucata, false}, 11);
  g.record.seats[1].account_id = 3;
  g.record.seats[1].bot = false;
  g.save(*s);
  // Every command 7 s after the one before; a turn's first 100 s more for ada, 40 s for linus.
  std::int64_t at = 5000, seconds[2] = {0, 0}, moves[2] = {0, 0};
  int previous = -1;
  for (int i = 0; i < 60 && !g.finished(); ++i) {
    auto next = g.advance();
    auto& c = next.first;
    const auto& record = next.second;
    const bool handed = previous != -1 && c.player != previous;
    const std::int64_t gap = 7 + (handed ? (c.player == 0 ? 100 : 40) : 0);
    at += gap;
    c.at = at;
    if (handed) {
      seconds[c.player] += gap;
      ++moves[c.player];
    }
    previous = c.player;
    REQUIRE(wait_for([&](auto d) { s->append_command(c, record, g.state, d); }) == "");
  }
  REQUIRE(moves[0] > 0);
  REQUIRE(moves[1] > 0);
  const auto ada = s->load_move_times(1, 100);
  CHECK(ada.seconds == seconds[0]);
  CHECK(ada.moves == moves[0]);
  const auto linus = s->load_move_times(3, 100);
  CHECK(linus.seconds == seconds[1]);
  CHECK(linus.moves == moves[1]);
  CHECK(s->load_move_times(2, 100).moves == 0);  // grace sits nowhere
  CHECK(s->load_move_times(1, 0).moves == 0);    // no games looked at
}

TEST_CASE("tournaments are stored whole, each save only from the revision before it, and read back with "
          "the catalog and alone",
          "[persistence][community][tournaments]") {
  using loyang::persistence::tournament_record;
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  const auto save = [](persistence::store& s, const tournament_record& t) {
    return wait_for([&](auto d) { s.save_tournament(t, d); });
  };
  {
    auto s = where.open();
    add_people(*s);
    REQUIRE(save(*s, {3, "open", R"({"name":"Autumn cup"})", 500, 500, 1}) == "");
    REQUIRE(save(*s, {8, "open", R"({"name":"Swiss"})", 600, 600, 1}) == "");
    CHECK(save(*s, {8, "open", R"({"name":"Swiss again"})", 600, 600, 1}) == "storage_failed");  // its id taken
    // Replaced: the status and body change, the creation time stays.
    REQUIRE(save(*s, {3, "running", R"({"name":"Autumn cup","round":1})", 999, 700, 2}) == "");
    // Another node's change made from revision 1 too, or a revision skipped: refused, nothing written.
    CHECK(save(*s, {3, "cancelled", R"({"name":"Autumn cup"})", 500, 701, 2}) == "storage_failed");
    CHECK(save(*s, {3, "cancelled", R"({"name":"Autumn cup"})", 500, 701, 4}) == "storage_failed");
    CHECK(save(*s, {9, "paused", "{}", 800, 800, 1}) == "storage_failed");  // no such status
    CHECK(save(*s, {10, "open", "{}", 800, 800, 2}) == "storage_failed");   // never stored: revision 1 first
  }
  auto s = where.open();
  const auto c = s->load_catalog();
  REQUIRE(c.tournaments.size() == 2);
  const tournament_record autumn{3, "running", R"({"name":"Autumn cup","round":1})", 500, 700, 2};
  CHECK(c.tournaments[0] == autumn);
  CHECK(c.tournaments[1].id == 8);
  CHECK(c.tournaments[1].body == R"({"name":"Swiss"})");
  CHECK(c.max_tournament_id == 8);
  CHECK(s->load_tournament(3) == autumn);
  CHECK_FALSE(s->load_tournament(10).has_value());
}
