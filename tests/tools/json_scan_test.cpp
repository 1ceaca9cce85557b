// The load tool reads the server's messages from their text: members and elements by their
// spans, strings with escapes, nesting, and errors for text that is not the shape asked for.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "json_scan.hpp"

using namespace loyang::load;

namespace {

std::vector<std::pair<std::string, std::string>> members_of(std::string_view text) {
  std::vector<std::pair<std::string, std::string>> out;
  scan::members(text, [&](std::string_view k, std::string_view v) { out.emplace_back(k, v); });
  return out;
}

std::vector<std::string> elements_of(std::string_view text) {
  std::vector<std::string> out;
  scan::elements(text, [&](std::string_view v) { out.emplace_back(v); });
  return out;
}

}  // namespace

TEST_CASE("members and elements are the raw texts of their values", "[load][json_scan]") {
  using m = std::vector<std::pair<std::string, std::string>>;
  CHECK(members_of(R"({"from":3,"ops":[{"op":"add","path":"/a","value":{"x":[1,"]}"]}}],"to":4})") ==
        m{{"from", "3"}, {"ops", R"([{"op":"add","path":"/a","value":{"x":[1,"]}"]}}])"}, {"to", "4"}});
  CHECK(members_of(" { \"a\" : \"q\\\"}\" ,\n\"b\":\t-12 , \"c\" : null } ") ==
        m{{"a", R"("q\"}")"}, {"b", "-12"}, {"c", "null"}});
  CHECK(members_of("{}").empty());
  CHECK(members_of(R"({"k\\":"v\\\\"})") == m{{R"(k\\)", R"("v\\\\")"}});
  CHECK(elements_of(R"([ {"a":1} , [2,[3]], "s,]", true ])") ==
        std::vector<std::string>{R"({"a":1})", "[2,[3]]", R"("s,]")", "true"});
  CHECK(elements_of("[]").empty());
}

TEST_CASE("pick takes the named members and leaves the rest", "[load][json_scan]") {
  std::string_view type, ops, id = "unset";
  scan::pick(R"({"ops":[1,{"id":2}],"to":5,"type":"patch"})", {{"type", &type}, {"ops", &ops}, {"id", &id}});
  CHECK(type == R"("patch")");
  CHECK(ops == R"([1,{"id":2}])");
  CHECK(id == "unset");  // only the object's own members, not those nested in its values
}

TEST_CASE("text of the wrong shape is refused, not misread", "[load][json_scan]") {
  for (const std::string bad : {"", "[]", "{", R"({"a")", R"({"a":})", R"({"a":1,})",
                                R"({"a":"x)", R"({"a":[1,2})", R"({"a":1 "b":2})", "{a:1}"}) {
    INFO(bad);
    CHECK_THROWS_AS(members_of(bad), scan::bad_json);
  }
  for (const std::string bad : {"{}", "[1,", "[1 2]", R"(["\"])"}) {
    INFO(bad);
    CHECK_THROWS_AS(elements_of(bad), scan::bad_json);
  }
}

TEST_CASE("strings and integers are read from their text", "[load][json_scan]") {
  CHECK(scan::raw_string(R"("patch")") == "patch");
  CHECK(scan::raw_string(R"("a\"b")") == R"(a\"b)");
  CHECK_FALSE(scan::raw_string("12"));
  CHECK_FALSE(scan::raw_string("\""));
  CHECK(scan::integer("0") == 0);
  CHECK(scan::integer("4294967295") == 4294967295);
  CHECK(scan::integer("-7") == -7);
  for (const char* bad : {"", "-", "1.5", "1e3", "\"1\"", "9999999999999999999", "true"}) {
    INFO(bad);
    CHECK_FALSE(scan::integer(bad));
  }
}
