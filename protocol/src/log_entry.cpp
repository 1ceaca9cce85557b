#include "loyang/protocol/log_entry.hpp"

namespace loyang::protocol {

std::string log_entry_text(std::uint32_t version, engine::player_id player,
                           std::string_view cmd_text, std::int64_t at,
                           std::string_view events_text, std::size_t* cmd_offset) {
  std::string out;
  out.reserve(cmd_text.size() + events_text.size() + 64);
  out += R"({"at":)";
  out += std::to_string(at);
  out += R"(,"cmd":)";
  if (cmd_offset) *cmd_offset = out.size();
  out += cmd_text;
  out += R"(,"events":)";
  out += events_text;
  out += R"(,"player":)";
  out += std::to_string(int(player));
  out += R"(,"version":)";
  out += std::to_string(version);
  out += '}';
  return out;
}

}  // namespace loyang::protocol
