// The client messages of the WebSocket as docs/protocol.md promises them: unknown fields are
// refused in every message and every command, integers are integers within their ranges, and
// the id of a message comes back even when the message is refused.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <variant>

#include "loyang/protocol/client_message.hpp"
#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/server_message.hpp"

using nlohmann::json;
using namespace loyang;

namespace {

/// The code parse_client_message gives `text`, or "ok".
std::string code_of(const std::string& text) {
  const auto m = protocol::parse_client_message(text);
  if (!m) CHECK_FALSE(m.error().message.empty());
  return m ? "ok" : m.error().code;
}

/// One valid message of each type.
std::vector<json> one_of_each() {
  return {
      {{"type", "hello"}, {"token", "abc"}},
      {{"type", "subscribe"}, {"game", 12}, {"as", "player"}, {"since", 40}},
      {{"type", "unsubscribe"}, {"game", 12}},
      {{"type", "command"}, {"game", 12}, {"version", 41}, {"id", "c7"}, {"cmd", {{"type", "end_turn"}}}},
      {{"type", "ping"}},
  };
}

}  // namespace

TEST_CASE("every client message refuses an unknown field", "[protocol][client_message]") {
  for (auto m : one_of_each()) {
    INFO(m.dump());
    CHECK(code_of(m.dump()) == "ok");
    m["extra"] = 1;
    CHECK(code_of(m.dump()) == "bad_message");
    m.erase("extra");
    m["Type"] = m["type"];  // names are case-sensitive
    CHECK(code_of(m.dump()) == "bad_message");
  }
}

TEST_CASE("every command refuses an unknown field", "[protocol][client_message]") {
  const auto each = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::vector<engine::command>{engine::command(std::in_place_index<I>)...};
  };
  std::size_t checked = 0;
  for (const auto& c : each(std::make_index_sequence<std::variant_size_v<engine::command>>{})) {
    json j = protocol::command_to_json(c);
    INFO(j.dump());
    if (!protocol::parse_command(j).ok()) continue;  // a default value the reader refuses anyway
    j["extra"] = nullptr;  // even null: an unknown field is refused, not ignored
    const auto parsed = protocol::parse_command(j);
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.error().code == "bad_command");
    CHECK(parsed.error().message.find("extra") != std::string::npos);
    ++checked;
  }
  CHECK(checked > 45);
}

TEST_CASE("game, version and since are integers within their ranges", "[protocol][client_message]") {
  const auto command = [](const std::string& game, const std::string& version) {
    return R"({"type":"command","game":)" + game + R"(,"version":)" + version +
           R"(,"id":"c","cmd":{"type":"end_turn"}})";
  };
  const auto subscribe = [](const std::string& since) {
    return R"({"type":"subscribe","game":1,"since":)" + since + "}";
  };
  // Accepted: the bounds themselves.
  CHECK(code_of(command("1", "0")) == "ok");
  CHECK(code_of(command("9223372036854775807", "4294967295")) == "ok");
  CHECK(code_of(subscribe("0")) == "ok");
  CHECK(code_of(subscribe("4294967295")) == "ok");
  const auto read = protocol::parse_client_message(command("9223372036854775807", "4294967295"));
  REQUIRE(read);
  CHECK(std::get<protocol::command_message>(read.value()).game == 9223372036854775807LL);
  CHECK(std::get<protocol::command_message>(read.value()).version == 4294967295U);
  // Refused: not integers (1.0 and 1e3 are numbers with a fraction or exponent), or outside.
  for (const std::string bad : {"1.0", "1e3", "1E0", "0.5", "-1", "4294967296", "9223372036854775808",
                                "18446744073709551616", "\"1\"", "true", "[1]"}) {
    INFO(bad);
    CHECK(code_of(command("1", bad)) == "bad_message");
    CHECK(code_of(subscribe(bad)) == "bad_message");
  }
  for (const std::string bad : {"0", "-1", "1.0", "1e3", "9223372036854775808", "18446744073709551616", "\"1\""}) {
    INFO(bad);
    CHECK(code_of(command(bad, "0")) == "bad_message");
  }
}

TEST_CASE("message_id finds the id of a message that cannot be read", "[protocol][client_message]") {
  using protocol::message_id;
  CHECK(message_id(R"({"type":"command","id":"c1"})") == "c1");
  CHECK(message_id(R"({"id":"c2","game":1})") == "c2");  // no type
  CHECK(message_id(R"({"type":3,"id":"c3"})") == "c3");  // a type that is not a string
  const std::string long_id(200, 'x');
  CHECK(message_id(R"({"type":"command","id":")" + long_id + "\"}") == long_id);
  CHECK_FALSE(message_id(R"({"type":"command","id":7})"));
  CHECK_FALSE(message_id(R"({"type":"command","id":"c4")"));  // not JSON
  CHECK_FALSE(message_id(R"(["id","c5"])"));
  CHECK_FALSE(message_id(std::string(100000, '[')));
  // The over-long id is refused by the reader, with the limit named.
  const auto m = protocol::parse_client_message(R"({"type":"command","game":1,"version":0,"id":")" +
                                                long_id + R"(","cmd":{"type":"end_turn"}})");
  REQUIRE_FALSE(m);
  CHECK(m.error().code == "bad_message");
  CHECK(m.error().message.find("64 bytes") != std::string::npos);
}

TEST_CASE("subscribed says where the connection's view is", "[protocol][client_message]") {
  CHECK(json::parse(protocol::subscribed_text(12, 41, 0, 38)) ==
        json{{"type", "subscribed"}, {"game", 12}, {"version", 41}, {"seat", 0}, {"last_seen", 38}});
  CHECK(json::parse(protocol::subscribed_text(12, 41, -1))["seat"].is_null());
  CHECK(json::parse(protocol::subscribed_text(12, 41, -1))["last_seen"].is_null());
}

TEST_CASE("a refused subscribe names its game", "[protocol][client_message]") {
  CHECK(json::parse(protocol::subscribe_error_text(12, "no_such_game", "there is no such game")) ==
        json{{"type", "error"}, {"game", 12}, {"error", {{"code", "no_such_game"}, {"message", "there is no such game"}}}});
}
