// The PostgreSQL store: queued_store on a PostgreSQL write connection and read connections.
#include "loyang/persistence/pg_store.hpp"

#include <unistd.h>

#include <random>
#include <utility>

#include "pg_listener.hpp"
#include "pg_reader.hpp"
#include "pg_schema.hpp"
#include "pg_writer.hpp"

namespace loyang::persistence {
namespace {

// Migrates on its own connection first, so the writer prepares against the current schema.
std::unique_ptr<pg::writer> migrated_writer(const std::string& url, const std::string& engine_version,
                                            const std::string& node, std::string& schema_note) {
  {
    pg::connection c(url);
    schema_note = pg::migrate(c);
  }
  return std::make_unique<pg::writer>(url, engine_version, node);
}

std::string node_or_default(std::string node) { return node.empty() ? default_node_name() : node; }

}  // namespace

pg_store::pg_store(const std::string& url, pg_store_options options)
    : pg_store(url, options, node_or_default(options.node), std::make_unique<std::string>()) {}

pg_store::pg_store(const std::string& url, const pg_store_options& options, std::string node,
                   std::unique_ptr<std::string> note)
    : queued_store(options, migrated_writer(url, options.engine_version, node, *note),
                   [url, node] { return std::make_unique<pg::reader>(url, node); }),
      url_(url),
      node_(std::move(node)),
      schema_note_(std::move(*note)) {}

pg_store::~pg_store() { pg_store::stop(); }

void pg_store::watch(watchers to) {
  if (!listener_) listener_ = std::make_shared<pg::listener>(url_, node_, std::move(to));
}

void pg_store::stop() {
  listener_.reset();
  queued_store::stop();
}

std::string default_node_name() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  std::string name(host);
  for (auto& ch : name) {
    if (ch == ' ') ch = '_';
  }
  std::random_device random;
  return (name.empty() ? "node" : name) + '-' + std::to_string(::getpid()) + '-' + std::to_string(random() % 100000);
}

std::unique_ptr<pg_store> make_pg_store(const std::string& url, pg_store_options options) {
  return std::make_unique<pg_store>(url, std::move(options));
}

int pg_schema_version(const std::string& url) {
  pg::connection c(url);
  return pg::schema_version(c);
}

}  // namespace loyang::persistence
