// White-box: the patch operations' JSON writer gives exactly nlohmann's compact text.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "json_text.hpp"

using nlohmann::json;

namespace {

std::string written(const json& v) {
  std::string out = "x";  // appends: what was there stays
  loyang::protocol::detail::append_json(out, v);
  return out;
}

std::string dumped(const json& v) {
  // Appended, not "x" + ...: gcc 12 misreads that as an overlapping copy (GCC bug 105651).
  return std::string("x").append(v.dump(-1, ' ', false, json::error_handler_t::replace));
}

}  // namespace

TEST_CASE("append_json writes what dump writes", "[protocol][json_text]") {
  const json values[] = {
      nullptr, true, false, 0, -1, 42, std::int64_t(-9223372036854775807LL) - 1,
      std::uint64_t(18446744073709551615ULL), 1.5, -0.25, 1e300,
      "", "wheat", "quote \" backslash \\ slash /", "\b\f\n\r\t", std::string("\x01\x1f\x7f", 3),
      "caf\xc3\xa9 \xe2\x82\xac",  // valid UTF-8, written as is
      "bad \xff\xfe utf-8",        // invalid: replaced, as dump does
      json::array(), json::object(), json::array({1, "two", nullptr, json::array({3})}),
      json{{"b", 1}, {"a", json{{"c", json::array({true, "\n"})}}}, {"k\"ey", "v"}},
      json{{"tab\tkey\x01", 1}, {"caf\xc3\xa9", 2}, {"bad\xff", 3}},
  };
  for (const auto& v : values) {
    INFO(dumped(v));
    CHECK(written(v) == dumped(v));
  }
}
