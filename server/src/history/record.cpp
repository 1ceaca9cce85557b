#include "record.hpp"

#include <cstdio>

#include "../games/bot_levels.hpp"
#include "../games/result.hpp"
#include "loyang/protocol/options_json.hpp"
#include "loyang/protocol/state_json.hpp"

namespace loyang::server::history {

nlohmann::json record_json(const game_record& g, const engine::state& final_state,
                           const game_log& log, const std::vector<std::string>& names) {
  auto players = nlohmann::json::array();
  for (std::size_t i = 0; i < g.seats.size(); ++i) {
    players.push_back({{"seat", i},
                       {"name", i < names.size() ? names[i] : std::string()},
                       {"bot", bot_seats::level_json(g, i)},
                       {"gone", games::gone_json(g.seats[i])}});
  }
  auto commands = nlohmann::json::array();
  for (std::size_t i = 0; i < log.size(); ++i) {
    const auto& e = log[i];
    commands.push_back({{"version", e.version},
                        {"player", e.player},
                        {"cmd", nlohmann::json::parse(log.command_text(i))},
                        {"at", e.at}});
  }
  const auto state = protocol::state_to_json(final_state, true);
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx",
                static_cast<unsigned long long>(engine::state_hash(final_state)));
  return {{"format", "loyang-record"},
          {"format_version", 1},
          {"game", g.id},
          {"options", protocol::options_to_json(g.options)},
          {"seed", std::to_string(g.seed)},
          {"setup", nullptr},
          {"players", std::move(players)},
          {"created_at", g.created_at},
          {"finished_at", log.empty() ? g.updated_at : log.back().at},
          {"commands", std::move(commands)},
          {"result", {{"ranking", state.value("ranking", nlohmann::json::array())},
                      {"solo_result", state.value("solo_result", nlohmann::json(nullptr))}}},
          // The server's result: how the game ended, who left, resigners ranked last.
          {"outcome", g.result},
          {"state_hash", hash}};
}

}  // namespace loyang::server::history
