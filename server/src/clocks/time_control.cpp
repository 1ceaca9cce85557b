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

// Reads the optional "on_timeout" of a clocked control into `tc`; the reason when it is bad.
std::string read_policy(const nlohmann::json& j, time_control& tc) {
  if (!j.contains("on_timeout")) return {};
  const auto& v = j["on_timeout"];
  for (const auto p : {timeout_policy::bot, timeout_policy::vote, timeout_policy::end}) {
    if (v.is_string() && v.get<std::string>() == policy_name(p)) {
      tc.on_timeout = p;
      return {};
    }
  }
  return "\"on_timeout\" must be \"bot\", \"vote\" or \"end\"";
}

}  // namespace

const char* policy_name(timeout_policy p) {
  switch (p) {
    case timeout_policy::vote:
      return "vote";
    case timeout_policy::end:
      return "end";
    case timeout_policy::bot:
      break;
  }
  return "bot";
}

std::int64_t decision_seconds(const time_control& tc) {
  switch (tc.what) {
    case time_control::kind::per_move:
      return tc.per_move;
    case time_control::kind::bank:
      return tc.initial;
    case time_control::kind::none:
      break;
  }
  return 0;
}

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
    if (auto e = only_fields(j, {"type", "seconds", "on_timeout"}); !e.empty()) return e;
    if (auto e = read_policy(j, tc); !e.empty()) return e;
    const auto s = seconds_of(j, "seconds", min_seconds);
    if (const auto* e = std::get_if<std::string>(&s)) return *e;
    tc.what = time_control::kind::per_move;
    tc.per_move = std::get<std::int64_t>(s);
    return tc;
  }
  if (type == "bank") {
    if (auto e = only_fields(j, {"type", "initial", "increment", "cap", "on_timeout"}); !e.empty()) return e;
    if (auto e = read_policy(j, tc); !e.empty()) return e;
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
      return {{"type", "per_move"}, {"seconds", tc.per_move}, {"on_timeout", policy_name(tc.on_timeout)}};
    case time_control::kind::bank:
      return {{"type", "bank"},       {"initial", tc.initial}, {"increment", tc.increment},
              {"cap", tc.cap},        {"on_timeout", policy_name(tc.on_timeout)}};
    case time_control::kind::none:
      break;
  }
  return {{"type", "none"}};
}

}  // namespace loyang::server::clocks
