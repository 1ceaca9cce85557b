// How the server's log lines look (format.hpp). spdlog formats a line in the thread that logs
// it (the default logger is synchronous), so event()'s fields reach the formatter through a
// thread-local pointer set for the duration of the call.
#include "format.hpp"

#include <cctype>
#include <charconv>
#include <memory>
#include <optional>

#include <spdlog/pattern_formatter.h>

namespace loyang::server::logs {
namespace {

thread_local const std::initializer_list<field>* current_fields = nullptr;

void append_json_string(spdlog::memory_buf_t& out, std::string_view s) {
  out.push_back('"');
  for (const unsigned char c : s) {
    switch (c) {
      case '"': out.append(std::string_view("\\\"")); break;
      case '\\': out.append(std::string_view("\\\\")); break;
      case '\n': out.append(std::string_view("\\n")); break;
      case '\r': out.append(std::string_view("\\r")); break;
      case '\t': out.append(std::string_view("\\t")); break;
      default:
        if (c < 0x20) {
          constexpr char hex[] = "0123456789abcdef";
          const char esc[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
          out.append(esc, esc + 6);
        } else {
          out.push_back(char(c));
        }
    }
  }
  out.push_back('"');
}

void append_number(spdlog::memory_buf_t& out, std::int64_t v) {
  char buf[24];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, end);
}

/// A message's component: its first word when "word: " or "word N: " starts it.
struct split_message {
  std::string_view component;
  std::optional<std::int64_t> game;  // "game 12: ..."
  std::string_view text;
};

split_message split(std::string_view msg) {
  std::size_t i = 0;
  while (i < msg.size() && (std::islower(static_cast<unsigned char>(msg[i])) || msg[i] == '_' || msg[i] == '-')) ++i;
  if (i == 0 || i > 24) return {{}, std::nullopt, msg};
  const auto word = msg.substr(0, i);
  if (msg.substr(i, 2) == ": ") return {word, std::nullopt, msg.substr(i + 2)};
  if (word == "game" && i < msg.size() && msg[i] == ' ') {
    std::int64_t id = 0;
    const auto* first = msg.data() + i + 1;
    const auto [end, ec] = std::from_chars(first, msg.data() + msg.size(), id);
    const auto rest = std::size_t(end - msg.data());
    if (ec == std::errc() && end != first && msg.substr(rest, 2) == ": ") return {word, id, msg.substr(rest + 2)};
  }
  return {{}, std::nullopt, msg};
}

/// %* in the patterns below: the message, and the event's fields.
class message_flag final : public spdlog::custom_flag_formatter {
 public:
  explicit message_flag(log_format f) : format_(f) {}

  void format(const spdlog::details::log_msg& msg, const std::tm&, spdlog::memory_buf_t& out) override {
    const std::string_view payload(msg.payload.data(), msg.payload.size());
    if (format_ == log_format::text) {
      out.append(payload);
      if (current_fields) {
        for (const auto& f : *current_fields) {
          out.push_back(' ');
          out.append(f.name);
          out.push_back('=');
          if (const auto* n = std::get_if<std::int64_t>(&f.value)) {
            append_number(out, *n);
          } else {
            out.append(std::get<std::string_view>(f.value));
          }
        }
      }
      return;
    }
    const auto parts = split(payload);
    if (!parts.component.empty()) {
      out.append(std::string_view("\"component\":"));
      append_json_string(out, parts.component);
      out.push_back(',');
    }
    out.append(std::string_view("\"message\":"));
    append_json_string(out, parts.text);
    if (parts.game) {
      out.append(std::string_view(",\"game\":"));
      append_number(out, *parts.game);
    }
    if (current_fields) {
      for (const auto& f : *current_fields) {
        if (parts.game && f.name == "game") continue;
        out.push_back(',');
        // A field never takes the place of the line's own members (one object, one key each).
        const bool taken = f.name == "time" || f.name == "level" || f.name == "component" || f.name == "message";
        append_json_string(out, taken ? std::string(f.name) + "_field" : std::string(f.name));
        out.push_back(':');
        if (const auto* n = std::get_if<std::int64_t>(&f.value)) {
          append_number(out, *n);
        } else {
          append_json_string(out, std::get<std::string_view>(f.value));
        }
      }
    }
  }

  std::unique_ptr<custom_flag_formatter> clone() const override { return std::make_unique<message_flag>(format_); }

 private:
  log_format format_;
};

std::unique_ptr<spdlog::formatter> formatter_for(log_format f) {
  auto out = std::make_unique<spdlog::pattern_formatter>(spdlog::pattern_time_type::utc);
  out->add_flag<message_flag>('*', f);
  // %l: trace, debug, info, warning, error, critical.
  out->set_pattern(f == log_format::json ? R"({"time":"%Y-%m-%dT%H:%M:%S.%eZ","level":"%l",%*})"
                                         : "%Y-%m-%dT%H:%M:%S.%eZ %l %*");
  return out;
}

}  // namespace

std::optional<log_format> format_named(std::string_view name) {
  if (name == "text") return log_format::text;
  if (name == "json") return log_format::json;
  return std::nullopt;
}

void use_format(spdlog::logger& logger, log_format f) { logger.set_formatter(formatter_for(f)); }

void use_format(log_format f) { use_format(*spdlog::default_logger(), f); }

void event(spdlog::level::level_enum level, std::string_view component, std::string_view text,
           std::initializer_list<field> fields) {
  if (!spdlog::should_log(level)) return;
  current_fields = &fields;
  spdlog::log(level, "{}: {}", component, text);
  current_fields = nullptr;
}

}  // namespace loyang::server::logs
