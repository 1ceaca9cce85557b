// The database wrappers and the schema migrations, each test on its own temporary file.
#include <catch2/catch.hpp>
#include <cstddef>
#include <fstream>
#include <optional>
#include <set>
#include <sqlite3.h>
#include <string>
#include <vector>

#include "loyang/persistence/database.hpp"
#include "loyang/persistence/migrations.hpp"
#include "loyang/persistence/transaction.hpp"
#include "temp_dir.hpp"

using loyang::persistence::database;
using loyang::persistence::latest_schema_version;
using loyang::persistence::statement;
using loyang::persistence::transaction;
namespace persistence = loyang::persistence;
using loyang::test::temp_dir;

namespace {

std::set<std::string> table_names(database& db) {
  std::set<std::string> names;
  auto s = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'");
  while (s.step()) names.insert(s.column_text(0));
  return names;
}

std::string pragma_text(database& db, const std::string& pragma) {
  auto s = db.prepare("PRAGMA " + pragma);
  REQUIRE(s.step());
  return s.column_text(0);
}

void write_file(const std::filesystem::path& file, const std::string& bytes) {
  std::ofstream out(file, std::ios::binary);
  out << bytes;
}

std::int64_t count_rows(database& db, const std::string& table) {
  auto s = db.prepare("SELECT count(*) FROM " + table);
  REQUIRE(s.step());
  return s.column_int64(0);
}

/// The message of the persistence::error `f` throws; fails the test when it throws nothing
/// or something else.
template <class F>
std::string error_of(F f) {
  try {
    f();
  } catch (const persistence::error& e) {
    return e.what();
  }
  FAIL("no persistence::error was thrown");
  return {};
}

}  // namespace

TEST_CASE("opening creates the data directory and migrates an empty file",
          "[persistence][migrations]") {
  temp_dir tmp;
  const auto data = tmp.path() / "nested" / "data";
  database db = database::open_in(data);
  CHECK(std::filesystem::exists(data / "loyang.db"));
  CHECK(db.file() == data / "loyang.db");
  CHECK(db.user_version() == latest_schema_version());
  CHECK(latest_schema_version() >= 1);
  CHECK(db.pre_migration_copy().empty());  // a new file has nothing to go back to
  for (const auto& f : std::filesystem::directory_iterator(data)) {
    CHECK(f.path().filename().string().find(".pre-v") == std::string::npos);
  }
  const auto tables = table_names(db);
  for (const char* t : {"accounts", "tokens", "games", "seats", "commands", "snapshots"}) {
    INFO("table " << t);
    CHECK(tables.count(t) == 1);
  }
}

TEST_CASE("the connection uses WAL, synchronous FULL and foreign keys", "[persistence]") {
  temp_dir tmp;
  database db = database::open_in(tmp.path());
  CHECK(pragma_text(db, "journal_mode") == "wal");
  CHECK(pragma_text(db, "synchronous") == "2");  // FULL
  CHECK(pragma_text(db, "foreign_keys") == "1");
  CHECK(pragma_text(db, "busy_timeout") == "5000");
}

TEST_CASE("an already-empty file is migrated too", "[persistence][migrations]") {
  temp_dir tmp;
  write_file(tmp.path() / "loyang.db", "");
  database db = database::open_in(tmp.path());
  CHECK(db.user_version() == latest_schema_version());
}

TEST_CASE("reopening a migrated database is idempotent and keeps the data",
          "[persistence][migrations]") {
  temp_dir tmp;
  {
    database db = database::open_in(tmp.path());
    db.prepare("INSERT INTO accounts(name, password_hash, created_at) VALUES (?, ?, ?)")
        .bind(1, "ada")
        .bind(2, "hash")
        .bind(3, std::int64_t{1700000000000})
        .run();
    CHECK(db.last_insert_rowid() == 1);
  }
  for (int i = 0; i < 3; ++i) {
    database db = database::open_in(tmp.path());
    CHECK(db.user_version() == latest_schema_version());
    CHECK(count_rows(db, "accounts") == 1);
  }
}

TEST_CASE("a database from a newer schema is refused", "[persistence][migrations]") {
  temp_dir tmp;
  {
    database db = database::open_in(tmp.path());
    db.exec("PRAGMA user_version = " + std::to_string(latest_schema_version() + 1));
  }
  const std::string message = error_of([&] { database::open_in(tmp.path()); });
  CHECK(message.find("newer") != std::string::npos);
  CHECK(message.find("loyang.db") != std::string::npos);
}

TEST_CASE("a file that is not a SQLite database is refused", "[persistence]") {
  temp_dir tmp;
  std::string garbage = "this is not a database, it is a text file of some length. ";
  while (garbage.size() < 4096) garbage += garbage;
  write_file(tmp.path() / "loyang.db", garbage);
  persistence::error caught("none");
  try {
    database::open_in(tmp.path());
    FAIL("garbage file opened");
  } catch (const persistence::error& e) {
    caught = e;
  }
  CHECK(caught.sqlite_code() == SQLITE_NOTADB);
  CHECK(std::string(caught.what()).find("not a database") != std::string::npos);
}

TEST_CASE("a data directory that cannot be created is refused", "[persistence]") {
  temp_dir tmp;
  write_file(tmp.path() / "file", "x");
  const std::string message = error_of([&] { database::open_in(tmp.path() / "file" / "data"); });
  CHECK(message.find("data directory") != std::string::npos);
}

TEST_CASE("a transaction rolls back unless committed", "[persistence][transaction]") {
  temp_dir tmp;
  database db = database::open_in(tmp.path());
  auto insert = db.prepare("INSERT INTO accounts(name, password_hash, created_at) VALUES (?, 'h', 0)");

  {
    transaction t(db);
    insert.bind(1, "rolled-back").run();
    CHECK(count_rows(db, "accounts") == 1);  // visible inside the transaction
  }
  CHECK(count_rows(db, "accounts") == 0);

  try {
    transaction t(db);
    insert.bind(1, "thrown").run();
    throw std::runtime_error("boom");
  } catch (const std::runtime_error&) {
  }
  CHECK(count_rows(db, "accounts") == 0);

  {
    transaction t(db);
    insert.bind(1, "kept").run();
    t.commit();
    CHECK(t.committed());
  }
  CHECK(count_rows(db, "accounts") == 1);

  // A new transaction can start after each of the above: none was left open.
  transaction t(db);
  t.commit();
  CHECK_THROWS_AS(t.commit(), persistence::error);
}

TEST_CASE("constraint violations surface as persistence::error", "[persistence][statement]") {
  temp_dir tmp;
  database db = database::open_in(tmp.path());
  auto insert = db.prepare("INSERT INTO accounts(name, password_hash, created_at) VALUES (?, 'h', 0)");
  insert.bind(1, "ada").run();
  try {
    insert.bind(1, "ada").run();
    FAIL("duplicate name accepted");
  } catch (const persistence::error& e) {
    CHECK(e.sqlite_code() == SQLITE_CONSTRAINT_UNIQUE);
    CHECK(std::string(e.what()).find("UNIQUE") != std::string::npos);
  }
  // The statement is usable again after the failure.
  insert.bind(1, "grace").run();
  CHECK(count_rows(db, "accounts") == 2);

  // Foreign keys are enforced.
  CHECK_THROWS_AS(db.exec("INSERT INTO tokens(token_hash, account_id, created_at) VALUES ('t', 99, 0)"),
                  persistence::error);
  CHECK_THROWS_AS(db.prepare("SELECT * FROM no_such_table"), persistence::error);
  CHECK_THROWS_AS(db.prepare("SELECT 1; SELECT 2"), persistence::error);
}

TEST_CASE("a statement binds, steps, reads columns and is reusable", "[persistence][statement]") {
  temp_dir tmp;
  database db = database::open_in(tmp.path());
  db.exec(R"(INSERT INTO games(options, seed, status, engine_version, created_at, updated_at)
             VALUES ('{}', -1, 'active', '1', 0, 0))");
  const std::int64_t game = db.last_insert_rowid();

  auto insert = db.prepare("INSERT INTO snapshots(game_id, version, state, state_hash) VALUES (?, ?, ?, ?)");
  const std::vector<std::byte> state{std::byte{0}, std::byte{1}, std::byte{0xff}};
  for (int version = 0; version < 3; ++version) {
    insert.bind(1, game).bind(2, version).bind(3, std::span<const std::byte>(state)).bind(4, std::int64_t{-42});
    insert.run();
    CHECK(db.changes() == 1);
  }
  insert.bind(1, game).bind(2, 3).bind(3, std::span<const std::byte>()).bind(4, 0);
  insert.run();

  auto select = db.prepare("SELECT version, state, state_hash, NULL, 2.5 FROM snapshots WHERE game_id = ? ORDER BY version");
  select.bind(1, game);
  std::vector<std::int64_t> versions;
  while (select.step()) {
    CHECK(select.column_count() == 5);
    versions.push_back(select.column_int64(0));
    if (select.column_int64(0) < 3) {
      CHECK(select.column_blob(1) == state);
      CHECK(select.column_int64(2) == -42);
    } else {
      CHECK(select.column_blob(1).empty());
      CHECK_FALSE(select.column_is_null(1));  // an empty blob, not NULL
    }
    CHECK(select.column_is_null(3));
    CHECK(select.column_text(3).empty());
    CHECK(select.column_double(4) == 2.5);
  }
  CHECK(versions == std::vector<std::int64_t>{0, 1, 2, 3});

  // Reset keeps the bindings: the same query runs again.
  select.reset();
  int rows = 0;
  while (select.step()) ++rows;
  CHECK(rows == 4);

  // The seed's bit pattern round-trips.
  auto seed = db.prepare("SELECT seed FROM games WHERE id = ?");
  seed.bind(1, game);
  REQUIRE(seed.step());
  CHECK(static_cast<std::uint64_t>(seed.column_int64(0)) == 0xffffffffffffffffULL);
}

TEST_CASE("a moved database keeps working and the source is empty", "[persistence]") {
  temp_dir tmp;
  database a = database::open_in(tmp.path());
  database b = std::move(a);
  CHECK(a.handle() == nullptr);  // NOLINT(bugprone-use-after-move): checking the moved-from state
  CHECK(b.user_version() == latest_schema_version());
  a = std::move(b);
  CHECK(a.user_version() == latest_schema_version());
}

TEST_CASE("migrations are numbered from 1 and user_version counts them", "[persistence][migrations]") {
  CHECK(static_cast<int>(persistence::migrations().size()) == latest_schema_version());
  for (auto sql : persistence::migrations()) CHECK_FALSE(sql.empty());
}
