#pragma once
/// The one shape every error takes on the wire, over HTTP and WebSocket alike:
///
///     {"error":{"code":"bad_json","message":"..."}}
///
/// `code` is stable and meant for programs (snake_case, never reworded); `message` is a
/// sentence for a human and may change between versions.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace loyang::protocol {

/// Stable error codes shared by the transports. Layers may add their own codes; these are
/// the ones the protocol layer itself produces.
namespace error_code {
/// The text is not valid JSON (syntax, bad UTF-8, or nested too deeply).
inline constexpr std::string_view bad_json = "bad_json";
/// Valid JSON, but not a message: not an object, or no string "type".
inline constexpr std::string_view bad_message = "bad_message";
/// No such resource (HTTP 404).
inline constexpr std::string_view not_found = "not_found";
/// The HTTP method is not supported for the target (HTTP 405).
inline constexpr std::string_view method_not_allowed = "method_not_allowed";
/// The request itself is malformed (HTTP 400).
inline constexpr std::string_view bad_request = "bad_request";
/// Something failed on the server's side (HTTP 500).
inline constexpr std::string_view internal = "internal";
}  // namespace error_code

/// `{"error":{"code":code,"message":message}}`. Invalid UTF-8 in either string is replaced
/// when the envelope is serialised with error_text(), so building one never fails.
nlohmann::json error_envelope(std::string_view code, std::string_view message);

/// error_envelope() serialised to compact JSON text; never throws on bad UTF-8 (invalid
/// bytes become U+FFFD).
std::string error_text(std::string_view code, std::string_view message);

}  // namespace loyang::protocol
