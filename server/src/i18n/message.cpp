// A port of web/js/i18n.js's message format (parse, closing, parseArg, render), step for
// step, with JavaScript's conversions where the browser relies on them (String(v), Number(v)).
// Only ASCII characters have a meaning in the syntax, so bytes of UTF-8 stand for themselves.
#include "message.hpp"

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "numbers.hpp"
#include "plural.hpp"

namespace loyang::server::i18n {
namespace {

struct bad_message : std::runtime_error {
  using std::runtime_error::runtime_error;
};

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

message parse(std::string_view text, bool in_plural);

// The index of the } that closes the { just before `from`.
std::size_t closing(std::string_view text, std::size_t from) {
  int depth = 1;
  for (auto i = from; i < text.size(); ++i) {
    if (text[i] == '{') {
      ++depth;
    } else if (text[i] == '}' && --depth == 0) {
      return i;
    }
  }
  throw bad_message("unbalanced {");
}

// The argument that starts after the { at from - 1, and the index after its }.
std::pair<part, std::size_t> parse_arg(std::string_view text, std::size_t from) {
  const auto end = closing(text, from);
  const auto body = text.substr(from, end - from);
  const auto comma = body.find(',');
  if (comma == std::string_view::npos) return {part{part::kind::arg, std::string(trim(body))}, end + 1};
  const auto arg = std::string(trim(body.substr(0, comma)));
  const auto rest = body.substr(comma + 1);
  const auto comma2 = rest.find(',');
  const auto type = trim(comma2 == std::string_view::npos ? rest : rest.substr(0, comma2));
  if (type == "number") return {part{part::kind::number, arg}, end + 1};
  if (type != "plural" && type != "select") throw bad_message("unknown argument type");
  part p{type == "plural" ? part::kind::plural : part::kind::select, arg};
  // As rest.slice(comma2 + 1) in JavaScript, where comma2 may be -1.
  const auto s = comma2 == std::string_view::npos ? rest : rest.substr(comma2 + 1);
  std::size_t j = 0;
  while (j < s.size()) {
    while (j < s.size() && space(s[j])) ++j;
    if (j >= s.size()) break;
    const auto open = s.find('{', j);
    if (open == std::string_view::npos) throw bad_message("a choice without a message");
    auto selector = std::string(trim(s.substr(j, open - j)));
    const auto close = closing(s, open + 1);
    auto body_parts = parse(s.substr(open + 1, close - open - 1), p.what == part::kind::plural);
    // A selector given twice: the last one counts, as in a JavaScript object.
    bool replaced = false;
    for (auto& c : p.choices) {
      if (c.selector == selector) {
        c.body = std::move(body_parts);
        replaced = true;
        break;
      }
    }
    if (!replaced) p.choices.push_back({std::move(selector), std::move(body_parts)});
    j = close + 1;
  }
  bool has_other = false;
  for (const auto& c : p.choices) has_other = has_other || c.selector == "other";
  if (!has_other) throw bad_message("a plural or select needs an \"other\" choice");
  return {std::move(p), end + 1};
}

message parse(std::string_view text, bool in_plural) {
  message out;
  std::string literal;
  const auto flush = [&] {
    if (!literal.empty()) out.push_back(part{part::kind::literal, std::move(literal)});
    literal.clear();
  };
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '{') {
      flush();
      auto [p, next] = parse_arg(text, i + 1);
      out.push_back(std::move(p));
      i = next;
    } else if (c == '#' && in_plural) {
      flush();
      out.push_back(part{part::kind::hash, {}});
      ++i;
    } else if (c == '}') {
      throw bad_message("unbalanced }");
    } else {
      literal += c;
      ++i;
    }
  }
  flush();
  return out;
}

// ---- JavaScript's conversions ------------------------------------------------------------

// The argument `name` of `args`, or nullptr when absent (JavaScript's undefined).
const nlohmann::json* argument(const nlohmann::json& args, const std::string& name) {
  if (!args.is_object()) return nullptr;
  const auto it = args.find(name);
  return it == args.end() ? nullptr : &*it;
}

// String(n) for a number: integers in full, others in the shortest form that reads back.
std::string js_number_text(double n) {
  if (std::isnan(n)) return "NaN";
  if (std::isinf(n)) return n < 0 ? "-Infinity" : "Infinity";
  if (n == std::floor(n) && std::fabs(n) < 1e21) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f", n == 0 ? 0.0 : n);
    return text;
  }
  char text[64];
  const auto r = std::to_chars(text, text + sizeof text, n);
  return std::string(text, r.ptr);
}

// String(v) of JavaScript for a JSON value (`v` null: undefined).
std::string js_string(const nlohmann::json* v) {
  if (v == nullptr) return "undefined";
  switch (v->type()) {
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::string: return v->get<std::string>();
    case nlohmann::json::value_t::boolean: return v->get<bool>() ? "true" : "false";
    case nlohmann::json::value_t::number_integer: return std::to_string(v->get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned: return std::to_string(v->get<std::uint64_t>());
    case nlohmann::json::value_t::number_float: return js_number_text(v->get<double>());
    case nlohmann::json::value_t::array: {
      std::string out;
      for (std::size_t i = 0; i < v->size(); ++i) {
        if (i > 0) out += ',';
        const auto& e = (*v)[i];
        if (!e.is_null()) out += js_string(&e);
      }
      return out;
    }
    default: return "[object Object]";
  }
}

// Number(v) of JavaScript for a JSON value (`v` null: undefined).
double js_number(const nlohmann::json* v) {
  if (v == nullptr) return std::nan("");
  if (v->is_number()) return v->get<double>();
  if (v->is_null()) return 0;
  if (v->is_boolean()) return v->get<bool>() ? 1 : 0;
  if (!v->is_string()) return std::nan("");
  const auto text = std::string(trim(v->get_ref<const std::string&>()));
  if (text.empty()) return 0;
  char* end = nullptr;
  const double n = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() ? n : std::nan("");
}

bool is_number(const nlohmann::json* v) { return v != nullptr && v->is_number(); }

// num() of i18n.js: a number the language's way; anything else as String(v ?? "").
std::string num(const nlohmann::json* v, std::string_view language) {
  if (is_number(v)) {
    if (v->is_number_integer() && !v->is_number_unsigned()) return format_number(language, v->get<std::int64_t>());
    if (v->is_number_unsigned() && v->get<std::uint64_t>() <= std::uint64_t(INT64_MAX)) {
      return format_number(language, static_cast<std::int64_t>(v->get<std::uint64_t>()));
    }
    return format_number(language, v->get<double>());
  }
  if (v == nullptr || v->is_null()) return "";
  return js_string(v);
}

std::string num(double n, std::string_view language) {
  if (n == std::floor(n) && std::fabs(n) < 9e15 && !(n == 0 && std::signbit(n))) {
    return format_number(language, static_cast<std::int64_t>(n));
  }
  return format_number(language, n);
}

const message* chosen(const part& p, std::string_view selector) {
  for (const auto& c : p.choices) {
    if (c.selector == selector) return &c.body;
  }
  return nullptr;
}

void render_into(std::string& out, const message& m, const nlohmann::json& args, std::string_view language,
                 const double* n) {
  for (const auto& p : m) {
    switch (p.what) {
      case part::kind::literal: out += p.text; break;
      case part::kind::hash: out += n != nullptr ? num(*n, language) : std::string(); break;
      case part::kind::number: out += num(argument(args, p.text), language); break;
      case part::kind::arg: {
        const auto* v = argument(args, p.text);
        out += num(v, language);
        break;
      }
      case part::kind::plural: {
        const double v = js_number(argument(args, p.text));
        // Built by append: gcc 12's -Wrestrict misreads "=" + std::string (a known false warning).
        std::string exact = "=";
        exact += js_number_text(v);
        const auto* body = chosen(p, exact);
        if (body == nullptr) body = chosen(p, plural_category(language, v));
        if (body == nullptr) body = chosen(p, "other");
        render_into(out, *body, args, language, &v);
        break;
      }
      case part::kind::select: {
        const auto* body = chosen(p, js_string(argument(args, p.text)));
        if (body == nullptr) body = chosen(p, "other");
        render_into(out, *body, args, language, n);
        break;
      }
    }
  }
}

}  // namespace

std::optional<message> parse_message(std::string_view text) {
  try {
    return parse(text, false);
  } catch (const bad_message&) {
    return std::nullopt;
  }
}

std::string render(const message& m, const nlohmann::json& args, std::string_view language) {
  std::string out;
  render_into(out, m, args, language, nullptr);
  return out;
}

}  // namespace loyang::server::i18n
