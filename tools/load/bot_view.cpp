#include "bot_view.hpp"

#include <algorithm>
#include <stdexcept>

#include "json_scan.hpp"

namespace loyang::load {
namespace {

bool under(std::string_view path, std::string_view base) {
  return path.starts_with(base) && (path.size() == base.size() || path[base.size()] == '/');
}

std::vector<bot_view::command> parse_commands(std::string_view text) {
  std::vector<bot_view::command> all;
  scan::elements(text, [&](std::string_view c) { all.push_back(bot_view::make_command(c)); });
  return all;
}

// A command's members as raw texts (name without quotes, JSON value), in the order they came:
// what the rare member-wise operations work on.
using members = std::vector<std::pair<std::string, std::string>>;

members members_of(std::string_view text) {
  members m;
  scan::members(text, [&](std::string_view key, std::string_view value) {
    m.emplace_back(key, value);
  });
  return m;
}

std::string object_text(const members& m) {
  std::string out = "{";
  for (const auto& [key, value] : m) {
    if (out.size() > 1) out += ',';
    out += '"';
    out += key;
    out += "\":";
    out += value;
  }
  out += '}';
  return out;
}

// Checks that `text` is one JSON value (what a member's value may be replaced with).
std::string one_value(std::string_view text) {
  if (scan::skip_value(text, 0) != text.size()) throw scan::bad_json("one value expected");
  return std::string(text);
}

// Where an operation at `index` ("-" or a decimal index) of an array of `size` lands: `size`
// itself is allowed only when adding.
std::size_t position(std::string_view index, std::size_t size, bool adding) {
  if (adding && index == "-") return size;
  const auto n = scan::integer(index);
  if (!n || *n < 0 || (index.size() > 1 && index.front() == '0') ||
      std::size_t(*n) > size - (adding ? 0 : 1) || (!adding && size == 0)) {
    throw std::invalid_argument("array index out of range");
  }
  return std::size_t(*n);
}

// add/remove/replace of one element of `items`; `make` builds the new element from the value.
template <class T, class Make>
void apply_to_array(std::vector<T>& items, std::string_view op, std::string_view index,
                    std::string_view value, Make make) {
  if (op == "add") {
    const auto at = position(index, items.size(), true);
    items.insert(items.begin() + std::ptrdiff_t(at), make(value));
  } else if (op == "remove") {
    items.erase(items.begin() + std::ptrdiff_t(position(index, items.size(), false)));
  } else if (op == "replace") {
    items[position(index, items.size(), false)] = make(value);
  } else {
    throw std::invalid_argument("unsupported operation");
  }
}

// add/remove/replace at `inner` ("member", or "member/..." inside its value) of command `c`.
void apply_to_members(members& c, std::string_view op, std::string_view inner,
                      std::string_view value) {
  const auto deeper = inner.find('/');
  const auto key = inner.substr(0, deeper);
  if (key.find('~') != std::string_view::npos) throw std::invalid_argument("escaped name");
  const auto member =
      std::find_if(c.begin(), c.end(), [&](const auto& m) { return m.first == key; });
  const bool found = member != c.end();
  if (deeper != std::string_view::npos) {  // inside a member's value (a list of crops)
    if (!found) throw std::invalid_argument("no such member");
    auto v = nlohmann::json::parse(member->second);
    nlohmann::json one{{"op", op}, {"path", inner.substr(deeper)}};
    if (op != "remove") one["value"] = nlohmann::json::parse(value);
    v.patch_inplace(nlohmann::json::array({std::move(one)}));
    member->second = v.dump();
  } else if (op == "remove") {
    if (!found) throw std::invalid_argument("no such member");
    c.erase(member);
  } else if (op == "add" || op == "replace") {
    if (!found && op == "replace") throw std::invalid_argument("no such member");
    if (found) {
      member->second = one_value(value);
    } else {
      c.emplace_back(key, one_value(value));
    }
  } else {
    throw std::invalid_argument("unsupported operation");
  }
}

void apply_to_command(bot_view::command& c, std::string_view op, std::string_view inner,
                      std::string_view value) {
  auto m = members_of(c.text);
  apply_to_members(m, op, inner, value);
  c = bot_view::make_command(object_text(m));
}

int seat_of(std::string_view text) {
  const auto n = scan::integer(text);
  if (!n) throw std::invalid_argument("seat expected");
  return int(*n);
}

}  // namespace

void bot_view::reset(const nlohmann::json& view) {
  phase_ = view.at("game").at("phase").get<std::string>();
  to_act_ = view.at("to_act").get<std::vector<int>>();
  legal_ = parse_commands(view.at("legal").dump());
}

bot_view::command bot_view::make_command(std::string_view text) {
  command c{std::string(text), false};
  scan::members(text, [&c](std::string_view key, std::string_view value) {
    if (key == "type") c.undo = value == R"("undo")";
  });
  return c;
}

bool bot_view::keeps(std::string_view path) {
  return under(path, "/legal") || under(path, "/to_act") || path == "/game/phase";
}

bool bot_view::must_act(int seat) const {
  return std::find(to_act_.begin(), to_act_.end(), seat) != to_act_.end();
}

void bot_view::apply(std::string_view op, std::string_view path, std::string_view value) {
  if (path == "/game/phase") {
    if (op != "replace" && op != "add") throw std::invalid_argument("unsupported operation");
    phase_ = nlohmann::json::parse(value).get<std::string>();
  } else if (path == "/to_act") {
    if (op != "replace" && op != "add") throw std::invalid_argument("unsupported operation");
    to_act_ = nlohmann::json::parse(value).get<std::vector<int>>();
  } else if (path == "/legal") {
    if (op != "replace" && op != "add") throw std::invalid_argument("unsupported operation");
    legal_ = parse_commands(value);
  } else if (path.starts_with("/to_act/")) {
    apply_to_array(to_act_, op, path.substr(8), value, seat_of);
  } else if (path.starts_with("/legal/")) {
    const auto rest = path.substr(7);
    const auto slash = rest.find('/');
    if (slash == std::string_view::npos) {
      return apply_to_array(legal_, op, rest, value, make_command);
    }
    // Inside one command: an element-wise diff of the list (this server sends it whole).
    apply_to_command(legal_[position(rest.substr(0, slash), legal_.size(), false)], op,
                     rest.substr(slash + 1), value);
  } else {
    throw std::invalid_argument("not a kept path");
  }
}

}  // namespace loyang::load
