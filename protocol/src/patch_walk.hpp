#pragma once
// Internal: the diff walk behind diff() and the view patcher. It calls
// emit(op name, JSON pointer, value or nullptr) for each RFC 6902 operation, in an order that
// applies cleanly (array removals from the end backwards).
#include <nlohmann/json.hpp>

#include <string>

namespace loyang::protocol::detail {

// RFC 6901: '~' and '/' in a key are escaped in a pointer.
inline void append_pointer_token(std::string& path, const std::string& key) {
  path += '/';
  for (const char c : key) {
    if (c == '~') {
      path += "~0";
    } else if (c == '/') {
      path += "~1";
    } else {
      path += c;
    }
  }
}

template <class Emit>
class diff_walker {
 public:
  diff_walker(std::string prefix, Emit& emit) : path_(std::move(prefix)), emit_(emit) {}

  void walk(const nlohmann::json& from, const nlohmann::json& to) {
    if (from.type() != to.type()) return emit_("replace", path_, &to);
    if (from.is_object()) return walk_object(from.get_ref<const nlohmann::json::object_t&>(),
                                             to.get_ref<const nlohmann::json::object_t&>());
    if (from.is_array()) return walk_array(from.get_ref<const nlohmann::json::array_t&>(),
                                           to.get_ref<const nlohmann::json::array_t&>());
    if (from != to) emit_("replace", path_, &to);
  }

 private:
  void walk_object(const nlohmann::json::object_t& from, const nlohmann::json::object_t& to) {
    const auto length = path_.size();
    auto a = from.begin();
    auto b = to.begin();
    while (a != from.end() || b != to.end()) {
      if (b == to.end() || (a != from.end() && a->first < b->first)) {
        append_pointer_token(path_, a->first);
        emit_("remove", path_, nullptr);
        ++a;
      } else if (a == from.end() || b->first < a->first) {
        append_pointer_token(path_, b->first);
        emit_("add", path_, &b->second);
        ++b;
      } else {
        append_pointer_token(path_, a->first);
        walk(a->second, b->second);
        ++a;
        ++b;
      }
      path_.resize(length);
    }
  }

  void walk_array(const nlohmann::json::array_t& from, const nlohmann::json::array_t& to) {
    const auto length = path_.size();
    const std::size_t common = std::min(from.size(), to.size());
    for (std::size_t i = 0; i < common; ++i) {
      path_ += '/';
      path_ += std::to_string(i);
      walk(from[i], to[i]);
      path_.resize(length);
    }
    for (std::size_t i = from.size(); i > to.size(); --i) {
      path_ += '/';
      path_ += std::to_string(i - 1);
      emit_("remove", path_, nullptr);
      path_.resize(length);
    }
    for (std::size_t i = from.size(); i < to.size(); ++i) {
      path_ += '/';
      path_ += std::to_string(i);
      emit_("add", path_, &to[i]);
      path_.resize(length);
    }
  }

  std::string path_;
  Emit& emit_;
};

/// Emits the operations that turn `from` into `to`, with every path under `prefix`.
template <class Emit>
void walk_diff(const nlohmann::json& from, const nlohmann::json& to, std::string prefix,
               Emit&& emit) {
  diff_walker<std::remove_reference_t<Emit>> w(std::move(prefix), emit);
  w.walk(from, to);
}

}  // namespace loyang::protocol::detail
