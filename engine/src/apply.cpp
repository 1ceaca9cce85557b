// apply(): check, then perform; undo within a turn; the command names.
#include "command_rules.hpp"

namespace loyang::engine {
namespace {

rule_error to_error(detail::check e) { return rule_error{std::string(e->code), std::string(e->message)}; }

/// Whether `c`, applied by `p` to `before`, can be taken back: only the active player's own
/// Action phase commands that reveal nothing, use no randomness, leave other players' areas
/// alone and do not end the turn.
bool undoable(const state& before, player_id p, const command& c) {
  if (p != before.active || before.current_phase != phase::action) return false;
  return std::visit(
      [](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        // Randomness or hidden information, the end of the turn, other players' areas.
        return !(std::is_same_v<T, cmd::buy_two_pack> || std::is_same_v<T, cmd::advance> ||
                 std::is_same_v<T, cmd::choose_partner> || std::is_same_v<T, cmd::tenant_buy_field> ||
                 std::is_same_v<T, cmd::tenant_swap_field> || std::is_same_v<T, cmd::con_man> ||
                 std::is_same_v<T, cmd::deliveryman> || std::is_same_v<T, cmd::market_woman> ||
                 std::is_same_v<T, cmd::subsistence_farmer> || std::is_same_v<T, cmd::tout_swap> ||
                 std::is_same_v<T, cmd::tout_buy> || std::is_same_v<T, cmd::trader> ||
                 std::is_same_v<T, cmd::foreman_take> || std::is_same_v<T, cmd::foreman_pass>);
      },
      c);
}

detail::check check_undo(const state& s, player_id p) {
  if (s.current_phase == phase::finished) return &detail::fail::game_over;
  if (p != s.active) return &detail::fail::not_your_turn;
  if (s.undo_log.empty()) return &detail::fail::nothing_to_undo;
  return detail::ok;
}

void perform_undo(state& s) {
  // The engine is deterministic: replaying the turn's commands but the last one rebuilds the
  // earlier state exactly.
  state restored = *s.undo_base.get();
  auto log = std::move(s.undo_log);
  log.pop_back();
  for (const auto& [q, c] : log) apply(restored, q, c);
  restored.version = s.version;
  s = std::move(restored);
}

}  // namespace

std::optional<rule_error> apply(state& s, player_id player, const command& c) {
  if (player < 0 || player >= detail::player_count(s)) return to_error(&detail::fail::bad_player);
  if (std::holds_alternative<cmd::undo>(c)) {
    if (const auto e = check_undo(s, player)) return to_error(e);
    perform_undo(s);
    ++s.version;
    return std::nullopt;
  }
  return std::visit(
      [&](const auto& x) -> std::optional<rule_error> {
        if constexpr (std::is_same_v<std::decay_t<decltype(x)>, cmd::undo>) {
          return std::nullopt;  // handled above
        } else {
          if (const detail::check e = detail::check_command(s, player, x)) return to_error(e);
          const bool can_undo = undoable(s, player, c);
          if (can_undo && !s.undo_base) s.undo_base = undo_point(s);
          detail::perform(s, player, x);
          detail::settle(s);
          ++s.version;
          if (can_undo && s.active == player && s.current_phase == phase::action &&
              s.current_step != step::foreman) {
            s.undo_log.emplace_back(player, c);
          } else {
            s.undo_base = {};
            s.undo_log.clear();
          }
          return std::nullopt;
        }
      },
      c);
}

void apply_legal(state& s, player_id player, const command& c) {
  std::visit(
      [&](const auto& x) {
        if constexpr (!std::is_same_v<std::decay_t<decltype(x)>, cmd::undo>) {  // not allowed here
          detail::perform(s, player, x);
          detail::settle(s);
          ++s.version;
          s.undo_base = {};
          s.undo_log.clear();
        }
      },
      c);
}

bool undo_available(const state& s, player_id player) { return check_undo(s, player) == detail::ok; }

std::string_view command_name(const command& c) {
  static constexpr std::string_view names[] = {
      "plant_home",     "reveal_courtyard", "place_in_courtyard", "take_cards",    "choose_partner",
      "sow",            "buy",              "sell",               "trade",         "discard_helper",
      "serve_regular",  "skip_regular",     "serve_casual",       "buy_two_pack",  "keep_two_pack",
      "take_loan",      "end_turn",         "upgrade_storehouse", "discard_veg",   "advance",
      "undo",           "use_book_keeper",  "shop_add",           "shop_remove",   "book_keeper_done",
      "con_man",        "deliveryman",      "foreman_take",       "foreman_pass",  "haggler",
      "shopper",        "merchant",         "harvest_helper",     "skip_harvest_helper",
      "activate_helper", "saleswoman_blue", "market_crier_refill", "market_crier_sell",
      "market_woman",   "serve_regular_twice", "plough_clear",    "plough_harvest", "squire_take",
      "finish_taking",  "subsistence_farmer", "tenant_buy_field", "tenant_swap_field", "tout_swap",
      "tout_buy",       "trader",          "buy_from_offer", "finish_offer", "con_man_offer",
      "subsistence_farmer_supply", "activate_saleswoman_blue"};
  static_assert(std::size(names) == std::variant_size_v<command>);
  return names[c.index()];
}

std::vector<player_id> to_act(const state& s) {
  if (s.current_phase == phase::finished || s.active == no_player) return {};
  return {s.active};
}

}  // namespace loyang::engine
