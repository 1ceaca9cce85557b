// libFuzzer target: the WebSocket client message reader (protocol::parse_client_message and
// protocol::message_id) on arbitrary text. Properties: nothing throws or crashes; errors carry
// one of the documented codes and serialise as an error envelope; an id over the limit (which
// message_id still finds, so that the refusal can carry it) is never read; a
// read command message keeps the limits and its id is the one message_id finds; its "cmd"
// reads or fails with bad_command.
#include <variant>

#include "fuzz_support.hpp"
#include "loyang/protocol/client_message.hpp"
#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/error_envelope.hpp"

using namespace loyang;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = fuzz::as_text(data, size);
  const auto message = protocol::parse_client_message(text);
  const auto id = protocol::message_id(text);
  if (id && id->size() > protocol::max_client_id_length) {
    fuzz::require(!message, "a message with an over-long id was read");
  }

  if (!message) {
    const auto& e = message.error();
    fuzz::require(e.code == "bad_json" || e.code == "bad_message" || e.code == "unknown_type",
                  "undocumented error code " + e.code);
    fuzz::require(!e.message.empty(), "an error without a message");
    (void)protocol::error_text(e.code, e.message);
    return 0;
  }
  if (const auto* c = std::get_if<protocol::command_message>(&message.value())) {
    fuzz::require(c->game >= 1, "a command for game < 1");
    fuzz::require(c->id.size() <= protocol::max_client_id_length, "a command id is too long");
    fuzz::require(id && *id == c->id, "message_id differs from the command's id");
    const auto cmd = protocol::parse_command(c->cmd);
    if (!cmd) fuzz::require(cmd.error().code == "bad_command", "command error " + cmd.error().code);
  }
  return 0;
}
