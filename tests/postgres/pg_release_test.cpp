// Upgrades and rollbacks on PostgreSQL (docs/scale-out.md, "Operating"): during a rolling upgrade,
// and after a rollback, the previous release runs on the new schema. Two checks keep that true:
// every migration not marked as a contraction only adds to the schema (each column the schema
// had keeps its type; each new column of a table it had is nullable or has a default), and every statement the
// previous release prepares (its snapshot, tests/postgres/release/statements.sql) prepares on
// this schema.
//
// At a release, its own snapshot replaces the previous one:
//   build/debug/tests/postgres/pg_store_tests "[.write-release-snapshot]"
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "pg_connection.hpp"
#include "pg_reader.hpp"
#include "pg_schema.hpp"
#include "pg_writer.hpp"
#include "store_fixture.hpp"

using namespace loyang::test;
namespace pg = loyang::persistence::pg;

namespace {

const std::string snapshot_file = std::string(LOYANG_RELEASE_SNAPSHOT_DIR) + "/statements.sql";

struct snapshot {
  int schema = 0;
  std::vector<std::pair<std::string, std::string>> statements;  // (name, sql)
};

// "-- schema N" once, then "-- statement NAME" before each statement's lines.
snapshot read_snapshot() {
  std::ifstream in(snapshot_file);
  REQUIRE(in.good());
  snapshot out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("-- schema ", 0) == 0) {
      out.schema = std::stoi(line.substr(10));
    } else if (line.rfind("-- statement ", 0) == 0) {
      out.statements.push_back({line.substr(13), ""});
    } else if (!line.empty() && line.rfind("--", 0) != 0 && !out.statements.empty()) {
      auto& sql = out.statements.back().second;
      sql += (sql.empty() ? "" : "\n") + line;
    }
  }
  return out;
}

// table.column -> "type, nullable or with a default" of every column in the schema.
struct column {
  std::string type;
  bool optional = false;  // nullable or with a default: an older program's INSERT may leave it out
};
std::map<std::string, column> columns_of(pg::connection& c) {
  std::map<std::string, column> out;
  const auto r = c.query(
      "SELECT table_name || '.' || column_name, data_type, is_nullable = 'YES' OR column_default IS NOT NULL "
      "OR is_identity = 'YES' FROM information_schema.columns WHERE table_schema = current_schema() "
      "AND table_name <> 'loyang_schema'");
  for (int i = 0; i < r.rows(); ++i) out[std::string(r.text(i, 0))] = {std::string(r.text(i, 1)), r.text(i, 2) == "t"};
  return out;
}

}  // namespace

TEST_CASE("every migration but a declared contraction only adds: the previous release runs on its schema",
          "[postgres][migrations]") {
  store_backing where(store_kind::postgres);
  pg::connection c(where.url());
  const auto migrations = pg::schema_migrations();
  std::map<std::string, column> before;
  for (int version = 1; version <= pg::latest_schema(); ++version) {
    c.exec(std::string(migrations[static_cast<std::size_t>(version - 1)]));
    auto after = columns_of(c);
    INFO("migration " << version);
    if (version > 1 && !pg::contracts_schema(version)) {
      for (const auto& [name, was] : before) {
        INFO(name);
        REQUIRE(after.count(name) == 1);  // not dropped nor renamed
        CHECK(after[name].type == was.type);
      }
      std::set<std::string> old_tables;
      for (const auto& [name, was] : before) old_tables.insert(name.substr(0, name.find('.')));
      for (const auto& [name, now] : after) {
        INFO(name);
        // A new column of a table the previous release writes: its INSERTs leave it out.
        if (before.count(name) == 0 && old_tables.count(name.substr(0, name.find('.'))) == 1) CHECK(now.optional);
      }
    }
    before = std::move(after);
  }
  CHECK(pg::compatible_from_for(pg::latest_schema()) == 1);  // no contraction yet
}

TEST_CASE("the previous release's statements prepare on this schema", "[postgres][migrations]") {
  const auto previous = read_snapshot();
  REQUIRE(previous.schema >= 1);
  REQUIRE(previous.schema <= pg::latest_schema());
  REQUIRE(previous.statements.size() > 40);
  if (pg::compatible_from_for(pg::latest_schema()) > previous.schema) {
    WARN("a migration since schema " << previous.schema << " contracted the schema: that release cannot run on it");
    return;
  }
  store_backing where(store_kind::postgres);
  where.open()->stop();  // migrated to this program's schema
  pg::connection c(where.url());
  for (const auto& [name, sql] : previous.statements) {
    INFO(name << ": " << sql);
    CHECK_NOTHROW(c.prepare("previous_" + name, sql));
  }
}

TEST_CASE("write this release's statements as the snapshot the next release checks", "[.write-release-snapshot]") {
  std::ofstream out(snapshot_file);
  REQUIRE(out.good());
  out << "-- The statements the PostgreSQL store prepares, as of the release that wrote this file: the\n"
         "-- next release checks that they all prepare on its schema (tests/postgres/pg_release_test.cpp).\n"
         "-- Written by pg_store_tests \"[.write-release-snapshot]\" at a release; not edited by hand.\n"
      << "-- schema " << pg::latest_schema() << "\n";
  for (const auto& s : pg::writer_statements()) out << "-- statement writer." << s.name << "\n" << s.sql << "\n";
  for (const auto& s : pg::reader_statements()) out << "-- statement reader." << s.name << "\n" << s.sql << "\n";
  REQUIRE(out.good());
}
