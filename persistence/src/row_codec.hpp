#pragma once
// Internal: how records' fields are written into columns and read back (JSON lists, status
// names, 64-bit values as signed INTEGERs).
#include <cstdint>
#include <optional>
#include <string>

#include "loyang/persistence/records.hpp"

namespace loyang::persistence::detail {

/// The bit pattern of an unsigned 64-bit value in a signed INTEGER column, and back.
inline std::int64_t to_column(std::uint64_t x) { return static_cast<std::int64_t>(x); }
inline std::uint64_t from_column(std::int64_t x) { return static_cast<std::uint64_t>(x); }

/// The status named `name`; throws persistence::error for an unknown name.
game_status parse_status(const std::string& name);

/// The watch policy named `name`; throws persistence::error for an unknown name.
watch_policy parse_watch(const std::string& name);

/// The relation kind named `name` (relation_name's inverse); throws persistence::error for an
/// unknown name.
relation_kind parse_relation(const std::string& name);

std::string options_text(const engine::options& o);
/// Throws persistence::error when the stored options do not parse.
engine::options parse_options_text(const std::string& text, std::int64_t game);

std::string to_act_text(const std::vector<engine::player_id>& to_act);
std::vector<engine::player_id> parse_to_act(const std::string& text);

std::string invited_text(const std::vector<std::string>& invited);
std::vector<std::string> parse_invited(const std::string& text);

/// A JSON column: NULL (nullopt) for null (a result not yet known, no clock), else the text.
std::optional<std::string> nullable_json_text(const nlohmann::json& result);
nlohmann::json parse_json(const std::string& text);

}  // namespace loyang::persistence::detail
