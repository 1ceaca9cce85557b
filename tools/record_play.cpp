#include "record_play.hpp"

#include <charconv>
#include <cstdio>
#include <exception>
#include <ostream>
#include <string>

#include "loyang/engine/game.hpp"
#include "loyang/protocol/engine_json.hpp"

namespace loyang::tools {
namespace {

using nlohmann::json;

struct malformed {
  std::string message;
};

const json& field(const json& doc, const char* key) {
  const auto it = doc.find(key);
  if (it == doc.end()) throw malformed{std::string("the record has no \"") + key + "\""};
  return *it;
}

std::uint64_t read_seed(const json& j) {
  if (j.is_string()) {
    const auto& text = j.get_ref<const std::string&>();
    std::uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (ec == std::errc() && end == text.data() + text.size() && !text.empty()) return seed;
  }
  throw malformed{"\"seed\" must be a decimal string"};
}

std::string hex(std::uint64_t h) {
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

}  // namespace

bool is_record(const json& doc) {
  return doc.is_object() && doc.contains("format") && doc["format"] == "loyang-record";
}

int run_record(const json& doc, std::ostream& out, std::ostream& err) {
  try {
    if (field(doc, "format_version") != 1) {
      throw malformed{"this program reads records of format_version 1"};
    }
    // A record downloaded before rules editions existed names none: it was played, and
    // replays, under edition 1 (a new game's options always name theirs).
    const auto opts = protocol::parse_options(field(doc, "options"), engine::first_edition);
    if (!opts) throw malformed{"\"options\": " + opts.error().message};
    const auto seed = read_seed(field(doc, "seed"));
    engine::setup_override setup;
    if (const auto& s = field(doc, "setup"); !s.is_null()) {
      auto parsed = protocol::parse_setup(s);
      if (!parsed) throw malformed{"\"setup\": " + parsed.error().message};
      setup = std::move(parsed.value());
    }
    const auto& commands = field(doc, "commands");
    if (!commands.is_array()) throw malformed{"\"commands\" must be a list"};
    const auto& expected = field(doc, "state_hash");
    if (!expected.is_string()) throw malformed{"\"state_hash\" must be 16 hex digits"};

    engine::state s;
    try {
      s = engine::new_game(opts.value(), seed, setup);
    } catch (const std::invalid_argument& e) {
      throw malformed{std::string("impossible setup: ") + e.what()};
    }
    json results = json::array();
    for (std::size_t i = 0; i < commands.size(); ++i) {
      const auto& entry = commands[i];
      const auto version = i + 1;
      const auto bad = [&](const std::string& why) {
        err << "loyang play: the record does not replay at version " << version << ": " << why << '\n';
        return 1;
      };
      if (!entry.is_object() || !entry.contains("version") || !entry.contains("player") ||
          !entry.contains("cmd") || !entry["player"].is_number_integer()) {
        throw malformed{"command " + std::to_string(i) + " must be {\"version\", \"player\", \"cmd\", \"at\"}"};
      }
      if (entry["version"] != version) {
        return bad("the commands are not in version order (found version " + entry["version"].dump() + ")");
      }
      const auto player = entry["player"].get<int>();
      if (player < 0 || player > 127) return bad("no seat " + std::to_string(player));
      const auto c = protocol::parse_command(entry["cmd"]);
      if (!c) return bad("the command does not parse: " + c.error().message);
      if (const auto e = engine::apply(s, engine::player_id(player), c.value())) {
        return bad("the command is refused: " + e->code + ": " + e->message);
      }
      results.push_back({{"ok", true}});
    }
    const auto hash = hex(engine::state_hash(s));
    if (hash != expected.get<std::string>()) {
      err << "loyang play: the record does not replay at version " << commands.size()
          << ": the final state's hash is " << hash << ", the record says "
          << expected.get<std::string>() << '\n';
      return 1;
    }
    out << json{{"results", std::move(results)}, {"state", protocol::state_to_json(s, true)}}.dump(2)
        << '\n';
    return 0;
  } catch (const malformed& m) {
    err << "loyang play: not a valid record: " << m.message << '\n';
    return 2;
  } catch (const std::exception& e) {  // e.g. a fixed reshuffle in its setup that does not fit
    err << "loyang play: not a valid record: " << e.what() << '\n';
    return 2;
  }
}

}  // namespace loyang::tools
