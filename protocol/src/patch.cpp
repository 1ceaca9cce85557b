// RFC 6902 diff and patch, through nlohmann::json.
#include "loyang/protocol/patch.hpp"

namespace loyang::protocol {

nlohmann::json diff(const nlohmann::json& from, const nlohmann::json& to) {
  return nlohmann::json::diff(from, to);
}

parsed<nlohmann::json> apply_patch(const nlohmann::json& doc, const nlohmann::json& patch) {
  try {
    return doc.patch(patch);
  } catch (const nlohmann::json::exception& e) {
    return parse_error{"bad_patch", e.what()};
  }
}

}  // namespace loyang::protocol
