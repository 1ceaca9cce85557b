#pragma once
// Internal: the protocol's documents as the build found them (cmake/embed_files.cmake writes
// the definition): protocol/openapi.json, protocol/asyncapi.json and protocol/schema/*.json,
// byte for byte, named by their paths under protocol/.
#include <span>
#include <string_view>

namespace loyang::server::api_docs {

struct embedded_file {
  std::string_view name;  ///< "openapi.json", "asyncapi.json", "schema/view.schema.json", ...
  std::string_view text;  ///< its bytes (UTF-8 JSON, checked by the protocol's lint tests)
};

/// Every embedded document.
std::span<const embedded_file> embedded_files();

}  // namespace loyang::server::api_docs
