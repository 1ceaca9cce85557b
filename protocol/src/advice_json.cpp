// The advice's JSON (docs/protocol.md, "Advice"), only the keys that say something. Written as
// text, keys in nlohmann's (sorted) order: the patcher sends the seat's advice again after
// nearly every command, and building JSON trees for it cost three times the rest of a patch.
#include <algorithm>
#include <string>
#include <string_view>

#include "json_text.hpp"
#include "loyang/protocol/advice.hpp"
#include "loyang/protocol/command_json.hpp"

namespace loyang::protocol {
namespace {

// `"key":` after a comma unless it opens the object (`first`).
void append_key(std::string& out, bool& first, std::string_view key) {
  if (!first) out += ',';
  first = false;
  detail::append_quoted(out, key);
  out += ':';
}

// {"leek":1,"wheat":-1} with the vegetables that change only, by name (as nlohmann orders them).
void append_counts(std::string& out, const engine::veg_counts& d) {
  static const auto by_name = [] {
    auto vegs = engine::all_vegs;
    std::sort(vegs.begin(), vegs.end(),
              [](engine::veg a, engine::veg b) { return engine::to_string(a) < engine::to_string(b); });
    return vegs;
  }();
  out += '{';
  bool first = true;
  for (engine::veg v : by_name) {
    if (d[v] == 0) continue;
    append_key(out, first, engine::to_string(v));
    detail::append_integer(out, d[v]);
  }
  out += '}';
}

void append_preview(std::string& out, const preview& p) {
  out += '{';
  bool first = true;
  const auto number = [&](std::string_view key, int n) {
    if (n == 0) return;
    append_key(out, first, key);
    detail::append_integer(out, n);
  };
  const auto counts = [&](std::string_view key, const engine::veg_counts& d) {
    if (d == engine::veg_counts{}) return;
    append_key(out, first, key);
    append_counts(out, d);
  };
  number("cash", p.cash);
  counts("goods", p.goods);
  number("loans", p.loans);
  if (p.marker != preview::marker_change::none) {
    append_key(out, first, "marker");
    out += p.marker == preview::marker_change::red ? R"("red")" : R"("blue")";
  }
  number("position", p.position);
  counts("shop", p.shop);
  append_key(out, first, "undo");
  out += p.undo ? "true" : "false";
  out += '}';
}

void append_blocked(std::string& out, const blocked_command& b) {
  out += '{';
  bool first = true;
  if (b.cash) {
    append_key(out, first, "cash");
    detail::append_integer(out, *b.cash);
  }
  append_key(out, first, "cmd");
  detail::append_json(out, command_to_json(b.cmd));
  append_key(out, first, "code");
  detail::append_quoted(out, b.error.code);
  if (b.cost) {
    append_key(out, first, "cost");
    detail::append_integer(out, *b.cost);
  }
  append_key(out, first, "message");
  detail::append_quoted(out, b.error.message);
  if (b.missing) {
    append_key(out, first, "missing");
    append_counts(out, *b.missing);
  }
  out += '}';
}

}  // namespace

void append_advice_json(std::string& out, const advice& a) {
  out += R"({"blocked":[)";
  for (std::size_t i = 0; i < a.blocked.size(); ++i) {
    if (i > 0) out += ',';
    append_blocked(out, a.blocked[i]);
  }
  out += R"(],"legal":[)";
  for (std::size_t i = 0; i < a.legal.size(); ++i) {
    if (i > 0) out += ',';
    append_preview(out, a.legal[i]);
  }
  out += "]}";
}

nlohmann::json advice_to_json(const advice& a) {
  std::string text;
  append_advice_json(text, a);
  return nlohmann::json::parse(text);
}

}  // namespace loyang::protocol
