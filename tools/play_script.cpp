// `loyang play`: a scripted game from JSON.
#include "play_script.hpp"

#include <charconv>
#include <iostream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>

#include "loyang/engine/game.hpp"
#include "loyang/protocol/engine_json.hpp"
#include "play_trace.hpp"
#include "record_play.hpp"

namespace loyang::tools {
namespace {

using nlohmann::json;

/// Thrown for an invalid script; caught in run_play.
struct bad_script {
  std::string message;
};

std::uint64_t read_seed(const json& j) {
  if (j.is_number_unsigned()) return j.get<std::uint64_t>();
  if (j.is_string()) {
    const auto& text = j.get_ref<const std::string&>();
    std::uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (ec == std::errc() && end == text.data() + text.size() && !text.empty()) return seed;
  }
  throw bad_script{"\"seed\" must be a non-negative integer or a decimal string"};
}

engine::player_id read_player(const json& entry, std::size_t i) {
  const auto it = entry.find("player");
  if (it == entry.end() || !it->is_number_integer() || it->get<long long>() < 0 || it->get<long long>() > 127)
    throw bad_script{"command " + std::to_string(i) + " needs a \"player\" seat number"};
  return static_cast<engine::player_id>(it->get<int>());
}

json error_json(const std::string& code, const std::string& message) {
  return {{"ok", false}, {"error", {{"code", code}, {"message", message}}}};
}

json run(const json& script, std::ostream* trace) {
  if (!script.is_object()) throw bad_script{"the script must be a JSON object"};
  for (const auto& [key, value] : script.items())
    if (key != "options" && key != "seed" && key != "setup" && key != "commands")
      throw bad_script{"unknown script field \"" + key + "\""};
  if (!script.contains("options")) throw bad_script{"the script needs \"options\""};
  const auto opts = protocol::parse_options(script["options"]);
  if (!opts) throw bad_script{opts.error().message};
  const std::uint64_t seed = script.contains("seed") ? read_seed(script["seed"]) : 1;
  engine::setup_override setup;
  if (script.contains("setup")) {
    auto parsed = protocol::parse_setup(script["setup"]);
    if (!parsed) throw bad_script{parsed.error().message};
    setup = std::move(parsed.value());
  }
  const json empty = json::array();
  const json& commands = script.contains("commands") ? script["commands"] : empty;
  if (!commands.is_array()) throw bad_script{"\"commands\" must be a list"};

  engine::state s;
  try {
    s = engine::new_game(opts.value(), seed, setup);
  } catch (const std::invalid_argument& e) {
    throw bad_script{std::string("impossible setup: ") + e.what()};
  }
  json results = json::array();
  engine::undo_tracker undo;
  for (std::size_t i = 0; i < commands.size(); ++i) {
    const json& entry = commands[i];
    if (!entry.is_object() || !entry.contains("cmd"))
      throw bad_script{"command " + std::to_string(i) + " must be {\"player\": n, \"cmd\": {...}}"};
    const auto player = read_player(entry, i);
    const auto c = protocol::parse_command(entry["cmd"]);
    engine::event_list events;
    if (!c) {
      results.push_back(error_json(c.error().code, c.error().message));
    } else if (const auto e = engine::apply(s, player, c.value(), trace ? &events : nullptr)) {
      results.push_back(error_json(e->code, e->message));
    } else {
      results.push_back({{"ok", true}});
      if (trace) undo.on_applied(s.version, events, s);
    }
    if (trace) *trace << trace_line(i, player, entry["cmd"], results.back(), s, events).dump() << '\n';
  }
  return {{"results", std::move(results)}, {"state", protocol::state_to_json(s, true)}};
}

}  // namespace

int run_play(std::istream& in, std::ostream& out, std::ostream& err, bool trace) {
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    err << "loyang play: cannot read the script\n";
    return 2;
  }
  const json script = json::parse(text, nullptr, false);
  if (script.is_discarded()) {
    err << "loyang play: the script is not valid JSON\n";
    return 2;
  }
  if (is_record(script)) return run_record(script, out, err);
  try {
    out << run(script, trace ? &out : nullptr).dump(trace ? -1 : 2) << '\n';
    return 0;
  } catch (const bad_script& e) {
    err << "loyang play: " << e.message << '\n';
    return 2;
  } catch (const std::invalid_argument& e) {  // a fixed reshuffle that does not fit, met in play
    err << "loyang play: impossible setup: " << e.what() << '\n';
    return 2;
  }
}

}  // namespace loyang::tools
