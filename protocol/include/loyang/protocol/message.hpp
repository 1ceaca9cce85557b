#pragma once
/// Turning the raw text of one client message into a JSON object, or a stable error.
///
/// A message is a JSON object with a non-empty string field "type", e.g.
/// `{"type":"hello","token":"..."}`. Anything else is refused with a parse_error whose code
/// is error_code::bad_json (not JSON at all) or error_code::bad_message (JSON, but not a
/// message). Nothing throws out of parse_message except std::bad_alloc.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string_view>

#include "loyang/protocol/parse_result.hpp"

namespace loyang::protocol {

/// How much nesting a message may have. Deeper documents are refused before they are
/// parsed, so a hostile client cannot make the server recurse deeply when it later walks or
/// serialises the value.
inline constexpr std::size_t max_message_depth = 32;

/// The message as a JSON object with a string "type", or why it is not one.
parsed<nlohmann::json> parse_message(std::string_view text);

/// The nesting depth of the JSON text: 0 for a scalar, 1 for `{}` or `[]`, and so on.
/// Brackets inside strings do not count. Meaningful for valid JSON; for invalid text it is
/// only an upper bound used to refuse early.
std::size_t json_depth(std::string_view text) noexcept;

}  // namespace loyang::protocol
