#include "loyang/protocol/error_envelope.hpp"

namespace loyang::protocol {

nlohmann::json error_envelope(std::string_view code, std::string_view message) {
  return {{"error", {{"code", std::string(code)}, {"message", std::string(message)}}}};
}

std::string error_text(std::string_view code, std::string_view message) {
  return error_envelope(code, message).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace loyang::protocol
