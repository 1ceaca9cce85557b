// apply(): check, then perform; and the command names.
#include "command_rules.hpp"

namespace loyang::engine {

std::optional<rule_error> apply(state& s, player_id player, const command& c) {
  if (player < 0 || player >= detail::player_count(s))
    return rule_error{std::string(detail::fail::bad_player.code), std::string(detail::fail::bad_player.message)};
  return std::visit(
      [&](const auto& x) -> std::optional<rule_error> {
        if (const detail::check e = detail::check_command(s, player, x))
          return rule_error{std::string(e->code), std::string(e->message)};
        detail::perform(s, player, x);
        detail::settle(s);
        ++s.version;
        return std::nullopt;
      },
      c);
}

std::string_view command_name(const command& c) {
  static constexpr std::string_view names[] = {
      "plant_home",     "reveal_courtyard", "place_in_courtyard", "take_cards",    "choose_partner",
      "sow",            "buy",              "sell",               "trade",         "discard_helper",
      "serve_regular",  "skip_regular",     "serve_casual",       "buy_two_pack",  "keep_two_pack",
      "take_loan",      "end_turn",         "upgrade_storehouse", "discard_veg",   "advance"};
  static_assert(std::size(names) == std::variant_size_v<command>);
  return names[c.index()];
}

std::vector<player_id> to_act(const state& s) {
  if (s.current_phase == phase::finished || s.active == no_player) return {};
  return {s.active};
}

}  // namespace loyang::engine
