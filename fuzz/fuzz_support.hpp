#pragma once
// Shared by the fuzz targets: reading the fuzzer's bytes as the server reads JSON, and
// reporting a broken property as a crash libFuzzer records.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "loyang/protocol/message.hpp"

namespace loyang::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// The bytes as JSON, when they are JSON the server would accept from a client (depth limited
/// as protocol::parse_message does); otherwise nullopt.
inline std::optional<nlohmann::json> read_json(std::string_view text) {
  if (protocol::json_depth(text) > protocol::max_message_depth) return std::nullopt;
  auto j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return std::nullopt;
  return j;
}

/// Stops the run with the broken property: libFuzzer saves the input as a crash.
[[noreturn]] inline void broken(const std::string& property) {
  std::fprintf(stderr, "fuzz property broken: %s\n", property.c_str());
  std::abort();
}

inline void require(bool holds, const std::string& property) {
  if (!holds) broken(property);
}

}  // namespace loyang::fuzz
