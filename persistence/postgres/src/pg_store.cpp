// The PostgreSQL store: queued_store on a PostgreSQL write connection and read connections.
#include "loyang/persistence/pg_store.hpp"

#include <utility>

#include "pg_reader.hpp"
#include "pg_schema.hpp"
#include "pg_writer.hpp"

namespace loyang::persistence {
namespace {

// Migrates on its own connection first, so the writer prepares against the current schema.
std::unique_ptr<pg::writer> migrated_writer(const std::string& url, const std::string& engine_version) {
  {
    pg::connection c(url);
    pg::migrate(c);
  }
  return std::make_unique<pg::writer>(url, engine_version);
}

}  // namespace

pg_store::pg_store(const std::string& url, pg_store_options options)
    : queued_store(options, migrated_writer(url, options.engine_version),
                   [url] { return std::make_unique<pg::reader>(url); }) {}

pg_store::~pg_store() { pg_store::stop(); }

std::unique_ptr<pg_store> make_pg_store(const std::string& url, pg_store_options options) {
  return std::make_unique<pg_store>(url, std::move(options));
}

int pg_schema_version(const std::string& url) {
  pg::connection c(url);
  return pg::schema_version(c);
}

}  // namespace loyang::persistence
