// libFuzzer target: the engine command reader (protocol::parse_command) on arbitrary JSON.
// Properties: nothing throws or crashes; errors have code bad_command; a command that reads
// writes back to JSON that reads as the same command and writes the same JSON again, and
// survives the engine's binary encoding (the server's snapshots and logs).
#include "fuzz_support.hpp"
#include "loyang/engine/serialize.hpp"
#include "loyang/protocol/command_json.hpp"

using namespace loyang;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto j = fuzz::read_json(fuzz::as_text(data, size));
  if (!j) return 0;
  const auto c = protocol::parse_command(*j);
  if (!c) {
    fuzz::require(c.error().code == "bad_command", "undocumented error code " + c.error().code);
    return 0;
  }
  const auto written = protocol::command_to_json(c.value());
  const auto again = protocol::parse_command(written);
  fuzz::require(again.ok(), "a written command does not read: " + written.dump());
  fuzz::require(again.value() == c.value(), "a written command reads differently: " + written.dump());
  fuzz::require(protocol::command_to_json(again.value()) == written, "writing is not stable: " + written.dump());
  const auto decoded = engine::decode_command(engine::encode(c.value()));
  fuzz::require(decoded && *decoded == c.value(), "binary round trip fails: " + written.dump());
  return 0;
}
