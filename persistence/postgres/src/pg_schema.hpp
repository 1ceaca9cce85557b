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

/// Applies the migrations the database has not had, in one transaction holding an advisory
/// lock (nodes starting together migrate one after the other; the later ones find nothing to
/// do). Throws persistence::error, also when the database's version is newer than this
/// program's.
void migrate(connection& c);

/// The schema version stored in the database (0: none yet). Throws persistence::error.
int schema_version(connection& c);

}  // namespace loyang::persistence::pg
