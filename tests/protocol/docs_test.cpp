// docs/protocol.md stays in step with the code: every command has an example that reads back
// to itself, and every rule error code of engine/src/errors.hpp and every code the server sends
// (server/src/) is listed, and the card table is the engine's card data.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>

#include "loyang/engine/data.hpp"
#include "event_samples.hpp"
#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/event_json.hpp"

using nlohmann::json;
using namespace loyang;

namespace {

/// A path in the source tree (LOYANG_SOURCE_DIR, from CMake: __FILE__ may be relative to the
/// build directory, e.g. under ccache's base_dir, while tests run elsewhere).
std::filesystem::path source_path(const std::string& relative) {
  return std::filesystem::path(LOYANG_SOURCE_DIR) / relative;
}

/// A file of the source tree.
std::string source_file(const std::string& relative) {
  std::ifstream in(source_path(relative));
  INFO("reading " << source_path(relative).string());
  REQUIRE(in.good());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("every command has a documented example that reads back to itself", "[protocol][docs]") {
  std::string doc = source_file("docs/protocol.md");
  doc = doc.substr(0, doc.find("# The server: HTTP API"));  // the server's messages follow
  std::set<std::string> documented;
  // The examples are the last cells of the command tables: | `{"type": ...}` |
  const std::string start = "| `{\"type\"";
  for (auto at = doc.find(start); at != std::string::npos; at = doc.find(start, at + 1)) {
    const auto from = at + 3;
    const auto end = doc.find('`', from);
    REQUIRE(end != std::string::npos);
    const std::string example = doc.substr(from, end - from);
    INFO(example);
    const json j = json::parse(example, nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    const auto c = protocol::parse_command(j);
    REQUIRE(c.ok());
    CHECK(protocol::command_to_json(c.value()) == j);
    documented.insert(j["type"].get<std::string>());
  }
  // Every alternative of the command variant, by name.
  const auto each = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::set<std::string>{std::string(engine::command_name(engine::command(std::in_place_index<I>)))...};
  };
  for (const auto& name : each(std::make_index_sequence<std::variant_size_v<engine::command>>{})) {
    INFO(name);
    CHECK(documented.count(name) == 1);
  }
}

TEST_CASE("every rule error code is documented", "[protocol][docs]") {
  const std::string doc = source_file("docs/protocol.md");
  const std::string errors = source_file("engine/src/errors.hpp");
  const std::string start = "LOYANG_FAIL(";
  std::size_t codes = 0;
  for (auto at = errors.find(start); at != std::string::npos; at = errors.find(start, at + 1)) {
    const auto name_at = at + start.size();
    const std::string code = errors.substr(name_at, errors.find(',', name_at) - name_at);
    if (code == "name") continue;  // the macro's definition
    INFO(code);
    CHECK(doc.find("| `" + code + "` |") != std::string::npos);
    ++codes;
  }
  CHECK(codes > 40);
}

TEST_CASE("every error code the server sends is documented", "[protocol][docs]") {
  const std::string doc = source_file("docs/protocol.md");
  // The places the server names a code: error(status, "code", ...), reject(who, id, "code",
  // ...), send_error(id, "code", ...), room grants {nullptr, seat, "code", ...} and
  // error_response(req, status, "code", ...).
  const std::regex pattern(
      R"re((?:error\(http::status::\w+,|reject\([^,]+,[^,]+,|send_error\([^,]+,|no_player,|error_response\(\w+, http::status::\w+,)\s*"([a-z_]+)")re");
  std::size_t codes = 0;
  const auto root = source_path("server/src");
  // Recursive: capabilities live in folders of their own (server/src/accounts/).
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    const std::string text =
        source_file("server/src/" + std::filesystem::relative(entry.path(), root).string());
    for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) {
      const std::string code = (*it)[1];
      INFO(entry.path().filename() << ": " << code);
      CHECK(doc.find("`" + code + "`") != std::string::npos);
      ++codes;
    }
  }
  CHECK(codes > 25);
}

namespace {

std::string veg_name(engine::veg v) { return std::string(engine::to_string(v)); }

/// The row docs/protocol.md's card table must have for card `c`, made from the engine's data.
std::string card_row(engine::card_id c) {
  const auto& info = engine::card(c);
  std::string kind, details;
  switch (info.kind) {
    case engine::card_kind::common_field:
      kind = "common_field";
      details = std::to_string(info.field_size) + " spaces";
      break;
    case engine::card_kind::market_stall:
      kind = "market_stall";
      details = "goods (vegetables to give): ";
      for (std::size_t i = 0; i < 3; ++i) {
        details += (i ? ", " : "") + veg_name(info.goods[i]) + " (" + std::to_string(info.costs[i]) + ")";
      }
      break;
    case engine::card_kind::regular:
      kind = "regular";
      details = "wants " + veg_name(info.wants[0]) + " and " + veg_name(info.wants[1]) + "; pays ";
      for (std::size_t i = 0; i < 4; ++i) details += (i ? ", " : "") + std::to_string(info.pays[i]);
      if (info.start) details += "; START";
      break;
    case engine::card_kind::casual:
      kind = "casual";
      details = "wants " + veg_name(info.goods[0]) + ", " + veg_name(info.goods[1]) + ", " +
                veg_name(info.goods[2]) + "; pays " + std::to_string(info.pays[0]);
      break;
    case engine::card_kind::helper:
      kind = "helper";
      break;
  }
  return "| `" + std::string(info.id) + "` | `" + kind + "` | " + details + (details.empty() ? "|" : " |");
}

}  // namespace

TEST_CASE("the card table of docs/protocol.md is the engine's, card for card", "[protocol][docs]") {
  // The table lies between the "| Card | Kind | Details |" header (and its rule) and the next
  // blank line; it is written from the engine's table (engine/src/data.cpp) and must stay so.
  const std::string doc = source_file("docs/protocol.md");
  const std::string header = "| Card | Kind | Details |\n|---|---|---|\n";
  const auto at = doc.find(header);
  REQUIRE(at != std::string::npos);
  const auto from = at + header.size();
  const std::string table = doc.substr(from, doc.find("\n\n", from) - from + 1);
  std::string expected;
  for (int c = 0; c < engine::action_card_count; ++c) expected += card_row(engine::card_id(c)) + "\n";
  INFO("the table as the engine has it:\n" << expected);
  CHECK(table == expected);
}

TEST_CASE("every event type has a documented example, which is what the code writes", "[protocol][docs][events]") {
  // The examples are the lines of the first ```json block after "One example of each" in the
  // "Events" section.
  const std::string doc = source_file("docs/protocol.md");
  const auto section = doc.find("\n## Events\n");
  REQUIRE(section != std::string::npos);
  const auto intro = doc.find("One example of each", section);
  REQUIRE(intro != std::string::npos);
  const auto from = doc.find("```json\n", intro) + 8;
  const auto to = doc.find("```", from);
  std::istringstream lines(doc.substr(from, to - from));
  std::map<std::string, json> documented;
  for (std::string line; std::getline(lines, line);) {
    INFO(line);
    const json j = json::parse(line, nullptr, false);
    REQUIRE(j.is_object());
    CHECK(documented.emplace(j["type"].get<std::string>(), j).second);  // one each
  }
  const auto samples = protocol::test::event_samples();
  CHECK(documented.size() == samples.size());
  for (const auto& e : samples) {
    const std::string type(engine::event_name(e));
    INFO(type);
    REQUIRE(documented.count(type) == 1);
    CHECK(protocol::event_to_json(e) == documented[type]);
    // The table lists it too.
    CHECK(doc.find("| `" + type + "` |", section) != std::string::npos);
  }
}
