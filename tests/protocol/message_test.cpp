// The message parser and the error envelope: every refusal has a stable code, nothing throws.
#include <catch2/catch.hpp>
#include <string>

#include "loyang/protocol/error_envelope.hpp"
#include "loyang/protocol/message.hpp"
#include "loyang/protocol/server_message.hpp"

using loyang::protocol::error_envelope;
using loyang::protocol::error_text;
using loyang::protocol::json_depth;
using loyang::protocol::max_message_depth;
using loyang::protocol::parse_message;
using nlohmann::json;

namespace {

std::string nested_arrays(std::size_t depth) {
  return std::string(depth, '[') + std::string(depth, ']');
}

/// The code parse_message gives `text`, or "ok"; fails the test if anything is thrown.
std::string code_of(const std::string& text) {
  std::string code;
  REQUIRE_NOTHROW([&] {
    auto result = parse_message(text);
    code = result ? "ok" : result.error().code;
    if (!result) CHECK_FALSE(result.error().message.empty());
  }());
  return code;
}

}  // namespace

TEST_CASE("a well-formed message parses to its object", "[protocol][message]") {
  auto result = parse_message(R"({"type":"hello","token":"abc","n":[1,2,{"x":null}]})");
  REQUIRE(result.ok());
  CHECK(result.value().is_object());
  CHECK(result.value()["type"] == "hello");
  CHECK(result.value()["token"] == "abc");
  CHECK(result.value()["n"][2]["x"].is_null());
}

TEST_CASE("text that is not JSON is bad_json", "[protocol][message]") {
  for (const std::string text :
       {"", " ", "{", "}", "{\"type\":", "{'type':'hello'}", "{\"type\":\"hello\",}", "nul",
        "{\"type\":\"hello\"} trailing", "\"unterminated", "[1,2", "{\"a\" 1}", "\x01"}) {
    INFO("text: " << text);
    CHECK(code_of(text) == "bad_json");
  }
}

TEST_CASE("invalid UTF-8 inside a string is bad_json", "[protocol][message]") {
  CHECK(code_of("{\"type\":\"h\xff\xfello\"}") == "bad_json");
  CHECK(code_of("{\"type\":\"\xc3\"}") == "bad_json");
}

TEST_CASE("the parse error message names the position without the library prefix",
          "[protocol][message]") {
  auto result = parse_message("{\"type\":}");
  REQUIRE_FALSE(result.ok());
  CHECK(result.error().code == "bad_json");
  CHECK(result.error().message.find("json.exception") == std::string::npos);
  CHECK(result.error().message.find("column") != std::string::npos);
}

TEST_CASE("deeply nested JSON is refused before it is parsed", "[protocol][message]") {
  CHECK(code_of("{\"type\":\"x\",\"a\":" + nested_arrays(max_message_depth - 1) + "}") == "ok");
  CHECK(code_of("{\"type\":\"x\",\"a\":" + nested_arrays(max_message_depth) + "}") == "bad_json");
  // Far deeper than any stack would like; must neither crash nor throw.
  CHECK(code_of(nested_arrays(100000)) == "bad_json");
  CHECK(code_of(std::string(100000, '{')) == "bad_json");
  auto result = parse_message(nested_arrays(1000));
  REQUIRE_FALSE(result.ok());
  CHECK(result.error().message.find("nested deeper") != std::string::npos);
}

TEST_CASE("json_depth ignores brackets inside strings", "[protocol][message]") {
  CHECK(json_depth("1") == 0);
  CHECK(json_depth("{}") == 1);
  CHECK(json_depth("[[],[[]]]") == 3);
  CHECK(json_depth(R"({"a":"[[[[{{{{"})") == 1);
  CHECK(json_depth(R"({"a":"\"[[[["})") == 1);
  CHECK(json_depth(R"(["\\",[1]])") == 2);
}

TEST_CASE("valid JSON that is not an object is bad_message", "[protocol][message]") {
  for (const std::string text : {"[]", "[{\"type\":\"hello\"}]", "1", "-2.5", "true", "null",
                                 "\"hello\"", " \"type\" "}) {
    INFO("text: " << text);
    CHECK(code_of(text) == "bad_message");
  }
  auto result = parse_message("[1]");
  REQUIRE_FALSE(result.ok());
  CHECK(result.error().message.find("array") != std::string::npos);
}

TEST_CASE("an object without a string type is bad_message", "[protocol][message]") {
  for (const std::string text : {"{}", R"({"Type":"hello"})", R"({"type":null})", R"({"type":1})",
                                 R"({"type":["hello"]})", R"({"type":{}})", R"({"type":""})"}) {
    INFO("text: " << text);
    CHECK(code_of(text) == "bad_message");
  }
}

TEST_CASE("the error envelope has the documented shape", "[protocol][error]") {
  json e = error_envelope("bad_json", "unexpected end of input");
  CHECK(e == json::parse(R"({"error":{"code":"bad_json","message":"unexpected end of input"}})"));
  CHECK(e.size() == 1);
  CHECK(error_text("not_found", "no such thing") ==
        R"({"error":{"code":"not_found","message":"no such thing"}})");
}

TEST_CASE("error_text survives invalid UTF-8 in the message", "[protocol][error]") {
  std::string text;
  REQUIRE_NOTHROW(text = error_text("bad_json", "bad byte \xff here"));
  json back = json::parse(text);
  CHECK(back["error"]["code"] == "bad_json");
  CHECK(back["error"]["message"].get<std::string>().find("here") != std::string::npos);
}

TEST_CASE("a patch message carries its game, versions, operations and the answered id",
          "[protocol][message][patch]") {
  using nlohmann::json;
  const std::string ops = R"({"op":"replace","path":"/game/version","value":8})";
  const auto plain = json::parse(loyang::protocol::patch_text(12, 7, 8, ops));
  CHECK(plain == json{{"type", "patch"}, {"game", 12}, {"from", 7}, {"to", 8},
                      {"ops", json::array({json::parse(ops)})}});
  // A client's id is any string: escaped as JSON, the same text nlohmann would write.
  for (const std::string id : {"c1", "a \"quoted\" \\ id\n\t\x01", "caf\xc3\xa9", "bad \xff utf-8"}) {
    const auto text = loyang::protocol::patch_text(12, 7, 8, ops, id);
    const auto answer = json::parse(text);
    const auto written = json(id).dump(-1, ' ', false, json::error_handler_t::replace);
    CHECK(text.find(R"("id":)" + written + ",") != std::string::npos);
    CHECK(answer.at("id") == json::parse(written));
    CHECK(answer.at("ops") == plain.at("ops"));
    CHECK(answer.at("to") == 8);
  }
  CHECK(json::parse(loyang::protocol::patch_text(1, 0, 1, "")).at("ops") == json::array());
}
