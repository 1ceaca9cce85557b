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

}  // namespace

engine::state state_at(const engine::state& start, const game_log& log, std::uint32_t version) {
  if (version > log.size()) throw std::out_of_range("no such version");
  const auto* kept = log.checkpoint_at_or_before(version);
  engine::state s = kept ? *kept : start;
  for (std::uint32_t i = s.version; i < version; ++i) replay_entry(s, log[i], nullptr);
  return s;
}

std::string view_text_at(const engine::state& start, const game_log& log, std::uint32_t version,
                         const viewer_choice& viewer) {
  log.keep_checkpoints(start);  // stepping through a game: each view replays fewer commands
  const engine::state s = state_at(start, log, version);
  if (viewer.what != viewer_choice::kind::all) {
    auto view = protocol::client_view(s, viewer.engine_viewer(), protocol::moment::past);
    return with_log(view, log.array_text(start, viewer.engine_viewer(), version, true));
  }
  auto to_act = nlohmann::json::array();
  for (const auto p : engine::to_act(s)) to_act.push_back(p);
  const nlohmann::json view{{"game", protocol::state_to_json(s, true)},
                            {"seat", nullptr},
                            {"legal", nlohmann::json::array()},
                            {"to_act", std::move(to_act)}};
  return with_log(view, log.unredacted_array_text(start, version));
}

}  // namespace loyang::server::history
