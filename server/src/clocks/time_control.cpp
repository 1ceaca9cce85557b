#include "time_control.hpp"

#include <initializer_list>

namespace loyang::server::clocks {
namespace {

bool whole(const nlohmann::json& v) { return v.is_number_integer(); }

// The seconds of field `name`, or the reason they are not acceptable.
std::variant<std::int64_t, std::string> seconds_of(const nlohmann::json& j, const char* name,
                                                   std::int64_t least) {
  if (!j.contains(name)) return std::string("\"") + name + "\" is missing";
  const auto& v = j[name];
  if (!whole(v)) return std::string("\"") + name + "\" must be a whole number of seconds";
  const auto s = v.get<std::int64_t>();
  if (s < least || s > max_seconds) {
    return std::string("\"") + name + "\" must be from " + std::to_string(least) + " to " +
           std::to_string(max_seconds) + " seconds";
  }
  return s;
}

std::string only_fields(const nlohmann::json& j, std::initializer_list<const char*> allowed) {
  for (const auto& [key, value] : j.items()) {
    bool known = false;
    for (const char* a : allowed) known = known || key == a;
    if (!known) return "unknown field \"" + key + "\" in \"time_control\"";
  }
  return {};
}

}  // namespace

std::variant<time_control, std::string> parse_time_control(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) {
    return std::string("\"time_control\" must be an object with a \"type\": none, per_move or bank");
  }
  const auto type = j["type"].get<std::string>();
  time_control tc;
  if (type == "none") {
    if (auto e = only_fields(j, {"type"}); !e.empty()) return e;
    return tc;
  }
  if (type == "per_move") {
    if (auto e = only_fields(j, {"type", "seconds"}); !e.empty()) return e;
    const auto s = seconds_of(j, "seconds", min_seconds);
    if (const auto* e = std::get_if<std::string>(&s)) return *e;
    tc.what = time_control::kind::per_move;
    tc.per_move = std::get<std::int64_t>(s);
    return tc;
  }
  if (type == "bank") {
    if (auto e = only_fields(j, {"type", "initial", "increment", "cap"}); !e.empty()) return e;
    const auto initial = seconds_of(j, "initial", min_seconds);
    if (const auto* e = std::get_if<std::string>(&initial)) return *e;
    const auto increment = seconds_of(j, "increment", 0);
    if (const auto* e = std::get_if<std::string>(&increment)) return *e;
    const auto cap = seconds_of(j, "cap", min_seconds);
    if (const auto* e = std::get_if<std::string>(&cap)) return *e;
    tc.what = time_control::kind::bank;
    tc.initial = std::get<std::int64_t>(initial);
    tc.increment = std::get<std::int64_t>(increment);
    tc.cap = std::get<std::int64_t>(cap);
    if (tc.cap < tc.initial) return std::string("\"cap\" must be at least \"initial\"");
    return tc;
  }
  return "unknown \"time_control\" type \"" + type + "\": none, per_move or bank";
}

nlohmann::json to_json(const time_control& tc) {
  switch (tc.what) {
    case time_control::kind::per_move:
      return {{"type", "per_move"}, {"seconds", tc.per_move}};
    case time_control::kind::bank:
      return {{"type", "bank"}, {"initial", tc.initial}, {"increment", tc.increment}, {"cap", tc.cap}};
    case time_control::kind::none:
      break;
  }
  return {{"type", "none"}};
}

}  // namespace loyang::server::clocks
