// RFC 6902 diff and patch. The diff walks both documents once, merging objects' sorted keys,
// and builds a path only where it emits an operation (nlohmann's json::diff compares whole
// subtrees again at every level, which made it the server's largest cost per command).
#include "loyang/protocol/patch.hpp"

#include <string>

#include "patch_walk.hpp"

namespace loyang::protocol {

nlohmann::json diff(const nlohmann::json& from, const nlohmann::json& to) {
  auto ops = nlohmann::json::array();
  detail::walk_diff(from, to, "", [&ops](const char* name, const std::string& path,
                                         const nlohmann::json* value) {
    nlohmann::json o{{"op", name}, {"path", path}};
    if (value) o["value"] = *value;
    ops.push_back(std::move(o));
  });
  return ops;
}

parsed<nlohmann::json> apply_patch(const nlohmann::json& doc, const nlohmann::json& patch) {
  try {
    return doc.patch(patch);
  } catch (const nlohmann::json::exception& e) {
    return parse_error{"bad_patch", e.what()};
  }
}

}  // namespace loyang::protocol
