// RFC 6902 diff and patch. The diff walks both documents once (nlohmann's json::diff compares
// whole subtrees again at every level, which made it the server's largest cost per command).
#include "loyang/protocol/patch.hpp"

#include <string>

namespace loyang::protocol {
namespace {

using nlohmann::json;

// RFC 6901: '~' and '/' in a key are escaped in a pointer.
std::string pointer_token(const std::string& key) {
  std::string out;
  out.reserve(key.size());
  for (const char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

void op(json& ops, const char* name, const std::string& path) {
  ops.push_back({{"op", name}, {"path", path}});
}
void op(json& ops, const char* name, const std::string& path, const json& value) {
  ops.push_back({{"op", name}, {"path", path}, {"value", value}});
}

void diff_into(const json& from, const json& to, const std::string& path, json& ops) {
  if (from.type() != to.type()) return op(ops, "replace", path, to);
  if (from.is_object()) {
    for (auto it = from.begin(); it != from.end(); ++it) {
      const auto there = to.find(it.key());
      const auto at = path + '/' + pointer_token(it.key());
      if (there == to.end()) {
        op(ops, "remove", at);
      } else {
        diff_into(*it, *there, at, ops);
      }
    }
    for (auto it = to.begin(); it != to.end(); ++it) {
      if (!from.contains(it.key())) op(ops, "add", path + '/' + pointer_token(it.key()), *it);
    }
    return;
  }
  if (from.is_array()) {
    const std::size_t common = std::min(from.size(), to.size());
    for (std::size_t i = 0; i < common; ++i) diff_into(from[i], to[i], path + '/' + std::to_string(i), ops);
    // Removals from the end backwards, so each index is still valid when applied.
    for (std::size_t i = from.size(); i > to.size(); --i) op(ops, "remove", path + '/' + std::to_string(i - 1));
    for (std::size_t i = from.size(); i < to.size(); ++i) op(ops, "add", path + '/' + std::to_string(i), to[i]);
    return;
  }
  if (from != to) op(ops, "replace", path, to);
}

}  // namespace

nlohmann::json diff(const nlohmann::json& from, const nlohmann::json& to) {
  auto ops = nlohmann::json::array();
  diff_into(from, to, "", ops);
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
