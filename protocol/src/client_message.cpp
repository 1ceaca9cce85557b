#include "loyang/protocol/client_message.hpp"

#include <limits>

#include "json_reader.hpp"
#include "loyang/protocol/error_envelope.hpp"
#include "loyang/protocol/message.hpp"

namespace loyang::protocol {
namespace {

using detail::object_reader;

std::int64_t read_game(object_reader& r) {
  return detail::read_int(r.required("game"), r.where("game"), 1,
                          std::numeric_limits<std::int64_t>::max());
}

std::string read_string(object_reader& r, std::string_view key, std::size_t max_length) {
  const auto& v = r.required(key);
  if (!v.is_string()) detail::fail(r.where(key) + " must be a string");
  const auto& s = v.get_ref<const std::string&>();
  if (s.size() > max_length) {
    detail::fail(r.where(key) + " is longer than " + std::to_string(max_length) + " bytes");
  }
  return s;
}

client_message read(const nlohmann::json& j, const std::string& type) {
  object_reader r(j, "message '" + type + "'");
  r.required("type");
  if (type == "hello") {
    hello_message m;
    if (r.optional("token")) m.token = read_string(r, "token", 256);
    // Any positive version reads; whether it is spoken is the server's answer, not a parse error.
    if (const auto* v = r.optional("protocol")) {
      m.protocol = static_cast<int>(detail::read_int(*v, r.where("protocol"), 1, 1'000'000));
    }
    r.finish();
    return m;
  }
  if (type == "subscribe") {
    subscribe_message m;
    m.game = read_game(r);
    if (const auto* as = r.optional("as")) {
      if (*as == "spectator") {
        m.spectator = true;
      } else if (*as != "player") {
        detail::fail(r.where("as") + " must be \"player\" or \"spectator\"");
      }
    }
    if (const auto* since = r.optional("since")) {
      m.since = static_cast<std::uint32_t>(
          detail::read_int(*since, r.where("since"), 0, std::numeric_limits<std::uint32_t>::max()));
    }
    if (const auto* chat = r.optional("chat")) {
      if (!chat->is_boolean()) detail::fail(r.where("chat") + " must be true or false");
      m.chat = chat->get<bool>();
    }
    r.finish();
    return m;
  }
  if (type == "unsubscribe") {
    unsubscribe_message m;
    m.game = read_game(r);
    r.finish();
    return m;
  }
  if (type == "command") {
    command_message m;
    m.game = read_game(r);
    m.version = static_cast<std::uint32_t>(detail::read_int(
        r.required("version"), r.where("version"), 0, std::numeric_limits<std::uint32_t>::max()));
    m.id = read_string(r, "id", max_client_id_length);
    m.cmd = r.required("cmd");
    r.finish();
    return m;
  }
  if (type == "ping") {
    r.finish();
    return ping_message{};
  }
  if (type == "watch_lobby") {
    r.finish();
    return watch_lobby_message{};
  }
  if (type == "chat") {
    chat_message m;
    m.game = read_game(r);
    m.id = read_string(r, "id", max_client_id_length);
    m.text = read_string(r, "text", max_chat_bytes);
    r.finish();
    return m;
  }
  if (type == "chat_history") {
    chat_history_message m;
    m.game = read_game(r);
    if (const auto* before = r.optional("before")) {
      m.before = detail::read_int(*before, r.where("before"), 1, std::numeric_limits<std::int64_t>::max());
    }
    r.finish();
    return m;
  }
  throw detail::read_failure{"unknown message type '" + type + "'"};
}

}  // namespace

parsed<client_message> parse_client_message(std::string_view text) {
  auto j = parse_message(text);
  if (!j) return j.error();
  const auto type = j.value().at("type").get<std::string>();
  try {
    return read(j.value(), type);
  } catch (const detail::read_failure& f) {
    const bool unknown = f.message.rfind("unknown message type", 0) == 0;
    return parse_error{unknown ? "unknown_type" : std::string(error_code::bad_message), f.message};
  }
}

std::optional<std::string> message_id(std::string_view text) {
  // Any object will do, even one without a valid "type", and an id of any length: an error
  // about the message must still reach the request it answers.
  if (json_depth(text) > max_message_depth) return std::nullopt;
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  const auto id = j.find("id");
  if (id == j.end() || !id->is_string()) return std::nullopt;
  return id->get<std::string>();
}

}  // namespace loyang::protocol
