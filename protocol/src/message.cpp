#include "loyang/protocol/message.hpp"

#include <exception>
#include <string>

#include "loyang/protocol/error_envelope.hpp"

namespace loyang::protocol {
namespace {

parse_error error(std::string_view code, std::string message) {
  return parse_error{std::string(code), std::move(message)};
}

/// nlohmann's what() starts with "[json.exception.parse_error.101] "; the client needs only
/// the sentence after it.
std::string without_exception_prefix(const char* what) {
  std::string text(what);
  if (!text.empty() && text.front() == '[') {
    if (auto end = text.find("] "); end != std::string::npos) text.erase(0, end + 2);
  }
  return text;
}

}  // namespace

std::size_t json_depth(std::string_view text) noexcept {
  std::size_t depth = 0;
  std::size_t deepest = 0;
  bool in_string = false;
  bool escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    switch (c) {
      case '"':
        in_string = true;
        break;
      case '{':
      case '[':
        if (++depth > deepest) deepest = depth;
        break;
      case '}':
      case ']':
        if (depth > 0) --depth;
        break;
      default:
        break;
    }
  }
  return deepest;
}

parsed<nlohmann::json> parse_message(std::string_view text) {
  if (json_depth(text) > max_message_depth) {
    return error(error_code::bad_json,
                 "JSON nested deeper than " + std::to_string(max_message_depth) + " levels");
  }
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    return error(error_code::bad_json, without_exception_prefix(e.what()));
  }
  if (!j.is_object()) {
    return error(error_code::bad_message,
                 std::string("a message must be a JSON object, not ") + j.type_name());
  }
  const auto type = j.find("type");
  if (type == j.end()) return error(error_code::bad_message, "a message needs a \"type\" field");
  if (!type->is_string() || type->get_ref<const std::string&>().empty()) {
    return error(error_code::bad_message, "field \"type\" must be a non-empty string");
  }
  return j;
}

}  // namespace loyang::protocol
