#pragma once
/// The command-line values the `loyang` subcommands share (simulate, arena).
#include <charconv>
#include <optional>
#include <string>

#include "loyang/engine/types.hpp"

namespace loyang::tools {

/// The whole of `text` as a number of type Int; nullopt for anything else (empty, signs where
/// Int has none, trailing characters, out of range).
template <class Int>
std::optional<Int> to_number(const std::string& text) {
  Int v{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return v;
}

/// "yucata" or "original"; nullopt for another name.
inline std::optional<engine::ruleset> ruleset_named(const std::string& name) {
  if (name == "yucata") return engine::ruleset::yucata;
  if (name == "original") return engine::ruleset::original;
  return std::nullopt;
}

}  // namespace loyang::tools
