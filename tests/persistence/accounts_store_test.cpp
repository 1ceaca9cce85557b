// The stores' side of accounts (issue 19): token last use and password changes are durable
// (SQLite and PostgreSQL), and SQLite's migration 2 folds names that differ only in case.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <algorithm>

#include "loyang/persistence/database.hpp"
#include "loyang/persistence/migrations.hpp"
#include "store_fixture.hpp"
#include "temp_dir.hpp"

using namespace loyang::test;
using loyang::persistence::make_sqlite_store;
using loyang::persistence::token_record;

namespace {

std::vector<token_record> sorted_tokens(loyang::persistence::store& s) {
  auto tokens = s.load_catalog().tokens;
  std::sort(tokens.begin(), tokens.end());
  return tokens;
}

void exec_raw(sqlite3* db, const std::string& sql) {
  char* message = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
  INFO(sql << ": " << (message ? message : ""));
  sqlite3_free(message);
  REQUIRE(rc == SQLITE_OK);
}

}  // namespace

TEST_CASE("a token's last use survives a reopen, and never goes back", "[persistence][accounts]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  {
    auto s = where.open();
    add_creator(*s);
    CHECK(wait_for([&](auto d) { s->save_token("t1", 1, 200, d); }) == "");
    CHECK(wait_for([&](auto d) { s->touch_token("t1", 5000, d); }) == "");
    CHECK(wait_for([&](auto d) { s->touch_token("t1", 4000, d); }) == "");  // late, older
  }
  auto s = where.open();
  CHECK(sorted_tokens(*s) == std::vector<token_record>{{"t1", 1, 200, 5000}});
}

TEST_CASE("a password change stores the new hash and revokes the account's other tokens",
          "[persistence][accounts]") {
  store_backing where(GENERATE(store_kind::sqlite, store_kind::postgres));
  if (!where.available()) return;
  {
    auto s = where.open();
    add_creator(*s);
    CHECK(wait_for([&](auto d) { s->save_account({2, "grace", "hash-grace", 101}, d); }) == "");
    CHECK(wait_for([&](auto d) { s->save_token("keep", 1, 200, d); }) == "");
    CHECK(wait_for([&](auto d) { s->save_token("other", 1, 201, d); }) == "");
    CHECK(wait_for([&](auto d) { s->save_token("grace", 2, 202, d); }) == "");
    CHECK(wait_for([&](auto d) { s->change_password(1, "new-hash", "keep", d); }) == "");
    // No such account: refused, nothing changed.
    CHECK(wait_for([&](auto d) { s->change_password(99, "x", "", d); }) != "");
  }
  auto s = where.open();
  const auto catalog = s->load_catalog();
  REQUIRE(catalog.accounts.size() == 2);
  CHECK(catalog.accounts[0].password_hash == "new-hash");
  CHECK(catalog.accounts[1].password_hash == "hash-grace");
  CHECK(sorted_tokens(*s) ==
        std::vector<token_record>{{"grace", 2, 202, 202}, {"keep", 1, 200, 200}});
}

TEST_CASE("migrating a version-1 database with ann and ANN keeps ann, renames ANN, and refuses "
          "a third spelling",
          "[persistence][migrations][accounts]") {
  temp_dir tmp;
  const auto file = tmp.path() / "loyang.db";
  {
    sqlite3* raw = nullptr;
    REQUIRE(sqlite3_open(file.c_str(), &raw) == SQLITE_OK);
    exec_raw(raw, std::string(loyang::persistence::migrations()[0]));
    exec_raw(raw, "PRAGMA user_version = 1");
    exec_raw(raw,
             "INSERT INTO accounts(id, name, password_hash, created_at) VALUES "
             "(1, 'ann', 'h1', 10), (2, 'ANN', 'h2', 20), (3, 'bob', 'h3', 30);"
             "INSERT INTO tokens(token_hash, account_id, created_at) VALUES ('t', 2, 77);"
             "INSERT INTO games(id, options, seed, status, creator, invited, engine_version, "
             "created_at, updated_at) VALUES (1, '{\"players\":3}', 0, 'open', 3, "
             "'[\"ANN\",\"ann\"]', 'x', 1, 1)");
    sqlite3_close(raw);
  }
  {
    auto db = loyang::persistence::database::open_in(tmp.path());
    CHECK(db.user_version() == loyang::persistence::latest_schema_version());
    // A third spelling is refused by the index.
    CHECK_THROWS(db.exec("INSERT INTO accounts(name, password_hash, created_at) VALUES ('aNn', 'h', 1)"));
  }
  auto s = make_sqlite_store(tmp.path());
  const auto catalog = s->load_catalog();
  REQUIRE(catalog.accounts.size() == 3);
  CHECK(catalog.accounts[0].name == "ann");    // the older keeps its name
  CHECK(catalog.accounts[1].name == "ANN~2");  // the later one is renamed, its login kept
  CHECK(catalog.accounts[2].name == "bob");
  // Its token lives on, last used when it was made.
  CHECK(catalog.tokens == std::vector<token_record>{{"t", 2, 77, 77}});
  // Its invitations follow it; the other spelling's stay.
  REQUIRE(catalog.games.size() == 1);
  CHECK(catalog.games[0].invited == std::vector<std::string>{"ANN~2", "ann"});
}
