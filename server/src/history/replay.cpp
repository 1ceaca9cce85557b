#include "replay.hpp"

#include <stdexcept>

#include "loyang/protocol/client_view.hpp"
#include "loyang/protocol/state_json.hpp"

namespace loyang::server::history {
namespace {

// `view` (an object, without "log") with `"log": log_text` added, as text: the log is kept as
// text and is most of the answer, so it is never parsed.
std::string with_log(const nlohmann::json& view, const std::string& log_text) {
  std::string out = view.dump();
  out.pop_back();  // '}'
  out.reserve(out.size() + log_text.size() + 8);
  out += R"(,"log":)";
  out += log_text;
  out += '}';
  return out;
}

// The game's full state at `version` (0 .. log.size()): the log's nearest kept state, or
// `start`, and the commands after it replayed.
engine::state state_at(const engine::state& start, const game_log& log, std::uint32_t version) {
  const auto* kept = log.checkpoint_at_or_before(version);
  engine::state s = kept ? *kept : start;
  for (std::uint32_t i = s.version; i < version; ++i) replay_entry(s, log[i], nullptr);
  return s;
}

}  // namespace

std::string view_text_at(const engine::state& start, const game_log& log, std::uint32_t version,
                         const viewer_choice& viewer) {
  if (version > log.size()) throw std::out_of_range("no such version");
  // The log's texts first: the replay that makes them (once per viewer until the log changes)
  // also keeps the states state_at starts from.
  const bool all = viewer.what == viewer_choice::kind::all;
  const std::string log_text = all ? log.unredacted_array_text(start, version)
                                   : log.array_text(start, viewer.engine_viewer(), version, true);
  const engine::state s = state_at(start, log, version);
  if (!all) {
    return with_log(protocol::client_view(s, viewer.engine_viewer(), protocol::moment::past), log_text);
  }
  auto to_act = nlohmann::json::array();
  for (const auto p : engine::to_act(s)) to_act.push_back(p);
  const nlohmann::json view{{"game", protocol::state_to_json(s, true)},
                            {"seat", nullptr},
                            {"legal", nlohmann::json::array()},
                            {"to_act", std::move(to_act)}};
  return with_log(view, log_text);
}

}  // namespace loyang::server::history
