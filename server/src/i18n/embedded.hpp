#pragma once
// Internal: the files of web/i18n as the build found them (cmake/embed_files.cmake writes the
// definition): languages.json and each <code>.json, byte for byte.
#include <span>
#include <string_view>

namespace loyang::server::i18n {

struct embedded_file {
  std::string_view name;  ///< the file's name: "languages.json", "fr.json", ...
  std::string_view text;  ///< its bytes (UTF-8 JSON, unchecked)
};

/// Every embedded file, in the order of their names.
std::span<const embedded_file> embedded_files();

}  // namespace loyang::server::i18n
