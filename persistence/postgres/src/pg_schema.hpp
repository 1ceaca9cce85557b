#pragma once
// Internal: the PostgreSQL schema's migrations (pg_store.hpp says the rules).
#include <span>
#include <string_view>

#include "pg_connection.hpp"

namespace loyang::persistence::pg {

/// The SQL of each migration; migration i (from 1) is element i-1.
std::span<const std::string_view> schema_migrations();

/// The schema version this program writes.
int latest_schema();

/// Whether migration `version` contracts the schema (drops or changes what the program before
/// it reads or writes); the others only add (tests/postgres/pg_release_test.cpp checks that).
bool contracts_schema(int version);

/// The oldest program schema that runs on a database at `version` (<= latest_schema()): the
/// newest contraction up to it, else 1.
int compatible_from_for(int version);

/// Applies the migrations the database has not had, in one transaction holding an advisory
/// lock (nodes starting together migrate one after the other; the later ones find nothing to
/// do), and records the oldest program schema that may run on the result (compatible_from).
/// A database a newer program migrated is left as it is: returns a sentence for the log when
/// this program may run on it (its newer migrations only add), else throws. Returns "" when the
/// schema is this program's. Throws persistence::error.
std::string migrate(connection& c);

/// The schema version stored in the database (0: none yet). Throws persistence::error.
int schema_version(connection& c);

}  // namespace loyang::persistence::pg
