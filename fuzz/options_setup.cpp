// libFuzzer target: the game options and setup readers (protocol::parse_options, parse_setup),
// and a new game from what they read. The input is JSON; the whole document goes to both
// readers, and an object {"options": ..., "setup": ..., "seed": n} also starts a game.
// Properties: nothing throws but new_game's documented std::invalid_argument; errors have
// their documented codes; what reads writes back to JSON that reads the same; read options
// pass engine::validate; a game that starts keeps engine::check_invariants.
#include "fuzz_support.hpp"
#include "loyang/engine/game.hpp"
#include "loyang/protocol/options_json.hpp"
#include "loyang/protocol/setup_json.hpp"

#include <stdexcept>

using namespace loyang;

namespace {

std::optional<engine::options> read_options(const nlohmann::json& j) {
  const auto o = protocol::parse_options(j);
  if (!o) {
    fuzz::require(o.error().code == "bad_options", "undocumented options error " + o.error().code);
    return std::nullopt;
  }
  fuzz::require(!engine::validate(o.value()), "read options fail engine::validate");
  const auto again = protocol::parse_options(protocol::options_to_json(o.value()));
  fuzz::require(again && again.value() == o.value(), "options do not read back the same");
  return o.value();
}

std::optional<engine::setup_override> read_setup(const nlohmann::json& j) {
  const auto s = protocol::parse_setup(j);
  if (!s) {
    fuzz::require(s.error().code == "bad_setup", "undocumented setup error " + s.error().code);
    return std::nullopt;
  }
  const auto written = protocol::setup_to_json(s.value());
  const auto again = protocol::parse_setup(written);
  fuzz::require(again.ok(), "a written setup does not read: " + written.dump());
  fuzz::require(protocol::setup_to_json(again.value()) == written, "a setup does not read back the same");
  return s.value();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto j = fuzz::read_json(fuzz::as_text(data, size));
  if (!j) return 0;
  read_options(*j);
  read_setup(*j);
  if (!j->is_object() || !j->contains("options")) return 0;
  const auto o = read_options(j->at("options"));
  const auto s = read_setup(j->contains("setup") ? j->at("setup") : nlohmann::json::object());
  if (!o || !s) return 0;
  std::uint64_t seed = 1;
  if (const auto it = j->find("seed"); it != j->end() && it->is_number_unsigned()) seed = it->get<std::uint64_t>();
  try {
    const auto game = engine::new_game(*o, seed, *s);
    const auto violations = engine::check_invariants(game);
    fuzz::require(violations.empty(), "a set-up game breaks an invariant: " +
                                          (violations.empty() ? std::string() : violations.front()));
  } catch (const std::invalid_argument&) {
    // An impossible setup (a card twice, wrong sizes): documented, the caller answers it.
  }
  return 0;
}
