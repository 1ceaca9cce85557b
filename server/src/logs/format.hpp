#pragma once
// Internal: how the server's log lines look (--log-format). Text: one line per message,
// starting with the UTC time in RFC 3339 with its zone ("2026-11-28T01:02:03.456Z info ...").
// JSON: one object per line, for Loki, Elasticsearch or `jq`:
//   {"time":"2026-11-28T01:02:03.456Z","level":"info","component":"lobby","message":"...",
//    "game":12,"account":3}
// Every spdlog call is formatted so, the existing "component: text" messages too: the
// component is the message's first word before ": " ("game 12: ..." gives component "game"
// and "game": 12). Fields known at the call (an account, a route) are given with event().
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include <spdlog/spdlog.h>

namespace loyang::server::logs {

enum class log_format { text, json };

/// Parses "text" or "json".
std::optional<log_format> format_named(std::string_view name);

/// Formats the default logger's lines as `f` from now on (at start, before any thread logs).
void use_format(log_format f);
/// Formats `logger`'s lines as `f` (tests).
void use_format(spdlog::logger& logger, log_format f);

/// A named value of an event: a number or a text.
struct field {
  std::string_view name;
  std::variant<std::int64_t, std::string_view> value;
};

/// Logs `text` at `level` for `component` with `fields` after it: in text as
/// "component: text name=value ...", in JSON as members of the line's object. Never give a
/// password, a token or a link that holds one.
void event(spdlog::level::level_enum level, std::string_view component, std::string_view text,
           std::initializer_list<field> fields = {});

}  // namespace loyang::server::logs
