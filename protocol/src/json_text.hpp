#pragma once
// Internal: JSON text appended to a string, for the hot path of patch operations. The same
// text as nlohmann's dump() (compact, ensure_ascii off, invalid UTF-8 replaced), written in
// place: no serializer or output adapter per value, no temporary strings.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace loyang::protocol::detail {

template <class Int>
void append_integer(std::string& out, Int v) {
  char buf[24];
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  out.append(buf, end);
}

/// `s` as a JSON string literal.
inline void append_quoted(std::string& out, std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  // Most strings (names, codes, the rules' sentences) need no escape: appended whole.
  if (std::all_of(s.begin(), s.end(), [](char ch) {
        const auto c = static_cast<unsigned char>(ch);
        return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
      })) {
    out += '"';
    out += s;
    out += '"';
    return;
  }
  const auto start = out.size();
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x80) {
      // Leave UTF-8 (and its validation) to nlohmann.
      out.resize(start);
      out += nlohmann::json(std::string(s)).dump(-1, ' ', false,
                                                 nlohmann::json::error_handler_t::replace);
      return;
    }
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 0xf];
        } else {
          out += ch;
        }
    }
  }
  out += '"';
}

/// `v` as compact JSON text, equal to v.dump(-1, ' ', false, error_handler_t::replace).
inline void append_json(std::string& out, const nlohmann::json& v) {
  using t = nlohmann::json::value_t;
  switch (v.type()) {
    case t::null: out += "null"; return;
    case t::boolean: out += v.get<bool>() ? "true" : "false"; return;
    case t::number_integer: append_integer(out, v.get<std::int64_t>()); return;
    case t::number_unsigned: append_integer(out, v.get<std::uint64_t>()); return;
    case t::string: append_quoted(out, v.get_ref<const std::string&>()); return;
    case t::array: {
      out += '[';
      bool first = true;
      for (const auto& e : v) {
        if (!first) out += ',';
        first = false;
        append_json(out, e);
      }
      out += ']';
      return;
    }
    case t::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, e] : v.get_ref<const nlohmann::json::object_t&>()) {
        if (!first) out += ',';
        first = false;
        append_quoted(out, key);
        out += ':';
        append_json(out, e);
      }
      out += '}';
      return;
    }
    default:  // floating point (nlohmann's own shortest form), binary, discarded
      out += v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
}

}  // namespace loyang::protocol::detail
